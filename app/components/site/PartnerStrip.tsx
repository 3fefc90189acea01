/**
 * Business tools resellers already run. Our own simple marks (a monogram in the tool's colour
 * family), never the companies' logo files.
 */
const PARTNERS = [
  { name: "Salesforce", mark: "Sf", color: "text-sky-600" },
  { name: "HubSpot", mark: "Hs", color: "text-orange-600" },
  { name: "ConnectWise", mark: "Cw", color: "text-blue-700" },
  { name: "QuickBooks", mark: "Qb", color: "text-green-700" },
  { name: "Microsoft 365", mark: "M", color: "text-red-700" },
  { name: "Google Workspace", mark: "G", color: "text-blue-600" },
  { name: "Slack", mark: "S", color: "text-fuchsia-800" },
  { name: "Zapier", mark: "Z", color: "text-orange-700" },
] as const;

export function PartnerStrip() {
  return (
    <section
      aria-labelledby="partners-title"
      className="border-y border-slate-200 py-12 dark:border-slate-800"
    >
      <div className="mx-auto max-w-6xl px-4 sm:px-6">
        <h2
          id="partners-title"
          className="text-center text-sm font-semibold text-slate-600 dark:text-slate-400"
        >
          Connects with the tools your team already uses (integrations roll out through the beta)
        </h2>
        <ul className="mt-8 flex flex-wrap items-center justify-center gap-x-10 gap-y-6">
          {PARTNERS.map((partner) => (
            <li
              key={partner.name}
              className="flex items-center gap-2.5 text-slate-700 dark:text-slate-300"
            >
              <svg aria-hidden="true" viewBox="0 0 32 32" className="size-8">
                <rect width="32" height="32" rx="8" className={`fill-current ${partner.color}`} />
                <text
                  x="16"
                  y="21"
                  textAnchor="middle"
                  className="fill-white text-[13px] font-bold"
                  fontFamily="inherit"
                >
                  {partner.mark}
                </text>
              </svg>
              <span className="font-semibold">{partner.name}</span>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
