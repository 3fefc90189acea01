import { data, Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { AuthCard, authLinkClass } from "#app/components/auth/AuthCard.tsx";
import { FormEnd, PasswordField, SUBMIT, UsernameField } from "#app/components/auth/fields.tsx";
import { SuccessAlert } from "#app/components/ui/alert.tsx";
import { loginNotice } from "#app/lib/login-notices.ts";
import { safeRedirect } from "#app/lib/safe-redirect.ts";
import { loginSchema } from "#app/lib/schemas/login.ts";
import { signInWithUsername } from "#server/accounts/index.ts";
import { statusOf } from "#server/http/errors.ts";
import { clientAddressContext, runtimeOf, servicesOf } from "#server/web/context.ts";
import { parseForm } from "#server/web/forms.ts";
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

export async function action({ request, context }: Route.ActionArgs) {
  const form = await parseForm(request, loginSchema);
  const username = form.fields.username ?? "";
  if (!form.ok) {
    const { username: usernameError, password } = form.fieldErrors;
    return data<ActionData>(
      { fieldErrors: { username: usernameError, password }, username },
      { status: 400 },
    );
  }
  const { redirectTo } = form.data;
  const signedIn = await signInWithUsername(await servicesOf(context), {
    headers: request.headers,
    clientAddress: context.get(clientAddressContext),
    ...form.data,
  });
  if (!signedIn.ok) {
    return data<ActionData>(
      { formError: signedIn.message, username: form.data.username },
      { status: statusOf(signedIn.kind) },
    );
  }
  const { headers, twoFactor } = signedIn.value;
  if (twoFactor) {
    // The second sign-in step; the pending-attempt cookie rides on this redirect.
    const next = new URLSearchParams({ redirectTo: safeRedirect(redirectTo) });
    throw redirect(`/login/two-factor?${next}`, { headers });
  }
  throw redirect(safeRedirect(redirectTo), { headers });
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
    <AuthCard title="Agent Portal Login">
      {searchParams.get("reset") === "1" && !result ? (
        <SuccessAlert className="mt-6 py-2">
          Your password has been reset. Sign in with your new password.
        </SuccessAlert>
      ) : null}
      {/* replace: the login page does not stay in history after signing in (portal spec). */}
      <Form method="post" replace className="mt-8 space-y-5" noValidate>
        <input type="hidden" name="redirectTo" value={searchParams.get("redirectTo") ?? ""} />
        <UsernameField
          defaultValue={result?.username ?? ""}
          error={result?.fieldErrors?.username}
          disabled={submitting}
        />
        <PasswordField
          autoComplete="current-password"
          error={result?.fieldErrors?.password}
          disabled={submitting}
        />
        <FormEnd error={result?.formError || notice} busy={submitting} submit={SUBMIT.signIn} />
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
    </AuthCard>
  );
}
