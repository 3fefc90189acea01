import { data, Form, Link, useNavigation } from "react-router";
import { AuthCard, authLinkClass } from "#app/components/auth/AuthCard.tsx";
import { FormEnd, SUBMIT } from "#app/components/auth/fields.tsx";
import { SuccessAlert } from "#app/components/ui/alert.tsx";
import { TextField } from "#app/components/ui/text-field.tsx";
import { forgotPasswordSchema } from "#app/lib/schemas/password-reset.ts";
import {
  RESET_LINK_NOT_SENT,
  RESET_SENT,
  requestPasswordReset,
  unlessAuthFailed,
} from "#server/accounts/index.ts";
import { statusOf } from "#server/http/errors.ts";
import { clientAddressContext, servicesOf } from "#server/web/context.ts";
import { parseForm } from "#server/web/forms.ts";
import type { Route } from "./+types/forgot-password";

export const meta: Route.MetaFunction = () => [
  { title: "Forgot password | Carrierline" },
  { name: "robots", content: "noindex" },
];

type ActionData = { email: string; sent?: string; fieldError?: string; formError?: string };

export async function action({ request, context }: Route.ActionArgs) {
  const form = await parseForm(request, forgotPasswordSchema);
  const email = form.fields.email ?? "";
  if (!form.ok) {
    return data<ActionData>({ email, fieldError: form.fieldErrors.email }, { status: 400 });
  }
  const sent = await unlessAuthFailed(
    requestPasswordReset(await servicesOf(context), {
      headers: request.headers,
      clientAddress: context.get(clientAddressContext),
      email: form.data.email,
    }),
  );
  // The auth service failed to send (logged there): the person may simply try again.
  if (!sent) return data<ActionData>({ email, formError: RESET_LINK_NOT_SENT }, { status: 503 });
  if (!sent.ok) {
    return data<ActionData>({ email, formError: sent.message }, { status: statusOf(sent.kind) });
  }
  return data<ActionData>({ email: form.data.email, sent: RESET_SENT });
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const answer: ActionData | undefined = actionData;
  const navigation = useNavigation();
  const sending = navigation.state !== "idle" && navigation.formMethod === "POST";
  return (
    <AuthCard title="Forgot password?">
      {answer?.sent ? (
        <SuccessAlert className="mt-8">{answer.sent}</SuccessAlert>
      ) : (
        <Form method="post" className="mt-8 space-y-5" noValidate>
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Enter the email address of your account and we will send you a link to choose a new
            password.
          </p>
          <TextField
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            required
            defaultValue={answer?.email ?? ""}
            error={answer?.fieldError}
            disabled={sending}
          />
          <FormEnd error={answer?.formError} busy={sending} submit={SUBMIT.sendResetLink} />
        </Form>
      )}
      <p className="mt-6 text-center text-sm">
        <Link to="/login" className={authLinkClass}>
          Back to sign in
        </Link>
      </p>
    </AuthCard>
  );
}
