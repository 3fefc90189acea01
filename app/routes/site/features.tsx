import { type Card, CardGrid, ComingSoonList, Section } from "#app/components/site/Section.tsx";
import { WaitlistOrDashboard } from "#app/components/site/SignedIn.tsx";
import { SignupButton } from "#app/components/site/SignupButton.tsx";
import { buttonClass } from "#app/components/ui/button.tsx";
import {
  Bell,
  ChartColumn,
  Columns3,
  FileText,
  Link,
  ReceiptText,
  Smartphone,
  Sparkles,
  Target,
  Users,
  Zap,
} from "#app/components/ui/icons.ts";
import { seoMeta } from "#app/lib/seo.ts";
import type { Route } from "./+types/features";

export const meta: Route.MetaFunction = (args) =>
  seoMeta(args, {
    title: "Features | Carrierline",
    description:
      "Multi-carrier quoting, certified devices, promotions, branded proposals, a deals board, reports and an AI sales assistant: every Carrierline feature for telecom resellers.",
    path: "/features",
  });

const SELL: readonly Card[] = [
  {
    icon: Columns3,
    title: "Plan comparison",
    body: "Search and filter business plans from AT&T, Verizon and T-Mobile, sort by price or type, and compare up to three side by side.",
  },
  {
    icon: FileText,
    title: "Quote generator",
    body: "Build a multi-line quote with devices and promotions, then send it as a proposal under your own brand.",
  },
  {
    icon: Sparkles,
    title: "AI sales assistant",
    body: "Ask which plan suits a customer, how two plans differ, or how to answer an objection, and get answers from your live catalogue.",
  },
  {
    icon: ReceiptText,
    title: "Bill analyzer",
    body: "Read a customer's current carrier bill, spot overage and unused lines, and open with the savings.",
    badge: "Coming soon",
  },
];

const CATALOG: readonly Card[] = [
  {
    icon: Smartphone,
    title: "Certified devices directory",
    body: "Search every device each carrier has certified, by model, network or band, and export exactly what you see.",
  },
  {
    icon: Zap,
    title: "Current promotions",
    body: "Every live carrier offer in one list, filtered by carrier and device type, with the fine print up front.",
  },
  {
    icon: Link,
    title: "Sales resource hub",
    body: "Battle cards, coverage maps and product sheets, searchable, with the most downloaded on top.",
  },
];

const TRACK: readonly Card[] = [
  {
    icon: ChartColumn,
    title: "Deals board",
    body: "Drag deals from quote to order to install, with monthly revenue and next steps on every card.",
  },
  {
    icon: Users,
    title: "Customers",
    body: "Every account with its lines, contracts, bills and history, shared by your whole team.",
  },
  {
    icon: Bell,
    title: "Dashboard and alerts",
    body: "MRR, pipeline counts and alerts such as a customer running 20% over their data plan, computed from your data.",
  },
  {
    icon: Target,
    title: "Reports",
    body: "Revenue, win rates and renewals by agent and carrier, ready to export.",
  },
];

export default function Features() {
  return (
    <main>
      <section className="mx-auto max-w-6xl px-4 pt-16 sm:px-6 md:pt-24">
        <p className="text-sm font-semibold uppercase tracking-wider text-brand-700 dark:text-brand-400">
          Features
        </p>
        <h1 className="mt-4 max-w-3xl text-4xl font-bold tracking-tight sm:text-5xl">
          Everything You Need to Succeed
        </h1>
        <p className="mt-6 max-w-2xl text-lg text-slate-600 dark:text-slate-300">
          Carrierline gives telecom resellers and MSPs the plans, devices, promotions and pipeline
          they need to quote faster, sell with confidence and keep every customer.
        </p>
        <div className="mt-10 flex flex-wrap gap-3">
          <WaitlistOrDashboard>
            <SignupButton
              source="features_get_started"
              className={buttonClass("primary", "px-6 py-3 text-base")}
            >
              Get Started
            </SignupButton>
            <SignupButton
              source="features_sign_up"
              className={buttonClass("secondary", "px-6 py-3 text-base")}
            >
              Sign Up
            </SignupButton>
          </WaitlistOrDashboard>
        </div>
      </section>

      <Section eyebrow="Sell" title="Quote, propose and answer in one place">
        <CardGrid cards={SELL} columns={4} />
      </Section>
      <Section
        eyebrow="Catalogue"
        title="The carrier catalogue, without the carrier portals"
        tinted
      >
        <CardGrid cards={CATALOG} />
      </Section>
      <Section eyebrow="Track" title="Follow every deal to install and renewal">
        <CardGrid cards={TRACK} columns={4} />
      </Section>
      <Section
        id="coming-soon"
        eyebrow="Coming Soon"
        title="Coming Soon"
        lead="Business wireless is where we start. These arrive next, shaped by our beta resellers."
        tinted
      >
        <ComingSoonList />
      </Section>
    </main>
  );
}
