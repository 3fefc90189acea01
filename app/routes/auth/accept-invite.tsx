import { data, Form, Link, redirect, useNavigation } from "react-router";
import { AuthCard } from "#app/components/auth/AuthCard.tsx";
import { FormEnd, NewPasswordFields, SUBMIT, UsernameField } from "#app/components/auth/fields.tsx";
import { ErrorAlert } from "#app/components/ui/alert.tsx";
import { buttonClass } from "#app/components/ui/button.tsx";
import { TextField } from "#app/components/ui/text-field.tsx";
import { INVITATION_PROBLEMS, ROLE_LABELS } from "#app/lib/schemas/user-constants.ts";
import { acceptInviteSchema } from "#app/lib/schemas/users.ts";
import {
  acceptInvitation,
  accountFieldOf,
  findInvitation,
  isUnusableInvitation,
} from "#server/accounts/index.ts";
import { statusOf } from "#server/http/errors.ts";
import { servicesOf } from "#server/web/context.ts";
import { parseForm } from "#server/web/forms.ts";
import type { Route } from "./+types/accept-invite";

export const meta: Route.MetaFunction = () => [
  { title: "Accept Invitation | Carrierline" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const token = new URL(request.url).searchParams.get("token")?.trim() ?? "";
  const found = await findInvitation(await servicesOf(context), { token: token.slice(0, 200) });
  if (!found.ok) {
    return data(
      { token, invitation: null, problem: found.message },
      { status: statusOf(found.kind) },
    );
  }
  const { email, company, role } = found.value;
  return { token, invitation: { email, company, role: ROLE_LABELS[role] }, problem: null };
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
  const form = await parseForm(request, acceptInviteSchema);
  const username = form.fields.username ?? "";
  if (!form.ok) {
    const { token, ...fieldErrors } = form.fieldErrors;
    if (token) return data<ActionData>({ problem: INVITATION_PROBLEMS.unknown }, { status: 400 });
    return data<ActionData>({ username, fieldErrors }, { status: 400 });
  }
  const accepted = await acceptInvitation(await servicesOf(context), {
    ...form.data,
    headers: request.headers,
  });
  if (accepted.ok) {
    if (!accepted.value.signedIn) throw redirect("/login");
    throw redirect("/dashboard", { headers: accepted.value.headers });
  }
  const status = statusOf(accepted.kind);
  if (isUnusableInvitation(accepted)) {
    return data<ActionData>({ problem: accepted.message }, { status });
  }
  const field = accountFieldOf(accepted);
  return data<ActionData>(
    field
      ? { username, fieldErrors: { [field]: accepted.message } }
      : { username, formError: accepted.message },
    { status },
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
        <UsernameField
          minLength={3}
          maxLength={40}
          hint="3 to 40 letters, digits, dots, underscores or hyphens"
          defaultValue={result?.username ?? ""}
          error={result?.fieldErrors?.username}
          disabled={submitting}
        />
        <NewPasswordFields of="invite" errors={result?.fieldErrors} disabled={submitting} />
        <FormEnd error={result?.formError} busy={submitting} submit={SUBMIT.createAccount} />
      </Form>
    </AuthCard>
  );
}
