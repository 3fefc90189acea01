import { Link } from "react-router";
import { buttonClass } from "../../components/ui/button.tsx";
import { seoMeta } from "../../lib/seo.ts";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = (args) =>
  seoMeta(args, {
    title: "Carrierline: AI-assisted wireless sales for resellers and MSPs",
    description:
      "Quote business wireless plans from AT&T, Verizon and T-Mobile in seconds, match certified devices, send branded proposals and track every deal.",
    path: "/",
  });

export default function Home() {
  return (
    <main>
      <section className="mx-auto max-w-6xl px-4 py-24 sm:px-6 md:py-32">
        <p className="text-sm font-semibold uppercase tracking-wider text-brand-600 dark:text-brand-400">
          For telecom resellers and managed service providers
        </p>
        <h1 className="mt-4 max-w-3xl text-4xl font-bold tracking-tight sm:text-6xl">
          Quote and sell business wireless from every major carrier, in one place.
        </h1>
        <p className="mt-6 max-w-2xl text-lg text-slate-600 dark:text-slate-300">
          Carrierline puts AT&amp;T, Verizon and T-Mobile business plans, certified devices and
          current promotions side by side, turns a customer's needs into a branded proposal, and
          tracks every deal through to install, without a single carrier portal.
        </p>
        <div className="mt-10 flex flex-wrap gap-3">
          <Link to="/login" className={buttonClass("primary", "px-5 py-3 text-base")}>
            Agent sign-in
          </Link>
          <a href="#demo" className={buttonClass("secondary", "px-5 py-3 text-base")}>
            Try Demo
          </a>
        </div>
      </section>
    </main>
  );
}
