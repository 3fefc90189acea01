import { DEVICE_COLUMN_KEYS, DEVICE_COLUMN_LABELS } from "#app/lib/schemas/device-query.ts";
import type { Route } from "./+types/docs-certified-devices";

export const meta: Route.MetaFunction = () => [
  { title: "Certified devices guide | Carrierline" },
  {
    name: "description",
    content:
      "What carrier device certification means, how to search the certified devices directory, and what each column tells you.",
  },
];

const COLUMN_HELP: Record<(typeof DEVICE_COLUMN_KEYS)[number], string> = {
  carrier:
    "The network that certified the device. A model certified on one carrier is not automatically certified on the others.",
  manufacturer: "Who makes the device, as the carrier lists it.",
  model: "The model name or number. Variants with different radios are listed separately.",
  deviceType:
    "One of 48 categories, from Phone and Tablet to Telematics, Sensor and POTS Replacement.",
  deviceSub:
    "A finer grouping within the type, such as Smartphone, Rugged or Fixed Wireless Gateway.",
  os: "The operating system the device shipped with; empty for devices without one.",
  network: "The radio technologies it uses: 5G NR, LTE, LTE Cat-M1, NB-IoT and so on.",
  bands:
    "The LTE bands it supports on that carrier. More of the carrier's bands usually means better indoor and rural coverage.",
  fiveGBands:
    "The 5G NR bands it supports (for example n77 for C-Band, n41 for 2.5 GHz, n260/n261 for mmWave).",
};

export default function CertifiedDevicesGuide() {
  return (
    <main className="mx-auto max-w-3xl px-4 py-16 sm:px-6">
      <p className="text-sm font-semibold uppercase tracking-wider text-brand-600 dark:text-brand-400">
        Agent guide
      </p>
      <h1 className="mt-2 text-4xl font-bold tracking-tight">Certified devices</h1>
      <div className="mt-8 space-y-10 leading-7 text-slate-700 dark:text-slate-300">
        <section>
          <h2 className="text-2xl font-semibold text-slate-900 dark:text-white">
            What certification means
          </h2>
          <p className="mt-3">
            Before a device may run on a carrier's network, the carrier tests it: radio performance,
            the bands it uses, emergency calling, software updates and how it behaves under load. A
            device that passes is <em>certified</em> for that carrier. Uncertified devices may still
            connect, but they can be refused activation, lose features such as Wi-Fi calling, VoLTE
            or 5G, or be cut off when the carrier retires an older network.
          </p>
          <ul className="mt-3 list-disc space-y-2 pl-6">
            <li>
              <strong>AT&amp;T</strong> certifies devices through its network-ready lab; IoT modules
              and routers also need AT&amp;T's approval of the finished product, not only the module
              inside it.
            </li>
            <li>
              <strong>Verizon</strong> runs the Open Development program: IoT devices and modules go
              through Verizon's certification before they may carry a Verizon SIM.
            </li>
            <li>
              <strong>T-Mobile</strong> certifies through its device approval process, and for IoT
              usually expects PTCRB certification of the module first.
            </li>
          </ul>
          <p className="mt-3">
            Quote a device only on a carrier it is certified for. When a customer brings their own
            devices, check each model here first.
          </p>
        </section>

        <section>
          <h2 className="text-2xl font-semibold text-slate-900 dark:text-white">How to search</h2>
          <ul className="mt-3 list-disc space-y-2 pl-6">
            <li>
              The search box looks through manufacturer, model, type, subtype, operating system,
              network, bands and 5G bands, ignoring case. Type part of a word:{" "}
              <code>galaxy s2</code> or <code>cat-m1</code>.
            </li>
            <li>
              Narrow the list by carrier, device type and technology. Each active filter shows as a
              chip you can remove.
            </li>
            <li>
              Click a column heading to sort by it; click it again to reverse. Numbers sort as
              numbers, and empty cells (shown as “-”) come last.
            </li>
            <li>
              <strong>Export CSV</strong> downloads every device that matches your search and
              filters, in the order you see, ready for a spreadsheet or a customer.
            </li>
            <li>
              The address bar keeps your search, filters and sort, so you can bookmark or share a
              view.
            </li>
          </ul>
        </section>

        <section>
          <h2 className="text-2xl font-semibold text-slate-900 dark:text-white">
            What the columns mean
          </h2>
          <dl className="mt-3 space-y-3">
            {DEVICE_COLUMN_KEYS.map((key) => (
              <div key={key}>
                <dt className="font-semibold text-slate-900 dark:text-white">
                  {DEVICE_COLUMN_LABELS[key]}
                </dt>
                <dd>{COLUMN_HELP[key]}</dd>
              </div>
            ))}
          </dl>
        </section>
      </div>
    </main>
  );
}
