import { Form } from "react-router";
import { PasswordForm } from "#app/components/account/password.tsx";
import { ProfileForm } from "#app/components/account/profile.tsx";
import { Sessions } from "#app/components/account/sessions.tsx";
import { SignInPhonePanel } from "#app/components/account/sign-in-phone.tsx";
import { PageBar } from "#app/components/portal/PageBar.tsx";
import { RouteError } from "#app/components/portal/RouteError.tsx";
import { buttonClass } from "#app/components/ui/button.tsx";
import { accountActionSchema } from "#app/lib/schemas/account.ts";
import { userCtx } from "#server/web/context.ts";
import { parseForm } from "#server/web/forms.ts";
import { runIntent } from "#server/web/intents.ts";
import type { Route } from "./+types/account";
import { ACCOUNT_INTENTS, invalidAccountForm, loadAccount } from "./account.server.ts";

export const meta: Route.MetaFunction = () => [{ title: "My Account | Carrierline" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadAccount(userCtx(context), request.headers);
}

/** One intent per form of the page, each answered by its own function (account.server.ts). */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await parseForm(request, accountActionSchema);
  if (!form.ok) return invalidAccountForm(form.fields, form.fieldErrors);
  const { intent } = form.data;
  return runIntent(ACCOUNT_INTENTS, intent, userCtx(context), form.data, request.headers);
}

export function ErrorBoundary() {
  return <RouteError message="Failed to load profile" />;
}

export default function Account({ loaderData }: Route.ComponentProps) {
  const { profile, sessions } = loaderData;
  return (
    <main className="mx-auto max-w-4xl px-4 py-8 sm:px-6">
      <PageBar
        title="My Account"
        actions={
          <Form method="post" action="/logout">
            <button type="submit" className={buttonClass("secondary")}>
              Sign out
            </button>
          </Form>
        }
      />
      <div className="space-y-6">
        <ProfileForm profile={profile} />
        <SignInPhonePanel signInPhone={profile.signInPhone} />
        <PasswordForm />
        <Sessions sessions={sessions} />
      </div>
    </main>
  );
}
