import { data, Form, Link, redirect, useNavigation } from "react-router";
import { AuthCard } from "#app/components/auth/AuthCard.tsx";
import { FormEnd, SUBMIT } from "#app/components/auth/fields.tsx";
import { SignupButton } from "#app/components/site/SignupButton.tsx";
import { SiteFrame } from "#app/components/site/SiteFrame.tsx";
import { buttonClass } from "#app/components/ui/button.tsx";
import { TextField } from "#app/components/ui/text-field.tsx";
import { MISSING_CREDENTIALS_MESSAGE } from "#app/lib/schemas/user-constants.ts";
import { signupSchema } from "#app/lib/schemas/users.ts";
import { accountFieldOf, signUpWithCompany } from "#server/accounts/index.ts";
import { statusOf } from "#server/http/errors.ts";
import { runtimeOf, servicesOf } from "#server/web/context.ts";
import { parseForm } from "#server/web/forms.ts";
import { requireAnonymous } from "#server/web/guard.ts";
import type { Route } from "./+types/signup";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: loaderData?.open ? "Create an Account | Carrierline" : `${CLOSED_TITLE} | Carrierline`,
  },
  { name: "robots", content: "noindex" },
];

const CLOSED_TITLE = "Sign-up is by invitation";

const signupOpen = async (context: Route.LoaderArgs["context"]) =>
  (await runtimeOf(context)).config.allowSignup;

/** Open sign-up exists only when ALLOW_SIGNUP=true; otherwise nothing can be posted here. */
async function requireSignupOpen(context: Route.LoaderArgs["context"]) {
  if (!(await signupOpen(context))) throw data("Not Found", { status: 404 });
}

/**
 * Someone signed in goes to the dashboard. Otherwise the form, or, with sign-up closed, a page
 * in the site's frame that says how accounts are made (still a 404: there is no sign-up here).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAnonymous(request, context);
  if (!(await signupOpen(context))) return data({ open: false }, { status: 404 });
  return { open: true };
}

type Fields = "identifier" | "password" | "username" | "name" | "companyName";
type ActionData = {
  formError?: string;
  fieldErrors?: Partial<Record<Fields, string | undefined>>;
  values?: Partial<Record<Exclude<Fields, "password">, string>>;
};

export async function action({ request, context }: Route.ActionArgs) {
  await requireSignupOpen(context);
  const form = await parseForm(request, signupSchema);
  const text = (name: Fields) => form.fields[name] ?? "";
  const values = {
    identifier: text("identifier"),
    username: text("username"),
    name: text("name"),
    companyName: text("companyName"),
  };
  // Issue 6: a sign-up without an identifier or a password gets one message, before the rest.
  if (values.identifier.trim() === "" || text("password") === "") {
    return data<ActionData>({ formError: MISSING_CREDENTIALS_MESSAGE, values }, { status: 400 });
  }
  if (!form.ok) return data<ActionData>({ values, fieldErrors: form.fieldErrors }, { status: 400 });
  const signedUp = await signUpWithCompany(await servicesOf(context), {
    ...form.data,
    headers: request.headers,
  });
  if (signedUp.ok) throw redirect("/dashboard", { headers: signedUp.value.headers });
  const field = accountFieldOf(signedUp);
  // A taken company name: the form says why above and marks the field.
  const fieldErrors = field ? { [field]: signedUp.message } : signedUp.fieldErrors;
  return data<ActionData>(
    field ? { values, fieldErrors } : { values, formError: signedUp.message, fieldErrors },
    { status: statusOf(signedUp.kind) },
  );
}

function SignupClosed() {
  return (
    <SiteFrame>
      <main className="mx-auto flex max-w-xl flex-col items-center px-6 py-20 text-center sm:py-28">
        <p className="text-sm font-semibold uppercase tracking-wider text-brand-700 dark:text-brand-400">
          Private beta
        </p>
        <h1 className="mt-3 text-3xl font-bold tracking-tight sm:text-4xl">{CLOSED_TITLE}</h1>
        <p className="mt-4 text-lg text-slate-600 dark:text-slate-300">
          Carrierline accounts are created by your company's administrator. If your company is new
          to Carrierline, join the waitlist and we'll email your access details as soon as your spot
          opens.
        </p>
        <div className="mt-10 flex flex-wrap justify-center gap-3">
          <SignupButton source="direct" className={buttonClass("primary", "px-6 py-3 text-base")}>
            Join the Waitlist
          </SignupButton>
          <Link to="/login" className={buttonClass("secondary", "px-6 py-3 text-base")}>
            Agent sign-in
          </Link>
        </div>
      </main>
    </SiteFrame>
  );
}

export default function Signup({ loaderData, actionData }: Route.ComponentProps) {
  if (!loaderData.open) return <SignupClosed />;
  return <SignupForm actionData={actionData} />;
}

function SignupForm({ actionData }: Pick<Route.ComponentProps, "actionData">) {
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formMethod === "POST";
  const result: ActionData | undefined = actionData;
  const field = (name: Fields) => ({
    name,
    error: result?.fieldErrors?.[name],
    disabled: submitting,
  });
  return (
    <AuthCard title="Create your account">
      <p className="mt-3 text-center text-sm text-slate-600 dark:text-slate-400">
        Start a Carrierline workspace for your company; you will be its administrator.
      </p>
      <Form method="post" replace className="mt-6 space-y-5" noValidate>
        <TextField
          label="Email or phone number"
          autoComplete="email"
          autoCapitalize="none"
          spellCheck={false}
          defaultValue={result?.values?.identifier ?? ""}
          {...field("identifier")}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          hint="At least 8 characters; not a common password, your username or your email"
          {...field("password")}
        />
        <TextField
          label="Username"
          autoComplete="username"
          autoCapitalize="none"
          spellCheck={false}
          hint="You sign in with this: 3 to 40 letters, digits, dots, underscores or hyphens"
          defaultValue={result?.values?.username ?? ""}
          {...field("username")}
        />
        <TextField
          label="Your name"
          autoComplete="name"
          defaultValue={result?.values?.name ?? ""}
          {...field("name")}
        />
        <TextField
          label="Company name"
          autoComplete="organization"
          defaultValue={result?.values?.companyName ?? ""}
          {...field("companyName")}
        />
        <FormEnd error={result?.formError} busy={submitting} submit={SUBMIT.createAccount} />
      </Form>
      <p className="mt-6 text-center text-sm text-slate-600 dark:text-slate-400">
        Already have an account?{" "}
        <Link
          to="/login"
          className="font-medium text-brand-600 hover:underline dark:text-brand-400"
        >
          Sign in
        </Link>
      </p>
    </AuthCard>
  );
}
