import { HERO_VIDEO, HeroVideo } from "#app/components/site/HeroVideo.tsx";
import { type Card, CardGrid, Section } from "#app/components/site/Section.tsx";
import { SignupButton } from "#app/components/site/SignupButton.tsx";
import { type CarouselStep, StepCarousel } from "#app/components/site/StepCarousel.tsx";
import { buttonClass } from "#app/components/ui/button.tsx";
import {
  ChartColumn,
  Clock,
  Link,
  RadioTower,
  Shield,
  Smartphone,
  Sparkles,
  Target,
  Zap,
} from "#app/components/ui/icons.ts";
import { seoMeta } from "#app/lib/seo.ts";
import type { Route } from "./+types/how-it-works";

export const meta: Route.MetaFunction = (args) =>
  seoMeta(args, {
    title: "How it works | Carrierline",
    description:
      "Connect your business, quote three carriers in seconds, provision without pain, sell with an AI assistant and grow with insights: how Carrierline works for resellers.",
    path: "/how-it-works",
  });

// The poster is the page's largest paint; asking for it early keeps the page fast on mobile.
export const links: Route.LinksFunction = () => [
  { rel: "preload", as: "image", href: HERO_VIDEO.poster, fetchPriority: "high" },
];

const STEPS: readonly CarouselStep[] = [
  {
    title: "Connect Your Business",
    icon: Link,
    body: "Set up your company, invite your agents and bring in your customers. Your branding goes on everything you send from day one.",
    points: [
      "Invite agents, managers and admins",
      "Import customers from a spreadsheet",
      "Add your logo and proposal terms",
      "Your data stays your company's alone",
    ],
  },
  {
    title: "Quote in Seconds",
    icon: Zap,
    body: "Enter the lines and needs once. Carrierline prices AT&T, Verizon and T-Mobile business plans side by side, with the current promotions applied.",
    points: [
      "Every plan type, every carrier",
      "Promotions matched automatically",
      "Compare up to three plans at once",
      "Savings against today's bill",
    ],
  },
  {
    title: "Provision Without Pain",
    icon: Smartphone,
    body: "Pick devices from each carrier's certified list and move the deal from quote to order to install on one board.",
    points: [
      "Certified devices only",
      "Deals board from quote to install",
      "Check-ins scheduled for you",
      "Notifications when deals move",
    ],
  },
  {
    title: "AI-Powered Support",
    icon: Sparkles,
    body: "Ask the assistant what to offer a 40-person field team, or how a plan compares. Its answers come from the plans and promotions in your portal.",
    points: [
      "Plain-language questions",
      "Answers from live catalogue data",
      "Objection handling and talk tracks",
      "Works from any screen",
    ],
  },
  {
    title: "Grow With Insights",
    icon: ChartColumn,
    body: "See your monthly recurring revenue, pipeline and renewals at a glance, and export reports for your team or your customers.",
    points: [
      "MRR and pipeline by stage",
      "Renewal and check-in alerts",
      "Reports you can export",
      "Spot upsell opportunities",
    ],
  },
];

const REASONS: readonly Card[] = [
  {
    icon: Target,
    title: "Built for resellers only",
    body: "Not a generic CRM with telecom bolted on: every screen starts from how agents actually quote and sell lines.",
  },
  {
    icon: RadioTower,
    title: "All three carriers, one view",
    body: "No more tab-juggling between carrier portals. Plans, devices and promotions share one format.",
  },
  {
    icon: Clock,
    title: "Minutes instead of days",
    body: "A quote that took a week of emails goes out during the first call, while the customer is still listening.",
  },
  {
    icon: Shield,
    title: "Your customers stay yours",
    body: "Your brand on every proposal, and your pipeline visible only to your company.",
  },
];

export default function HowItWorks() {
  return (
    <main>
      <section className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 sm:px-6 md:py-24 lg:grid-cols-[2fr_3fr]">
        <div>
          <p className="text-sm font-semibold uppercase tracking-wider text-brand-700 dark:text-brand-400">
            How it works
          </p>
          <h1 className="mt-4 text-4xl font-bold tracking-tight sm:text-5xl">
            From first call to signed deal, in one workspace
          </h1>
          <p className="mt-6 text-lg text-slate-600 dark:text-slate-300">
            Watch an agent move through Carrierline: the dashboard, a three-carrier plan comparison,
            the certified devices and the promotions that close the deal.
          </p>
        </div>
        <HeroVideo label="A tour of the Carrierline agent portal: dashboard, plan comparison, certified devices and promotions" />
      </section>

      <section aria-labelledby="steps-title" className="mx-auto max-w-6xl px-4 pb-8 sm:px-6">
        <h2 id="steps-title" className="sr-only">
          The five steps
        </h2>
        <StepCarousel steps={STEPS} label="How Carrierline works, in five steps" />
      </section>

      <Section eyebrow="Why it works" title="Why Carrierline Works">
        <CardGrid cards={REASONS} columns={4} />
        <div className="mt-12 flex flex-wrap gap-3">
          <SignupButton source="direct" className={buttonClass("primary", "px-6 py-3 text-base")}>
            Join the beta
          </SignupButton>
        </div>
      </Section>
    </main>
  );
}
