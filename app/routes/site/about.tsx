import { type Card, CardGrid, Section } from "#app/components/site/Section.tsx";
import { SignupButton } from "#app/components/site/SignupButton.tsx";
import { buttonClass } from "#app/components/ui/button.tsx";
import { Clock, RadioTower, Shield, Target } from "#app/components/ui/icons.ts";
import { seoMeta } from "#app/lib/seo.ts";
import { servicesOf } from "#server/web/context.ts";
import type { Route } from "./+types/about";

export const meta: Route.MetaFunction = (args) =>
  seoMeta(args, {
    title: "About | Carrierline",
    description:
      "Carrierline is building the sales platform telecom resellers and MSPs deserve: every carrier's plans, devices and promotions in one place, under the reseller's own brand.",
    path: "/about",
  });

/** The address people can write to: the one our own emails come from (MAIL_FROM). */
export async function loader({ context }: Route.LoaderArgs) {
  const { config } = await servicesOf(context);
  const address = config.mailFrom.match(/<([^>]+)>/)?.[1] ?? config.mailFrom;
  return { contactEmail: address.trim() };
}

const VALUES: readonly Card[] = [
  {
    icon: Target,
    title: "Resellers first",
    body: "We build for the agent on the phone with a customer, not for a carrier's channel report.",
  },
  {
    icon: RadioTower,
    title: "Carrier-neutral",
    body: "We show every carrier's plans in the same format and let the customer's needs pick the winner.",
  },
  {
    icon: Shield,
    title: "Your customers are yours",
    body: "Your pipeline and your customers' bills are visible only to your company. We never sell or share them.",
  },
  {
    icon: Clock,
    title: "Fast beats fancy",
    body: "Every screen has to load in a blink on a phone in a customer's lobby, or it does not ship.",
  },
];

export default function About({ loaderData }: Route.ComponentProps) {
  return (
    <main>
      <section className="mx-auto max-w-3xl px-4 pt-16 sm:px-6 md:pt-24">
        <p className="text-sm font-semibold uppercase tracking-wider text-brand-700 dark:text-brand-400">
          About Carrierline
        </p>
        <h1 className="mt-4 text-4xl font-bold tracking-tight sm:text-5xl">
          The sales platform telecom resellers deserve
        </h1>
        <div className="mt-8 space-y-5 text-lg leading-8 text-slate-700 dark:text-slate-300">
          <p>
            Independent resellers and managed service providers sell a large share of America's
            business wireless lines. Yet quoting a 25-line account still means logging in to three
            carrier portals, copying prices into a spreadsheet, checking which devices each network
            has certified, and hoping the promotion is still live by the time the proposal goes out.
          </p>
          <p>
            Carrierline puts all of it in one place. Plans, certified devices and promotions from
            AT&amp;T, Verizon and T-Mobile share one format; a quote becomes a branded proposal in a
            click; and every deal is tracked from first call to install and renewal. An AI assistant
            that knows the catalogue sits beside the agent the whole way.
          </p>
          <p>
            We are a small team of telecom and software people, building in the open with a group of
            beta resellers who tell us every week what to fix next.
          </p>
        </div>
      </section>

      <Section eyebrow="What we believe" title="How we build">
        <CardGrid cards={VALUES} columns={4} />
      </Section>

      <Section
        id="careers"
        eyebrow="Careers"
        title="Build the tools your friends in telecom will use every day"
        lead="We hire product engineers and telecom channel specialists who like talking to customers. There are no open roles listed right now, but we always read a good note."
        tinted
      >
        <p className="mt-6 text-slate-700 dark:text-slate-300">
          Write to{" "}
          <a
            className="font-semibold text-brand-700 underline-offset-2 hover:underline dark:text-brand-400"
            href={`mailto:${loaderData.contactEmail}?subject=Careers`}
          >
            {loaderData.contactEmail}
          </a>{" "}
          with what you have built and why this problem interests you.
        </p>
      </Section>

      <Section
        id="contact"
        eyebrow="Contact"
        title="Talk to us"
        lead="Questions about the beta, a partnership, or press: we answer every email within one business day."
      >
        <div className="mt-8 flex flex-wrap items-center gap-3">
          <a
            className={buttonClass("secondary", "px-5 py-3 text-base")}
            href={`mailto:${loaderData.contactEmail}`}
          >
            Email {loaderData.contactEmail}
          </a>
          <SignupButton source="direct" className={buttonClass("primary", "px-5 py-3 text-base")}>
            Join the beta
          </SignupButton>
        </div>
      </Section>
    </main>
  );
}
