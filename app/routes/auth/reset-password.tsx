import { data, Form, Link, redirect, useNavigation } from "react-router";
import { AuthCard, authLinkClass } from "#app/components/auth/AuthCard.tsx";
import { ErrorAlert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { TextField } from "#app/components/ui/text-field.tsx";
import { RESET_LINK_DEAD, resetPasswordSchema } from "#app/lib/schemas/password-reset.ts";
import { resetPassword } from "#server/accounts/password-reset.ts";
import { clientAddressContext } from "#server/web/context.ts";
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
  const form = await request.formData();
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  const parsed = resetPasswordSchema.safeParse({
    token: text("token"),
    newPassword: text("newPassword"),
    confirmPassword: text("confirmPassword"),
  });
  if (!parsed.success) {
    const errors = parsed.error.flatten().fieldErrors;
    if (errors.token) return data<ActionData>({ dead: true }, { status: 400 });
    return data<ActionData>(
      {
        fieldErrors: {
          newPassword: errors.newPassword?.[0],
          confirmPassword: errors.confirmPassword?.[0],
        },
      },
      { status: 400 },
    );
  }
  const result = await resetPassword(request, context.get(clientAddressContext), parsed.data);
  if (result.ok) throw redirect("/login?reset=1");
  if (result.reason === "dead-link") return data<ActionData>({ dead: true }, { status: 400 });
  if (result.reason === "weak") {
    return data<ActionData>({ fieldErrors: { newPassword: result.message } }, { status: 400 });
  }
  return data<ActionData>(
    { formError: result.message },
    { status: result.reason === "busy" ? 429 : 500 },
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
        <TextField
          label="New password"
          name="newPassword"
          type="password"
          autoComplete="new-password"
          required
          hint="At least 8 characters; not a common password, nor your username or email."
          error={answer?.fieldErrors?.newPassword}
          disabled={saving}
        />
        <TextField
          label="Confirm new password"
          name="confirmPassword"
          type="password"
          autoComplete="new-password"
          required
          error={answer?.fieldErrors?.confirmPassword}
          disabled={saving}
        />
        {answer?.formError ? <ErrorAlert className="py-2">{answer.formError}</ErrorAlert> : null}
        <Button type="submit" className="w-full py-2.5" disabled={saving}>
          {saving ? "Saving password..." : "Set new password"}
        </Button>
      </Form>
    </AuthCard>
  );
}
