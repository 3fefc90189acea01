import { Form, Link, useNavigation, useSearchParams } from "react-router";
import { AuthCard, authLinkClass } from "#app/components/auth/AuthCard.tsx";
import { FormEnd, SUBMIT } from "#app/components/auth/fields.tsx";
import { SuccessAlert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { TextField } from "#app/components/ui/text-field.tsx";
import { codeRequestSchema } from "#app/lib/schemas/code-sign-in.ts";
import { useCountdown } from "#app/lib/use-countdown.ts";
import { clientAddressContext, servicesOf } from "#server/web/context.ts";
import { parseForm } from "#server/web/forms.ts";
import { requireAnonymous } from "#server/web/guard.ts";
import type { Route } from "./+types/login-code";
import { type CodeAnswer, sendCodeIntent, verifyCodeIntent } from "./login-code.server.ts";

export const meta: Route.MetaFunction = () => [
  { title: "Sign in with a code | Carrierline" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAnonymous(request, context);
  return null;
}

type ActionData = CodeAnswer;

export async function action({ request, context }: Route.ActionArgs) {
  // Sending and resending a code read the same fields; verifying reads the code as well.
  const form = await parseForm(request, codeRequestSchema);
  const ctx = await servicesOf(context);
  const from = { headers: request.headers, clientAddress: context.get(clientAddressContext) };
  return form.fields.intent === "verify"
    ? verifyCodeIntent(ctx, from, form.fields)
    : sendCodeIntent(ctx, from, form);
}

export default function LoginCode({ actionData }: Route.ComponentProps) {
  const answer: ActionData | undefined = actionData;
  const [searchParams] = useSearchParams();
  const redirectTo = searchParams.get("redirectTo") ?? "";
  const withRedirect = (path: string) =>
    redirectTo ? `${path}?${new URLSearchParams({ redirectTo })}` : path;

  return (
    <AuthCard title="Sign in with a code">
      {answer?.step === "code" ? (
        <CodeStep key={answer.answeredAt} answer={answer} redirectTo={redirectTo} />
      ) : (
        <RequestStep answer={answer} redirectTo={redirectTo} />
      )}
      <p className="mt-6 flex flex-col items-center gap-2 text-sm">
        {answer?.step === "code" ? (
          <Link to={withRedirect("/login/code")} className={authLinkClass} reloadDocument>
            Use a different email or phone
          </Link>
        ) : null}
        <Link to={withRedirect("/login")} className={authLinkClass}>
          Sign in with a password instead
        </Link>
      </p>
    </AuthCard>
  );
}

function useBusy(intent: string) {
  const navigation = useNavigation();
  return navigation.state !== "idle" && navigation.formData?.get("intent") === intent;
}

function RequestStep({
  answer,
  redirectTo,
}: {
  answer: Extract<ActionData, { step: "request" }> | undefined;
  redirectTo: string;
}) {
  const sending = useBusy("send");
  return (
    <Form method="post" className="mt-8 space-y-5" noValidate>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        We will send a 6-digit code to the email address or mobile number on your account.
      </p>
      <input type="hidden" name="intent" value="send" />
      <input type="hidden" name="redirectTo" value={redirectTo} />
      <TextField
        label="Email or phone"
        name="destination"
        autoComplete="username"
        autoCapitalize="none"
        spellCheck={false}
        required
        defaultValue={answer?.destination ?? ""}
        error={answer?.fieldError}
        disabled={sending}
      />
      <FormEnd error={answer?.formError} busy={sending} submit={SUBMIT.sendCode} />
    </Form>
  );
}

function CodeStep({
  answer,
  redirectTo,
}: {
  answer: Extract<ActionData, { step: "code" }>;
  redirectTo: string;
}) {
  const verifying = useBusy("verify");
  const resending = useBusy("resend");
  const { left, live } = useCountdown(answer.resendInSeconds);
  const waiting = left > 0;
  return (
    <div className="mt-8 space-y-5">
      {answer.notice ? <SuccessAlert className="py-2">{answer.notice}</SuccessAlert> : null}
      <Form method="post" replace className="space-y-5" noValidate>
        <input type="hidden" name="intent" value="verify" />
        <input type="hidden" name="destination" value={answer.destination} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <TextField
          label="6-digit code"
          name="code"
          inputMode="numeric"
          autoComplete="one-time-code"
          pattern="[0-9 ]*"
          maxLength={7}
          required
          autoFocus
          error={answer.codeError}
          disabled={verifying}
        />
        <FormEnd
          error={answer.formError}
          busy={verifying}
          disabled={answer.dead}
          submit={SUBMIT.signIn}
        />
      </Form>
      <Form method="post" className="space-y-2 text-center" noValidate>
        <input type="hidden" name="intent" value="resend" />
        <input type="hidden" name="destination" value={answer.destination} />
        <input type="hidden" name="redirectTo" value={redirectTo} />
        <Button
          type="submit"
          variant={answer.dead ? "primary" : "secondary"}
          className="w-full"
          // Without script the server answers an early resend with the time left.
          disabled={resending || (live && waiting)}
        >
          {resending ? "Sending..." : "Send a new code"}
        </Button>
        <p className="text-xs text-slate-500 dark:text-slate-400" aria-live="polite">
          {waiting
            ? `You can ask for a new code in ${left} second${left === 1 ? "" : "s"}.`
            : "Codes can be resent once a minute, up to 5 times an hour."}
        </p>
      </Form>
    </div>
  );
}
