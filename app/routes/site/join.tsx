import { useState } from "react";
import { data } from "react-router";
import { SignupSuccess, WaitlistForm } from "#app/components/site/WaitlistForm.tsx";
import {
  WAITLIST_SOURCES,
  type WaitlistSource,
  waitlistFieldErrors,
  waitlistSchema,
} from "#app/lib/schemas/waitlist.ts";
import { seoMeta } from "#app/lib/seo.ts";
import { EMPTY_DRAFT } from "#app/stores/signup-modal.ts";
import { statusOf } from "#server/http/errors.ts";
import { submitSignup } from "#server/site/index.ts";
import { clientAddressContext, servicesOf } from "#server/web/context.ts";
import { parseForm } from "#server/web/forms.ts";
import type { Route } from "./+types/join";

export const meta: Route.MetaFunction = (args) =>
  seoMeta(args, {
    title: "Join the beta | Carrierline",
    description:
      "Get early access to Carrierline: multi-carrier quoting, certified devices and deal tracking for telecom resellers and MSPs.",
    path: "/join",
  });

const readSource = (value: string | null): WaitlistSource =>
  WAITLIST_SOURCES.find((source) => source === value) ?? "direct";

/** The sign-up buttons link here, so sign-up works before (or without) the page's script. */
export function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  return {
    source: readSource(params.get("source")),
    email: (params.get("email") ?? "").slice(0, 320),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const parsed = await parseForm(request, waitlistSchema);
  // Sent back on a refusal so the visitor's typing is never lost.
  const { name = "", email = "", company = "", phone = "" } = parsed.fields;
  const values = { name, email, company, phone };
  if (!parsed.ok) {
    return data(
      { ok: false as const, values, fields: waitlistFieldErrors(parsed.fieldErrors) },
      { status: statusOf("invalid") },
    );
  }
  const outcome = await submitSignup(await servicesOf(context), {
    signup: parsed.data,
    address: context.get(clientAddressContext),
    userAgent: request.headers.get("user-agent"),
  });
  if (!outcome.ok) {
    const headers = new Headers();
    if (outcome.retryAfterSeconds !== undefined) {
      headers.set("Retry-After", String(outcome.retryAfterSeconds));
    }
    return data(
      { ok: false as const, values, form: outcome.message },
      { status: statusOf(outcome.kind), headers },
    );
  }
  return { ok: true as const };
}

export default function Join({ loaderData, actionData }: Route.ComponentProps) {
  const [succeeded, setSucceeded] = useState(false);
  const done = succeeded || actionData?.ok === true;
  const serverErrors =
    actionData && !actionData.ok
      ? {
          fields: "fields" in actionData ? actionData.fields : undefined,
          form: "form" in actionData ? actionData.form : undefined,
        }
      : undefined;
  return (
    <main className="mx-auto max-w-md px-4 py-16 sm:py-24">
      <h1 className="text-3xl font-bold tracking-tight">Join the Carrierline beta</h1>
      <p className="mt-2 text-slate-600 dark:text-slate-400">
        Tell us who you are and we'll email your access details as soon as your spot opens.
      </p>
      <div className="mt-8 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900">
        {done ? (
          <SignupSuccess />
        ) : (
          <WaitlistForm
            source={loaderData.source}
            initial={
              actionData && !actionData.ok
                ? actionData.values
                : { ...EMPTY_DRAFT, email: loaderData.email }
            }
            onSuccess={() => setSucceeded(true)}
            serverErrors={serverErrors}
          />
        )}
      </div>
    </main>
  );
}
