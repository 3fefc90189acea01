import { data, Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { Brand } from "#app/components/Brand.tsx";
import { SuccessAlert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { TextField } from "#app/components/ui/text-field.tsx";
import { LOGIN_NOTICE_PARAM, type LoginNotice } from "#app/lib/login-notices.ts";
import { safeRedirect } from "#app/lib/safe-redirect.ts";
import { type SecondFactorMethod, secondStepSchema } from "#app/lib/schemas/two-factor.ts";
import {
  pendingSecondStep,
  textSecondStepCode,
  verifySecondStep,
} from "#server/accounts/two-factor.ts";
import { runtimeOf } from "#server/web/context.ts";
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
  const { auth, database } = await runtimeOf(context);
  const url = new URL(request.url);
  const pending = await pendingSecondStep({ auth, db: database.db }, request.headers);
  if (!pending) throw redirect(toLogin(url.searchParams.get("redirectTo")));
  return { canText: pending.canText };
}

type ActionData = {
  method: SecondFactorMethod;
  error?: string;
  sent?: boolean;
};

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const fields: Record<string, string> = {};
  for (const [key, value] of form) if (typeof value === "string") fields[key] = value;
  const method: SecondFactorMethod =
    fields.method === "backup" || fields.method === "otp" ? fields.method : "totp";
  const parsed = secondStepSchema.safeParse(fields);
  if (!parsed.success) {
    const error = parsed.error.issues[0]?.message ?? "Enter the code";
    return data<ActionData>({ method, error }, { status: 400 });
  }
  const input = parsed.data;
  const { auth, database } = await runtimeOf(context);
  const deps = { auth, db: database.db };
  if (input.intent === "send-sms") {
    const sent = await textSecondStepCode(deps, request.headers);
    if (!sent) {
      if (!(await pendingSecondStep(deps, request.headers))) {
        throw redirect(toLogin(input.redirectTo ?? null, "two-factor-expired"));
      }
      return data<ActionData>(
        { method: "totp", error: "We could not text a code. Use your authenticator app instead." },
        { status: 400 },
      );
    }
    return data<ActionData>({ method: "otp", sent: true });
  }
  const result = await verifySecondStep(deps, request.headers, input);
  if (result.ok) throw redirect(safeRedirect(input.redirectTo), { headers: result.headers });
  if (result.reason === "ended") {
    throw redirect(toLogin(input.redirectTo ?? null, result.notice), { headers: result.headers });
  }
  return data<ActionData>({ method: input.method, error: result.message }, { status: 400 });
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

export default function LoginTwoFactor({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [searchParams] = useSearchParams();
  const result: ActionData | undefined = actionData;
  const asked = searchParams.get("method");
  const method: SecondFactorMethod =
    result?.method ?? (asked === "backup" || asked === "otp" ? asked : "totp");
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
    <main className="flex min-h-dvh items-center justify-center bg-slate-50 px-4 py-12 dark:bg-slate-950">
      <div className="w-full max-w-sm">
        <div className="mb-8 flex justify-center">
          <Brand />
        </div>
        <div className="rounded-2xl border border-slate-200 bg-white p-8 shadow-sm dark:border-slate-800 dark:bg-slate-900">
          <h1 className="text-center text-2xl font-bold tracking-tight">Two-factor verification</h1>
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
            {method !== "totp" ? (
              <Link
                to={switchTo("totp")}
                replace
                className="block font-medium text-brand-700 hover:underline dark:text-brand-300"
              >
                Use your authenticator app
              </Link>
            ) : null}
            {method !== "backup" ? (
              <Link
                to={switchTo("backup")}
                replace
                className="block font-medium text-brand-700 hover:underline dark:text-brand-300"
              >
                Use a backup code
              </Link>
            ) : null}
            {loaderData.canText ? (
              <Form method="post" replace>
                <input type="hidden" name="intent" value="send-sms" />
                <input type="hidden" name="redirectTo" value={redirectTo} />
                <button
                  type="submit"
                  disabled={busy}
                  className="font-medium text-brand-700 hover:underline disabled:opacity-60 dark:text-brand-300"
                >
                  {texting
                    ? "Sending..."
                    : method === "otp"
                      ? "Text me a new code"
                      : "Text me a code"}
                </button>
              </Form>
            ) : null}
            <Link to="/login" className="block text-slate-600 hover:underline dark:text-slate-400">
              Cancel and sign in again
            </Link>
          </div>
        </div>
      </div>
    </main>
  );
}
