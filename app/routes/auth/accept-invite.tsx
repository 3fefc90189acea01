import { data, Form, Link, redirect, useNavigation } from "react-router";
import { AuthCard } from "#app/components/auth/AuthCard.tsx";
import { ErrorAlert } from "#app/components/ui/alert.tsx";
import { Button, buttonClass } from "#app/components/ui/button.tsx";
import { TextField } from "#app/components/ui/text-field.tsx";
import { acceptInviteSchema, INVITATION_PROBLEMS, ROLE_LABELS } from "#app/lib/schemas/users.ts";
import { acceptInvitation, findInvitation } from "#server/accounts/invitations.ts";
import { runtimeOf, servicesOf } from "#server/web/context.ts";
import type { Route } from "./+types/accept-invite";

export const meta: Route.MetaFunction = () => [
  { title: "Accept Invitation | Carrierline" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token")?.trim() ?? "";
  const { database } = await runtimeOf(context);
  const view = await findInvitation(database.db, token.slice(0, 200));
  if (view.status !== "valid") {
    return data(
      { token, invitation: null, problem: INVITATION_PROBLEMS[view.status] },
      { status: view.status === "unknown" ? 404 : 410 },
    );
  }
  return {
    token,
    invitation: { email: view.email, company: view.company, role: ROLE_LABELS[view.role] },
    problem: null,
  };
}

type ActionData = {
  problem?: string;
  formError?: string;
  fieldErrors?: {
    username?: string | undefined;
    password?: string | undefined;
    confirmPassword?: string | undefined;
  };
  username?: string;
};

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const username = String(form.get("username") ?? "");
  const parsed = acceptInviteSchema.safeParse({
    token: form.get("token") ?? "",
    username,
    password: form.get("password") ?? "",
    confirmPassword: form.get("confirmPassword") ?? "",
  });
  if (!parsed.success) {
    const errors = parsed.error.flatten().fieldErrors;
    if (errors.token) {
      return data<ActionData>({ problem: INVITATION_PROBLEMS.unknown }, { status: 400 });
    }
    return data<ActionData>(
      {
        username,
        fieldErrors: {
          username: errors.username?.[0],
          password: errors.password?.[0],
          confirmPassword: errors.confirmPassword?.[0],
        },
      },
      { status: 400 },
    );
  }
  const result = await acceptInvitation(await servicesOf(context), {
    ...parsed.data,
    headers: request.headers,
  });
  if (result.ok) {
    if (!result.signedIn) throw redirect("/login");
    throw redirect("/dashboard", { headers: result.headers });
  }
  if (result.invitation) {
    return data<ActionData>({ problem: result.message }, { status: 410 });
  }
  return data<ActionData>(
    {
      username,
      ...(result.field === "username"
        ? { fieldErrors: { username: result.message } }
        : result.field === "password"
          ? { fieldErrors: { password: result.message } }
          : { formError: result.message }),
    },
    { status: result.field === "username" ? 409 : 400 },
  );
}

export default function AcceptInvite({ loaderData, actionData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  const result: ActionData | undefined = actionData;
  const problem = result?.problem ?? loaderData.problem;
  const invitation = loaderData.invitation;

  if (problem || !invitation) {
    return (
      <AuthCard title="Invitation unavailable">
        <ErrorAlert className="mt-6">{problem ?? INVITATION_PROBLEMS.unknown}</ErrorAlert>
        <Link to="/login" className={buttonClass("primary", "mt-6 w-full py-2.5")}>
          Go to sign in
        </Link>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Join your team">
      <p className="mt-3 text-center text-sm text-slate-600 dark:text-slate-400">
        You were invited to{" "}
        <strong className="text-slate-900 dark:text-white">{invitation.company}</strong> as{" "}
        {invitation.role.toLowerCase()}. Choose a username and a password to finish.
      </p>
      <Form method="post" replace className="mt-6 space-y-5" noValidate>
        <input type="hidden" name="token" value={loaderData.token} />
        <TextField label="Email" name="email" value={invitation.email} readOnly />
        <TextField
          label="Username"
          name="username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          required
          minLength={3}
          maxLength={40}
          hint="3 to 40 letters, digits, dots, underscores or hyphens"
          defaultValue={result?.username ?? ""}
          error={result?.fieldErrors?.username}
          disabled={submitting}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="new-password"
          required
          hint="At least 8 characters; not a common password, your username or your email"
          error={result?.fieldErrors?.password}
          disabled={submitting}
        />
        <TextField
          label="Confirm password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          required
          error={result?.fieldErrors?.confirmPassword}
          disabled={submitting}
        />
        {result?.formError ? <ErrorAlert className="py-2">{result.formError}</ErrorAlert> : null}
        <Button type="submit" className="w-full py-2.5" disabled={submitting}>
          {submitting ? "Creating your account..." : "Create account"}
        </Button>
      </Form>
    </AuthCard>
  );
}
