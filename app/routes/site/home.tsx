import { Link } from "react-router";
import { BetaSignup } from "#app/components/site/BetaSignup.tsx";
import { ChatPreview } from "#app/components/site/ChatPreview.tsx";
import { Particles } from "#app/components/site/Particles.tsx";
import { PartnerStrip } from "#app/components/site/PartnerStrip.tsx";
import {
  type Card,
  CardGrid,
  CheckList,
  ComingSoonList,
  Section,
  type Step,
  StepList,
} from "#app/components/site/Section.tsx";
import { WaitlistOrDashboard } from "#app/components/site/SignedIn.tsx";
import { SignupButton } from "#app/components/site/SignupButton.tsx";
import { buttonClass } from "#app/components/ui/button.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import {
  BadgeCheck,
  Bell,
  ChartColumn,
  Columns3,
  FileText,
  Lock,
  ReceiptText,
  Smartphone,
  Sparkles,
  Users,
  Zap,
} from "#app/components/ui/icons.ts";
import { seoMeta } from "#app/lib/seo.ts";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = (args) =>
  seoMeta(args, {
    title: "Carrierline: AI-assisted wireless sales for resellers and MSPs",
    description:
      "Quote business wireless plans from AT&T, Verizon and T-Mobile in seconds, match certified devices, send branded proposals and track every deal.",
    path: "/",
  });

export const FEATURES: readonly Card[] = [
  {
    icon: Columns3,
    title: "Multi-carrier quoting",
    body: "Price AT&T, Verizon and T-Mobile business plans side by side in one screen, without logging in to a single carrier portal.",
  },
  {
    icon: Smartphone,
    title: "Certified device matching",
    body: "Every quoted device is checked against each carrier's certified list, so nothing you sell gets refused at activation.",
  },
  {
    icon: FileText,
    title: "Branded proposals",
    body: "Turn a quote into a polished proposal with your logo, your pricing and your terms, ready to send in a click.",
  },
  {
    icon: ChartColumn,
    title: "Deals, commissions and renewals",
    body: "Track every opportunity from quote to install, see what you will earn, and get reminded before contracts renew.",
  },
  {
    icon: Sparkles,
    title: "AI sales assistant",
    body: "Ask in plain words for the best plan for 40 field technicians, and get an answer built from live plans and promotions.",
  },
  {
    icon: ReceiptText,
    title: "Bill audit",
    body: "Upload a customer's current bill to find overage, unused lines and savings to open the conversation.",
    badge: "Coming soon",
  },
];

const STEPS: readonly Step[] = [
  {
    title: "Tell us about the customer",
    body: "Lines, devices, data needs and what they pay today: type it in or let the assistant ask.",
  },
  {
    title: "Compare every carrier",
    body: "Plans, current promotions and certified devices from all three carriers line up instantly.",
  },
  {
    title: "Send a branded proposal",
    body: "Pick the winning option and send a proposal under your own brand before the call ends.",
  },
  {
    title: "Track it to install",
    body: "Follow the deal through order and install, and watch your commission and renewal dates.",
  },
];

const BENEFITS: readonly Card[] = [
  {
    icon: Zap,
    title: "Quote in minutes, not days",
    body: "Answer a prospect on the first call instead of after a week of portal logins and spreadsheets.",
  },
  {
    icon: BadgeCheck,
    title: "Your brand, front and centre",
    body: "Customers see your company on every proposal and report. Carrierline stays behind the scenes.",
  },
  {
    icon: Bell,
    title: "Never miss a renewal",
    body: "Contract end dates and check-ins surface on your dashboard before a competitor calls your customer.",
  },
  {
    icon: Users,
    title: "One place for the whole team",
    body: "Agents, managers and admins share one pipeline, with each company's data kept strictly its own.",
  },
];

const TRUST = [
  {
    id: "enterprise",
    title: "Enterprise-ready teams",
    points: [
      "Roles for agents, managers and admins",
      "Invitations instead of open sign-up",
      "Every figure computed from your own data",
      "Exports of plans, devices and reports as CSV",
    ],
  },
  {
    id: "security",
    title: "Security by default",
    points: [
      "Passwords hashed, sessions in httpOnly cookies",
      "Two-factor sign-in with an authenticator app",
      "Each company's data isolated on the server",
      "Rate limits on sign-in and sign-up",
    ],
  },
] as const;

export default function Home() {
  return (
    <main>
      <section className="relative isolate overflow-hidden">
        <Particles />
        <div className="absolute inset-x-0 top-0 -z-10 h-[36rem] bg-gradient-to-b from-brand-100/70 to-transparent dark:from-brand-500/10" />
        <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 sm:px-6 md:py-24 lg:grid-cols-[1.15fr_1fr]">
          <div>
            <p className="text-sm font-semibold uppercase tracking-wider text-brand-700 dark:text-brand-400">
              For telecom resellers and managed service providers
            </p>
            <h1 className="mt-4 text-4xl font-bold tracking-tight text-balance sm:text-5xl xl:text-[3.25rem] xl:leading-[1.1]">
              Quote and sell business wireless from every major carrier, in one place.
            </h1>
            <p className="mt-6 max-w-xl text-lg text-slate-600 dark:text-slate-300">
              Carrierline puts AT&amp;T, Verizon and T-Mobile business plans, certified devices and
              current promotions side by side, turns a customer's needs into a branded proposal, and
              tracks every deal through to install.
            </p>
            <div className="mt-10 flex flex-wrap gap-3">
              <WaitlistOrDashboard>
                <SignupButton
                  source="hero_section"
                  className={buttonClass("primary", "px-6 py-3 text-base")}
                >
                  Get Started
                </SignupButton>
              </WaitlistOrDashboard>
              <a href="#demo" className={buttonClass("secondary", "px-6 py-3 text-base")}>
                Try Demo
              </a>
            </div>
          </div>
          <ChatPreview />
        </div>
      </section>

      <Section
        id="demo"
        eyebrow="See it work"
        title="From a customer's bill to three carrier options"
        lead="Twenty-five lines, a mix of phones and hotspots, and a customer paying too much. Here is the comparison your agent sees a few seconds later."
        tinted
      >
        <DemoQuote />
      </Section>

      <Section
        id="features"
        eyebrow="Features"
        title="Everything an agent needs to quote and close"
        lead="One workspace for the plans, devices, promotions and paperwork that used to live in three carrier portals and a dozen spreadsheets."
      >
        <CardGrid cards={FEATURES} />
        <p className="mt-8">
          <Link
            to="/features"
            className="font-semibold text-brand-700 hover:underline dark:text-brand-400"
          >
            Explore every feature <span aria-hidden="true">→</span>
          </Link>
        </p>
      </Section>

      <Section
        id="how-it-works"
        eyebrow="How it works"
        title="Four steps from first call to commission"
        tinted
      >
        <StepList steps={STEPS} />
      </Section>

      <Section
        id="benefits"
        eyebrow="Why resellers choose Carrierline"
        title="Sell more lines with less busywork"
      >
        <CardGrid cards={BENEFITS} columns={4} />
      </Section>

      <PartnerStrip />

      <section aria-label="Enterprise and security" className="py-20 sm:py-24">
        <div className="mx-auto grid max-w-6xl gap-6 px-4 sm:px-6 md:grid-cols-2">
          {TRUST.map((block) => (
            <div
              key={block.id}
              id={block.id}
              className="scroll-mt-20 rounded-2xl border border-slate-200 p-8 dark:border-slate-800"
            >
              <span className="grid size-11 place-items-center rounded-xl bg-brand-50 text-brand-700 dark:bg-brand-500/15 dark:text-brand-400">
                <Icon icon={block.id === "security" ? Lock : Users} />
              </span>
              <h2 className="mt-4 text-2xl font-bold tracking-tight">{block.title}</h2>
              <CheckList items={block.points} className="mt-4 space-y-2" />
            </div>
          ))}
        </div>
      </section>

      <Section
        id="coming-soon"
        eyebrow="Coming soon"
        title="Wireless today. Your whole telecom catalogue next."
        lead="The beta starts with business wireless from the three national carriers. Here is what our beta resellers will get next."
        tinted
      >
        <ComingSoonList />
      </Section>

      <Section
        id="blog"
        eyebrow="Blog"
        title="Insights for telecom resellers"
        lead="Field notes on AI-powered telecom distribution: quoting faster, carrier promotions worth knowing, and how resellers grow recurring revenue."
      >
        <p className="mt-8">
          <Link to="/blog" className={buttonClass("secondary")}>
            Read the blog
          </Link>
        </p>
      </Section>

      <section id="beta" aria-labelledby="beta-title" className="scroll-mt-20 px-4 pb-24 sm:px-6">
        <div className="mx-auto max-w-6xl rounded-3xl bg-brand-700 px-6 py-14 text-white sm:px-12">
          <p className="text-sm font-semibold uppercase tracking-wider text-brand-100">
            Beta program
          </p>
          <h2
            id="beta-title"
            className="mt-2 max-w-2xl text-3xl font-bold tracking-tight sm:text-4xl"
          >
            Join the beta and quote your next deal with Carrierline
          </h2>
          <p className="mt-4 max-w-2xl text-lg text-brand-50">
            We are onboarding resellers and MSPs in small groups, with a direct line to the team
            building it. Beta partners keep founding pricing.
          </p>
          <BetaSignup />
        </div>
      </section>
    </main>
  );
}

const DEMO_OPTIONS = [
  { carrier: "AT&T", plan: "Business Unlimited Performance", monthly: "$1,475", saving: "$425" },
  { carrier: "Verizon", plan: "Business Unlimited Plus", monthly: "$1,550", saving: "$350" },
  {
    carrier: "T-Mobile",
    plan: "Business Unlimited Advanced",
    monthly: "$1,375",
    saving: "$525",
    best: true,
  },
] as const;

/** An illustrative comparison; the figures are an example, not live prices. */
function DemoQuote() {
  return (
    <figure className="mt-12">
      <div className="grid gap-4 md:grid-cols-3">
        {DEMO_OPTIONS.map((option) => (
          <div
            key={option.carrier}
            className={`rounded-2xl border bg-white p-6 dark:bg-slate-900 ${
              "best" in option
                ? "border-brand-500 ring-2 ring-brand-500/30"
                : "border-slate-200 dark:border-slate-800"
            }`}
          >
            <div className="flex items-center justify-between">
              <p className="font-semibold">{option.carrier}</p>
              {"best" in option ? (
                <span className="rounded-full bg-brand-600 px-2.5 py-0.5 text-xs font-semibold text-white">
                  Best value
                </span>
              ) : null}
            </div>
            <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">{option.plan}</p>
            <p className="mt-4 text-3xl font-bold tracking-tight">
              {option.monthly}
              <span className="text-base font-medium text-slate-600 dark:text-slate-400">/mo</span>
            </p>
            <p className="mt-1 text-sm font-medium text-emerald-700 dark:text-emerald-400">
              Saves {option.saving} a month against today's bill
            </p>
          </div>
        ))}
      </div>
      <figcaption className="mt-4 text-sm text-slate-600 dark:text-slate-400">
        Illustrative example for 25 lines against a $1,900 monthly bill; real quotes use the current
        plans and promotions in your portal.
      </figcaption>
    </figure>
  );
}
