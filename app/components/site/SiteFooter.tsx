import { Link } from "react-router";
import { Brand } from "#app/components/Brand.tsx";

/**
 * The footer's in-page anchors are the spec's (#features … #compliance); each points at the page
 * that holds that section, so they work from every page (docs/decisions/0006).
 */
const COLUMNS = [
  {
    title: "Product",
    links: [
      { href: "/#features", label: "Features" },
      { href: "/#enterprise", label: "Enterprise" },
      { href: "/#security", label: "Security" },
      { href: "/#beta", label: "Beta Program" },
    ],
  },
  {
    title: "Company",
    links: [
      { href: "/about", label: "About" },
      { href: "/#blog", label: "Blog" },
      { href: "/about#careers", label: "Careers" },
      { href: "/about#contact", label: "Contact" },
    ],
  },
  {
    title: "Legal",
    links: [
      { href: "/legal#privacy", label: "Privacy" },
      { href: "/legal#terms", label: "Terms" },
      { href: "/legal#compliance", label: "Compliance" },
    ],
  },
] as const;

const SOCIAL = [
  {
    label: "Carrierline on LinkedIn",
    href: "https://www.linkedin.com/company/carrierline",
    path: "M4.98 3.5a2.5 2.5 0 1 1 0 5 2.5 2.5 0 0 1 0-5ZM3 9.75h4v11H3v-11Zm6.5 0h3.83v1.5h.05c.53-1 1.84-2.06 3.79-2.06 4.05 0 4.8 2.67 4.8 6.14v5.42h-4v-4.8c0-1.15-.02-2.62-1.6-2.62-1.6 0-1.84 1.25-1.84 2.54v4.88h-4v-11Z",
  },
  {
    label: "Carrierline on X",
    href: "https://x.com/carrierline",
    path: "M17.75 3h3.07l-6.7 7.66L22 21h-6.17l-4.83-6.32L5.47 21H2.4l7.17-8.2L2 3h6.33l4.37 5.77L17.75 3Zm-1.08 16.2h1.7L7.4 4.73H5.58L16.67 19.2Z",
  },
  {
    label: "Carrierline on YouTube",
    href: "https://www.youtube.com/@carrierline",
    path: "M23 7.2a3 3 0 0 0-2.1-2.1C19 4.6 12 4.6 12 4.6s-7 0-8.9.5A3 3 0 0 0 1 7.2 31 31 0 0 0 .5 12a31 31 0 0 0 .5 4.8 3 3 0 0 0 2.1 2.1c1.9.5 8.9.5 8.9.5s7 0 8.9-.5a3 3 0 0 0 2.1-2.1c.4-1.6.5-3.2.5-4.8s-.1-3.2-.5-4.8ZM9.75 15.1V8.9L15.5 12l-5.75 3.1Z",
  },
] as const;

const linkClass =
  "text-sm text-slate-600 transition-colors hover:text-slate-900 dark:text-slate-400 dark:hover:text-white";

export function SiteFooter() {
  return (
    <footer className="border-t border-slate-200 dark:border-slate-800">
      <div className="mx-auto grid max-w-6xl gap-10 px-4 py-12 sm:grid-cols-2 sm:px-6 md:grid-cols-4">
        <div className="space-y-4">
          <Brand />
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Quote, sell and track business wireless from AT&amp;T, Verizon and T-Mobile in one
            place.
          </p>
          <ul className="flex gap-2" aria-label="Social media">
            {SOCIAL.map((item) => (
              <li key={item.href}>
                <a
                  href={item.href}
                  rel="noopener noreferrer"
                  target="_blank"
                  className="grid size-9 place-items-center rounded-lg text-slate-500 transition-colors hover:bg-slate-100 hover:text-slate-900 dark:text-slate-400 dark:hover:bg-slate-800 dark:hover:text-white"
                >
                  <svg
                    aria-hidden="true"
                    viewBox="0 0 24 24"
                    className="size-5"
                    fill="currentColor"
                  >
                    <path d={item.path} />
                  </svg>
                  <span className="sr-only">{item.label}</span>
                </a>
              </li>
            ))}
          </ul>
        </div>
        {COLUMNS.map((column) => (
          <div key={column.title}>
            <h2 className="text-sm font-semibold">{column.title}</h2>
            <ul className="mt-3 space-y-2">
              {column.links.map((link) => (
                <li key={link.label}>
                  <Link to={link.href} className={linkClass}>
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </div>
        ))}
      </div>
      <div className="border-t border-slate-200 py-6 text-center text-sm text-slate-600 dark:border-slate-800 dark:text-slate-400">
        {`© ${new Date().getFullYear()} Carrierline. All rights reserved.`}
      </div>
    </footer>
  );
}
