import { data, redirect } from "react-router";
import type { z } from "zod";
import { safeRedirect } from "#app/lib/safe-redirect.ts";
import {
  type codeRequestSchema,
  codeVerifySchema,
  destinationText,
} from "#app/lib/schemas/code-sign-in.ts";
import {
  CODE_SEND_FAILED,
  requestSignInCode,
  signInWithCode,
  unlessAuthFailed,
} from "#server/accounts/index.ts";
import { statusOf } from "#server/http/errors.ts";
import type { ServiceContext } from "#server/platform/context.ts";
import { type ParsedForm, parseFields } from "#server/web/forms.ts";

/** What the /login/code page's action answers: which step to show, and what to say on it. */
export type CodeAnswer =
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

/** The browser that asks: its headers (cookies) and its network address. */
type FromClient = { headers: Headers; clientAddress: string };

const sentNotice = (to: string) =>
  `If an account matches, we sent a 6-digit code to ${to}. It works once and expires in 10 minutes.`;

/** "Send code" and "Send a new code": a code to the destination, then the code step. */
export async function sendCodeIntent(
  ctx: ServiceContext,
  from: FromClient,
  form: ParsedForm<z.output<typeof codeRequestSchema>>,
) {
  if (!form.ok) {
    return data<CodeAnswer>(
      {
        step: "request",
        destination: form.fields.destination ?? "",
        fieldError: form.fieldErrors.destination,
      },
      { status: 400 },
    );
  }
  const to = destinationText(form.data.destination);
  const sent = await unlessAuthFailed(
    requestSignInCode(ctx, { ...from, to: form.data.destination }),
  );
  if (!sent) {
    // The auth service failed to send (logged there): the person may simply try again.
    return data<CodeAnswer>(
      { step: "request", destination: to, formError: CODE_SEND_FAILED },
      { status: 503 },
    );
  }
  const answeredAt = Date.now();
  if (sent.ok) {
    return data<CodeAnswer>({
      step: "code",
      destination: to,
      notice: sentNotice(to),
      resendInSeconds: sent.value.resendInSeconds,
      answeredAt,
    });
  }
  // A refused resend leaves the last code working, so the person stays on the code step.
  const wait = sent.retryAfterSeconds ?? 0;
  return data<CodeAnswer>(
    { step: "code", destination: to, formError: sent.message, resendInSeconds: wait, answeredAt },
    { status: statusOf(sent.kind), headers: { "Retry-After": String(wait) } },
  );
}

/** "Sign In" with the code: on to the page asked for (or the second step), or why not. */
export async function verifyCodeIntent(
  ctx: ServiceContext,
  from: FromClient,
  fields: Record<string, string>,
) {
  const answeredAt = Date.now();
  const form = parseFields(fields, codeVerifySchema);
  if (!form.ok) {
    const destination = fields.destination ?? "";
    const { destination: destinationError, code } = form.fieldErrors;
    return destinationError
      ? data<CodeAnswer>(
          { step: "request", destination, fieldError: destinationError },
          { status: 400 },
        )
      : data<CodeAnswer>(
          { step: "code", destination, codeError: code, resendInSeconds: 0, answeredAt },
          { status: 400 },
        );
  }
  const { destination, code, redirectTo } = form.data;
  const signedIn = await signInWithCode(ctx, { ...from, to: destination, code });
  if (signedIn.ok) {
    const next = safeRedirect(redirectTo);
    const target = signedIn.value.twoFactor
      ? `/login/two-factor?${new URLSearchParams({ redirectTo: next })}`
      : next;
    throw redirect(target, { headers: signedIn.value.headers });
  }
  return data<CodeAnswer>(
    {
      step: "code",
      destination: destinationText(destination),
      formError: signedIn.message,
      dead: signedIn.kind === "gone",
      resendInSeconds: 0,
      answeredAt,
    },
    { status: statusOf(signedIn.kind) },
  );
}
