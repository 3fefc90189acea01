import { Section } from "#app/components/site/Section.tsx";
import { seoMeta } from "#app/lib/seo.ts";
import type { Route } from "./+types/legal";

export const meta: Route.MetaFunction = (args) =>
  seoMeta(args, {
    title: "Privacy, terms and compliance | Carrierline",
    description:
      "What Carrierline collects and why, the terms of the beta, and how we handle customer and carrier data.",
    path: "/legal",
  });

const prose = "mt-6 max-w-3xl space-y-4 leading-7 text-slate-700 dark:text-slate-300";

export default function Legal() {
  return (
    <main>
      <section className="mx-auto max-w-6xl px-4 pt-16 sm:px-6 md:pt-24">
        <h1 className="text-4xl font-bold tracking-tight sm:text-5xl">
          Privacy, terms and compliance
        </h1>
        <p className="mt-4 max-w-3xl text-lg text-slate-600 dark:text-slate-300">
          A plain-language summary of how Carrierline treats your data during the beta. The signed
          agreement you receive with portal access is the binding version.
        </p>
      </section>

      <Section id="privacy" eyebrow="Privacy" title="What we collect, and why">
        <div className={prose}>
          <p>
            <strong>Waitlist sign-ups.</strong> Your name, email, company and (if you give it) phone
            number, the page you signed up from, the time and your browser's user agent. We use them
            to contact you about access and nothing else.
          </p>
          <p>
            <strong>Site analytics.</strong> We count sign-up attempts, completions and errors on
            our own servers. We do not use third-party trackers or advertising cookies.
          </p>
          <p>
            <strong>Cookies and storage.</strong> Signed-in agents get one session cookie (httpOnly,
            not readable by scripts). Your light or dark theme choice is kept in your browser's
            local storage.
          </p>
          <p>
            <strong>Your rights.</strong> Ask us at any time for a copy of your data or to delete
            it, using the address on the About page; we answer within 30 days.
          </p>
        </div>
      </Section>

      <Section id="terms" eyebrow="Terms" title="Beta terms" tinted>
        <div className={prose}>
          <p>
            The beta is offered to telecom resellers and managed service providers by invitation.
            Features may change, and we may pause an account that misuses the service or a carrier's
            data.
          </p>
          <p>
            Plan prices, promotions and device certifications come from the carriers and change
            often. Always confirm a quote against the carrier's own order system before a customer
            signs.
          </p>
          <p>
            You keep ownership of your customer data. You can export it at any time, and we delete
            it within 30 days of an account closing.
          </p>
        </div>
      </Section>

      <Section id="compliance" eyebrow="Compliance" title="Customer and carrier data">
        <div className={prose}>
          <p>
            Customer bills and account details can contain customer proprietary network information
            (CPNI). Carrierline keeps each reseller company's data separate on the server, shows it
            only to that company's signed-in agents, and never uses it to market to your customers.
          </p>
          <p>
            Access is protected by hashed passwords, optional two-factor sign-in, server-side
            session checks on every request and rate limits on sign-in. Security issues can be
            reported to the address on the About page and are answered first.
          </p>
        </div>
      </Section>
    </main>
  );
}
