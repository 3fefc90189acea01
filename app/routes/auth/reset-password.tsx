import { data, Form, Link, redirect, useNavigation } from "react-router";
import { AuthCard, authLinkClass } from "#app/components/auth/AuthCard.tsx";
import { FormEnd, NewPasswordFields, SUBMIT } from "#app/components/auth/fields.tsx";
import { ErrorAlert } from "#app/components/ui/alert.tsx";
import { RESET_LINK_DEAD, resetPasswordSchema } from "#app/lib/schemas/password-reset.ts";
import { RESET_FAILED, resetPassword, unlessAuthFailed } from "#server/accounts/index.ts";
import { statusOf } from "#server/http/errors.ts";
import { clientAddressContext, servicesOf } from "#server/web/context.ts";
import { parseForm } from "#server/web/forms.ts";
import type { Route } from "./+types/reset-password";

export const meta: Route.MetaFunction = () => [
  { title: "Reset password | Carrierline" },
  { name: "robots", content: "noindex" },
];

/**
 * The emailed link goes through the auth service, which sends the person here with ?token= when
 * the link is live and with ?error=INVALID_TOKEN when it is not.
 */
export function loader({ request }: Route.LoaderArgs) {
  const params = new URL(request.url).searchParams;
  const token = params.get("token") ?? "";
  const live = token !== "" && token.length <= 200 && !params.has("error");
  return { token: live ? token : null };
}

type ActionData = {
  dead?: boolean;
  formError?: string;
  fieldErrors?: { newPassword?: string | undefined; confirmPassword?: string | undefined };
};

export async function action({ request, context }: Route.ActionArgs) {
  const form = await parseForm(request, resetPasswordSchema);
  if (!form.ok) {
    const { token, newPassword, confirmPassword } = form.fieldErrors;
    if (token) return data<ActionData>({ dead: true }, { status: 400 });
    return data<ActionData>({ fieldErrors: { newPassword, confirmPassword } }, { status: 400 });
  }
  const reset = await unlessAuthFailed(
    resetPassword(await servicesOf(context), {
      ...form.data,
      headers: request.headers,
      clientAddress: context.get(clientAddressContext),
    }),
  );
  // The auth service failed (logged there): the person may simply try again.
  if (!reset) return data<ActionData>({ formError: RESET_FAILED }, { status: 500 });
  if (reset.ok) throw redirect("/login?reset=1");
  const status = statusOf(reset.kind);
  if (reset.code === "INVALID_TOKEN") return data<ActionData>({ dead: true }, { status });
  const newPassword = reset.fieldErrors?.newPassword;
  return data<ActionData>(
    newPassword ? { fieldErrors: { newPassword } } : { formError: reset.message },
    {
      status,
    },
  );
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const answer: ActionData | undefined = actionData;
  const navigation = useNavigation();
  const saving = navigation.state !== "idle" && navigation.formMethod === "POST";
  if (!loaderData.token || answer?.dead) {
    return (
      <AuthCard title="Reset password">
        <ErrorAlert className="mt-8">{RESET_LINK_DEAD}</ErrorAlert>
        <p className="mt-6 text-center text-sm">
          <Link to="/forgot-password" className={authLinkClass}>
            Request a new reset link
          </Link>
        </p>
      </AuthCard>
    );
  }
  return (
    <AuthCard title="Choose a new password">
      <Form method="post" replace className="mt-8 space-y-5" noValidate>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Setting a new password signs your account out on every device.
        </p>
        <input type="hidden" name="token" value={loaderData.token} />
        <NewPasswordFields of="reset" errors={answer?.fieldErrors} disabled={saving} />
        <FormEnd error={answer?.formError} busy={saving} submit={SUBMIT.setPassword} />
      </Form>
    </AuthCard>
  );
}
