import { data, Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { AuthCard } from "#app/components/auth/AuthCard.tsx";
import { SuccessAlert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { TextField } from "#app/components/ui/text-field.tsx";
import { LOGIN_NOTICE_PARAM, type LoginNotice } from "#app/lib/login-notices.ts";
import { safeRedirect } from "#app/lib/safe-redirect.ts";
import { type SecondFactorMethod, secondStepSchema } from "#app/lib/schemas/two-factor.ts";
import {
  pendingSecondStep,
  type Refusal,
  textSecondStepCode,
  verifySecondStep,
} from "#server/accounts/index.ts";
import { statusOf } from "#server/http/errors.ts";
import { servicesOf } from "#server/web/context.ts";
import { parseForm } from "#server/web/forms.ts";
import { requireAnonymous } from "#server/web/guard.ts";
import type { Route } from "./+types/login-two-factor";

export const meta: Route.MetaFunction = () => [
  { title: "Two-factor verification | Carrierline" },
  { name: "robots", content: "noindex" },
];

/** Back to the password step; the attempt is gone (or never was). */
function toLogin(redirectTo: string | null, notice?: LoginNotice) {
  const params = new URLSearchParams();
  if (redirectTo) params.set("redirectTo", safeRedirect(redirectTo));
  if (notice) params.set(LOGIN_NOTICE_PARAM, notice);
  const query = params.toString();
  return query ? `/login?${query}` : "/login";
}

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAnonymous(request, context);
  const url = new URL(request.url);
  const pending = await pendingSecondStep(await servicesOf(context), { headers: request.headers });
  if (!pending) throw redirect(toLogin(url.searchParams.get("redirectTo")));
  return { canText: pending.canText };
}

type ActionData = {
  method: SecondFactorMethod;
  error?: string;
  sent?: boolean;
};

/** The method a form or address names; the authenticator app unless it says otherwise. */
const methodOf = (asked: string | null | undefined): SecondFactorMethod =>
  asked === "backup" || asked === "otp" ? asked : "totp";

/** A refusal shown at the code field of the method's form. */
const refused = (method: SecondFactorMethod, refusal: Refusal) =>
  data<ActionData>({ method, error: refusal.message }, { status: statusOf(refusal.kind) });

export async function action({ request, context }: Route.ActionArgs) {
  const form = await parseForm(request, secondStepSchema);
  if (!form.ok) {
    const error = Object.values(form.fieldErrors)[0] ?? "Enter the code";
    return data<ActionData>({ method: methodOf(form.fields.method), error }, { status: 400 });
  }
  const input = form.data;
  const ctx = await servicesOf(context);
  const headers = request.headers;
  if (input.intent === "send-sms") {
    const sent = await textSecondStepCode(ctx, { headers });
    if (sent.ok) return data<ActionData>({ method: "otp", sent: true });
    if (sent.kind === "gone") {
      throw redirect(toLogin(input.redirectTo ?? null, "two-factor-expired"));
    }
    return refused("totp", sent);
  }
  const verified = await verifySecondStep(ctx, { ...input, headers });
  if (!verified.ok) return refused(input.method, verified);
  const step = verified.value;
  if (step.signedIn) throw redirect(safeRedirect(input.redirectTo), { headers: step.headers });
  throw redirect(toLogin(input.redirectTo ?? null, step.notice), { headers: step.headers });
}

const COPY: Record<
  SecondFactorMethod,
  { label: string; hint: string; inputMode: "numeric" | "text" }
> = {
  totp: {
    label: "Authentication code",
    hint: "Open your authenticator app and enter the 6-digit code for Carrierline.",
    inputMode: "numeric",
  },
  otp: {
    label: "Texted code",
    hint: "Enter the 6-digit code we texted to your sign-in phone.",
    inputMode: "numeric",
  },
  backup: {
    label: "Backup code",
    hint: "Enter one of the backup codes you saved. Each works once.",
    inputMode: "text",
  },
};

/** The other ways to give the second factor, offered as links under the form. */
const OTHER_WAYS: { method: SecondFactorMethod; label: string }[] = [
  { method: "totp", label: "Use your authenticator app" },
  { method: "backup", label: "Use a backup code" },
];

export default function LoginTwoFactor({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [searchParams] = useSearchParams();
  const result: ActionData | undefined = actionData;
  const method = result?.method ?? methodOf(searchParams.get("method"));
  const redirectTo = searchParams.get("redirectTo") ?? "";
  const busy = navigation.state !== "idle";
  const verifying = busy && navigation.formData?.get("intent") === "verify";
  const texting = busy && navigation.formData?.get("intent") === "send-sms";
  const copy = COPY[method];
  const switchTo = (next: SecondFactorMethod) => {
    const params = new URLSearchParams(searchParams);
    params.set("method", next);
    return `?${params}`;
  };

  return (
    <AuthCard title="Two-factor verification">
      <p className="mt-2 text-center text-sm text-slate-600 dark:text-slate-400">
        Your account has a second factor. Confirm it's you to finish signing in.
      </p>
      {/* key: a new method gets a fresh, empty field. */}
      <Form method="post" replace className="mt-8 space-y-5" noValidate key={method}>
        <input type="hidden" name="intent" value="verify" />
        <input type="hidden" name="method" value={method} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        {result?.sent ? (
          <SuccessAlert className="py-2">We texted a code to your sign-in phone.</SuccessAlert>
        ) : null}
        <TextField
          label={copy.label}
          hint={copy.hint}
          name="code"
          inputMode={copy.inputMode}
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          maxLength={method === "backup" ? 11 : 6}
          required
          autoFocus
          error={result?.error}
          disabled={busy}
        />
        <label className="flex items-center gap-2 text-sm">
          <input
            type="checkbox"
            name="trustDevice"
            className="size-4 rounded border-slate-300 text-brand-600"
            disabled={busy}
          />
          Trust this device for 30 days
        </label>
        <Button type="submit" className="w-full py-2.5" disabled={busy}>
          {verifying ? "Verifying..." : "Verify"}
        </Button>
      </Form>
      <div className="mt-6 space-y-3 border-t border-slate-200 pt-5 text-sm dark:border-slate-800">
        {OTHER_WAYS.filter((way) => way.method !== method).map((way) => (
          <Link
            key={way.method}
            to={switchTo(way.method)}
            replace
            className="block font-medium text-brand-700 hover:underline dark:text-brand-300"
          >
            {way.label}
          </Link>
        ))}
        {loaderData.canText ? (
          <Form method="post" replace>
            <input type="hidden" name="intent" value="send-sms" />
            <input type="hidden" name="redirectTo" value={redirectTo} />
            <button
              type="submit"
              disabled={busy}
              className="font-medium text-brand-700 hover:underline disabled:opacity-60 dark:text-brand-300"
            >
              {texting ? "Sending..." : method === "otp" ? "Text me a new code" : "Text me a code"}
            </button>
          </Form>
        ) : null}
        <Link to="/login" className="block text-slate-600 hover:underline dark:text-slate-400">
          Cancel and sign in again
        </Link>
      </div>
    </AuthCard>
  );
}
