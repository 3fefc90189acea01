import { data, Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { authLinkClass } from "#app/components/auth/AuthCard.tsx";
import { Brand } from "#app/components/Brand.tsx";
import { ErrorAlert, SuccessAlert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { TextField } from "#app/components/ui/text-field.tsx";
import { loginNotice } from "#app/lib/login-notices.ts";
import { safeRedirect } from "#app/lib/safe-redirect.ts";
import { loginSchema } from "#app/lib/schemas/login.ts";
import { signInWithUsername } from "#server/accounts/session.ts";
import { runtimeOf, servicesOf } from "#server/web/context.ts";
import { requireAnonymous } from "#server/web/guard.ts";
import type { Route } from "./+types/login";

export const meta: Route.MetaFunction = () => [
  { title: "Agent Portal Login | Carrierline" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAnonymous(request, context);
  const { config } = await runtimeOf(context);
  // The demo credentials are printed only when the server runs in demo mode.
  return { demo: config.demoMode ? config.demoAccounts.agent : null };
}

type ActionData = {
  formError?: string;
  fieldErrors?: { username?: string | undefined; password?: string | undefined };
  username?: string;
};

const SIGN_IN_REFUSAL_STATUS = {
  invalid: 400,
  banned: 403,
  locked: 429,
  rate_limited: 429,
} as const;

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const parsed = loginSchema.safeParse({
    username: form.get("username") ?? "",
    password: form.get("password") ?? "",
    redirectTo: form.get("redirectTo") ?? undefined,
  });
  if (!parsed.success) {
    const errors = parsed.error.flatten().fieldErrors;
    return data<ActionData>(
      {
        fieldErrors: { username: errors.username?.[0], password: errors.password?.[0] },
        username: String(form.get("username") ?? ""),
      },
      { status: 400 },
    );
  }
  const result = await signInWithUsername(await servicesOf(context), {
    headers: request.headers,
    ...parsed.data,
  });
  if (!result.ok) {
    return data<ActionData>(
      {
        formError:
          result.reason === "locked" || result.reason === "banned"
            ? result.message
            : result.reason === "rate_limited"
              ? "Too many sign-in attempts. Please wait a minute and try again."
              : "Invalid credentials",
        username: parsed.data.username,
      },
      { status: SIGN_IN_REFUSAL_STATUS[result.reason] },
    );
  }
  if ("twoFactor" in result) {
    // The second sign-in step; the pending-attempt cookie rides on this redirect.
    const next = new URLSearchParams({ redirectTo: safeRedirect(parsed.data.redirectTo) });
    throw redirect(`/login/two-factor?${next}`, { headers: result.headers });
  }
  throw redirect(safeRedirect(parsed.data.redirectTo), { headers: result.headers });
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const [searchParams] = useSearchParams();
  const submitting = navigation.state !== "idle" && navigation.formAction === "/login";
  const result: ActionData | undefined = actionData;
  // Sent back from the second sign-in step (too many wrong codes, or it expired).
  const notice = loginNotice(searchParams);
  const redirectTo = searchParams.get("redirectTo");
  const alternative = (path: string) =>
    redirectTo ? `${path}?${new URLSearchParams({ redirectTo })}` : path;

  return (
    <main className="flex min-h-dvh items-center justify-center bg-slate-50 px-4 py-12 dark:bg-slate-950">
      <div className="w-full max-w-sm">
        <div className="mb-8 flex justify-center">
          <Brand />
        </div>
        <div className="rounded-2xl border border-slate-200 bg-white p-8 shadow-sm dark:border-slate-800 dark:bg-slate-900">
          <h1 className="text-center text-2xl font-bold tracking-tight">Agent Portal Login</h1>
          {searchParams.get("reset") === "1" && !result ? (
            <SuccessAlert className="mt-6 py-2">
              Your password has been reset. Sign in with your new password.
            </SuccessAlert>
          ) : null}
          {/* replace: the login page does not stay in history after signing in (portal spec). */}
          <Form method="post" replace className="mt-8 space-y-5" noValidate>
            <input type="hidden" name="redirectTo" value={searchParams.get("redirectTo") ?? ""} />
            <TextField
              label="Username"
              name="username"
              autoComplete="username"
              autoCapitalize="none"
              spellCheck={false}
              required
              defaultValue={result?.username ?? ""}
              error={result?.fieldErrors?.username}
              disabled={submitting}
            />
            <TextField
              label="Password"
              name="password"
              type="password"
              autoComplete="current-password"
              required
              error={result?.fieldErrors?.password}
              disabled={submitting}
            />
            {result?.formError ? (
              <ErrorAlert className="py-2">{result.formError}</ErrorAlert>
            ) : notice ? (
              <ErrorAlert className="py-2">{notice}</ErrorAlert>
            ) : null}
            <Button type="submit" className="w-full py-2.5" disabled={submitting}>
              {submitting ? "Signing in..." : "Sign In"}
            </Button>
          </Form>
          <p className="mt-5 flex flex-col items-center gap-2 text-sm">
            <Link to={alternative("/login/code")} className={authLinkClass}>
              Sign in with a code instead
            </Link>
            <Link to="/forgot-password" className={authLinkClass}>
              Forgot password?
            </Link>
          </p>
          {loaderData.demo ? (
            <div className="mt-6 rounded-lg bg-brand-50 px-4 py-3 text-sm text-brand-700 dark:bg-brand-700/20 dark:text-brand-100">
              <p className="font-semibold">Demo credentials</p>
              <p className="mt-1">
                Username: <code>{loaderData.demo.username}</code>
                <br />
                Password: <code>{loaderData.demo.password}</code>
              </p>
            </div>
          ) : null}
        </div>
      </div>
    </main>
  );
}
