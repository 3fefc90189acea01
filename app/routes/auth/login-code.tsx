import { data, Form, Link, redirect, useNavigation, useSearchParams } from "react-router";
import { AuthCard, authLinkClass } from "#app/components/auth/AuthCard.tsx";
import { ErrorAlert, SuccessAlert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { TextField } from "#app/components/ui/text-field.tsx";
import { safeRedirect } from "#app/lib/safe-redirect.ts";
import {
  codeRequestSchema,
  codeVerifySchema,
  destinationText,
} from "#app/lib/schemas/code-sign-in.ts";
import { useCountdown } from "#app/lib/use-countdown.ts";
import {
  CODE_SEND_FAILED,
  requestSignInCode,
  signInWithCode,
} from "#server/accounts/code-sign-in.ts";
import { clientAddressContext } from "#server/web/context.ts";
import { requireAnonymous } from "#server/web/guard.ts";
import type { Route } from "./+types/login-code";

export const meta: Route.MetaFunction = () => [
  { title: "Sign in with a code | Carrierline" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  await requireAnonymous(request, context);
  return null;
}

type ActionData =
  | { step: "request"; destination: string; fieldError?: string; formError?: string }
  | {
      step: "code";
      destination: string;
      notice?: string;
      codeError?: string;
      formError?: string;
      /** The code is dead (five wrong tries): only a new one helps. */
      dead?: boolean;
      resendInSeconds: number;
      /** Changes with every answer: the code step starts afresh (countdown, empty code field). */
      answeredAt: number;
    };

const field = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : "";
};

const sentNotice = (to: string) =>
  `If an account matches, we sent a 6-digit code to ${to}. It works once and expires in 10 minutes.`;

export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const rawDestination = field(form, "destination");
  const redirectTo = field(form, "redirectTo") || undefined;
  const address = context.get(clientAddressContext);
  const answeredAt = Date.now();

  if (field(form, "intent") === "verify") {
    const parsed = codeVerifySchema.safeParse({
      destination: rawDestination,
      code: field(form, "code"),
      redirectTo,
    });
    if (!parsed.success) {
      const errors = parsed.error.flatten().fieldErrors;
      if (errors.destination) {
        return data<ActionData>(
          { step: "request", destination: rawDestination, fieldError: errors.destination[0] },
          { status: 400 },
        );
      }
      return data<ActionData>(
        {
          step: "code",
          destination: rawDestination,
          codeError: errors.code?.[0],
          resendInSeconds: 0,
          answeredAt,
        },
        { status: 400 },
      );
    }
    const { destination, code } = parsed.data;
    const result = await signInWithCode(request, address, destination, code);
    if (result.ok) {
      const next = safeRedirect(parsed.data.redirectTo);
      const target = result.twoFactor
        ? `/login/two-factor?${new URLSearchParams({ redirectTo: next })}`
        : next;
      throw redirect(target, { headers: result.headers });
    }
    return data<ActionData>(
      {
        step: "code",
        destination: destinationText(destination),
        formError: result.message,
        dead: result.reason === "exhausted",
        resendInSeconds: 0,
        answeredAt,
      },
      { status: result.reason === "busy" ? 429 : 400 },
    );
  }

  const parsed = codeRequestSchema.safeParse({ destination: rawDestination, redirectTo });
  if (!parsed.success) {
    return data<ActionData>(
      {
        step: "request",
        destination: rawDestination,
        fieldError: parsed.error.flatten().fieldErrors.destination?.[0],
      },
      { status: 400 },
    );
  }
  const to = destinationText(parsed.data.destination);
  const result = await requestSignInCode(request, address, parsed.data.destination);
  if (result.ok) {
    return data<ActionData>({
      step: "code",
      destination: to,
      notice: sentNotice(to),
      resendInSeconds: result.resendInSeconds,
      answeredAt,
    });
  }
  if (result.message === CODE_SEND_FAILED) {
    return data<ActionData>(
      { step: "request", destination: to, formError: result.message },
      { status: 503 },
    );
  }
  // A refused resend leaves the last code working, so the person stays on the code step.
  return data<ActionData>(
    {
      step: "code",
      destination: to,
      formError: result.message,
      resendInSeconds: result.retryAfterSeconds,
      answeredAt,
    },
    { status: 429, headers: { "Retry-After": String(result.retryAfterSeconds) } },
  );
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
      {answer?.formError ? <ErrorAlert className="py-2">{answer.formError}</ErrorAlert> : null}
      <Button type="submit" className="w-full py-2.5" disabled={sending}>
        {sending ? "Sending code..." : "Send code"}
      </Button>
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
        {answer.formError ? <ErrorAlert className="py-2">{answer.formError}</ErrorAlert> : null}
        <Button type="submit" className="w-full py-2.5" disabled={verifying || answer.dead}>
          {verifying ? "Signing in..." : "Sign In"}
        </Button>
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
