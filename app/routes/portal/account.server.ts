import { data, redirect } from "react-router";
import type { z } from "zod";
import type { AccountAnswer, accountActionSchema } from "#app/lib/schemas/account.ts";
import {
  changePassword,
  confirmTotpEnrollment,
  disableTwoFactor,
  getProfile,
  listSessions,
  type Outcome,
  type Refusal,
  regenerateBackupCodes,
  revokeOtherSessions,
  revokeSessionById,
  sendSignInPhoneCode,
  signOutEverywhere,
  startTotpEnrollment,
  unlessAuthFailed,
  updateProfile,
  verifySignInPhone,
} from "#server/accounts/index.ts";
import { statusOf } from "#server/http/errors.ts";
import type { UserContext } from "#server/platform/context.ts";
import { done, type FieldErrors } from "#server/platform/errors.ts";
import type { IntentHandlers } from "#server/web/intents.ts";

/** The agent's profile and live sessions. */
export async function loadAccount(ctx: UserContext, headers: Headers) {
  const [profile, sessions] = await Promise.all([getProfile(ctx), listSessions(ctx, { headers })]);
  if (!profile) throw data("Failed to load profile", { status: 500 });
  return { profile, sessions };
}

type AccountAction = z.output<typeof accountActionSchema>;
type Answer = ReturnType<typeof data<AccountAnswer>>;
type Shown = Omit<AccountAnswer, "intent" | "ok">;

/** Why an intent was refused, in the panel that asked, with the status of the refusal's kind. */
const refused = ({ intent }: AccountAction, refusal: Refusal) =>
  data<AccountAnswer>(
    { intent, ok: false, message: refusal.message },
    { status: statusOf(refusal.kind) },
  );

/**
 * The answer to an intent, in the panel that asked: what it did (`shown`, with the renewed
 * session cookie when the change replaced the session), or why it was refused.
 */
function answer<T>(
  input: AccountAction,
  outcome: Outcome<T>,
  shown: (value: T) => Shown,
  cookie?: (value: T) => Headers,
): Answer {
  if (!outcome.ok) return refused(input, outcome);
  const body: AccountAnswer = { intent: input.intent, ok: true, ...shown(outcome.value) };
  return data(body, cookie ? { headers: cookie(outcome.value) } : undefined);
}

/** A form that failed its schema: its first problem, in the panel that sent it, and each field's. */
export function invalidAccountForm(fields: Record<string, string>, fieldErrors: FieldErrors) {
  const message = Object.values(fieldErrors)[0] ?? "Please check the form and try again.";
  return data<AccountAnswer>(
    { intent: fields.intent ?? "", ok: false, message, fieldErrors },
    { status: 400 },
  );
}

/** Every intent of the page's forms, each answered by its own function. */
export const ACCOUNT_INTENTS: IntentHandlers<AccountAction, UserContext, Answer> = {
  profile: async (ctx, input) =>
    answer(input, await updateProfile(ctx, input), () => ({
      message: "Profile updated successfully",
    })),

  password: async (ctx, input, headers) => {
    const changed = await unlessAuthFailed(changePassword(ctx, { ...input, headers }));
    if (!changed) {
      // The auth service failed (logged there); the portal spec's words for it.
      const message = "Failed to update password";
      return data<AccountAnswer>({ intent: input.intent, ok: false, message }, { status: 500 });
    }
    if (!changed.ok) return refused(input, changed);
    // The change replaces this session, so the page must be loaded again with the new cookie:
    // a redirect does that with or without the page's script.
    throw redirect("/dashboard/account?password=updated", { headers: changed.value.headers });
  },

  "revoke-session": async (ctx, input, headers) =>
    answer(input, await revokeSessionById(ctx, { ...input, headers }), () => ({
      message: "That device is signed out",
    })),

  "revoke-others": async (ctx, input, headers) => {
    await revokeOtherSessions(ctx, { headers });
    return answer(input, done(undefined), () => ({ message: "Every other device is signed out" }));
  },

  // Every session, this one included: back to /login, and the browser drops its cookie.
  "revoke-all": async (ctx, _input, headers) => {
    throw redirect("/login", { headers: await signOutEverywhere(ctx, { headers }) });
  },

  "2fa-enable": async (ctx, input, headers) =>
    answer(input, await startTotpEnrollment(ctx, { ...input, headers }), ({ qrSvg, key }) => ({
      message: "Scan the code with your authenticator app",
      qrSvg,
      totpKey: key,
    })),

  "2fa-confirm": async (ctx, input, headers) =>
    answer(
      input,
      await confirmTotpEnrollment(ctx, { ...input, headers }),
      ({ backupCodes }) => ({ message: "Two-factor authentication is on", backupCodes }),
      (confirmed) => confirmed.headers,
    ),

  "2fa-disable": async (ctx, input, headers) =>
    answer(
      input,
      await disableTwoFactor(ctx, { ...input, headers }),
      () => ({ message: "Two-factor authentication is off" }),
      (disabled) => disabled.headers,
    ),

  "2fa-backup-codes": async (ctx, input, headers) =>
    answer(input, await regenerateBackupCodes(ctx, { ...input, headers }), ({ backupCodes }) => ({
      message: "New backup codes made; the old ones no longer work",
      backupCodes,
    })),

  "phone-send": async (ctx, input, headers) =>
    answer(input, await sendSignInPhoneCode(ctx, { ...input, headers }), () => ({
      message: `We texted a code to ${input.phoneNumber}`,
      phoneNumber: input.phoneNumber,
    })),

  "phone-verify": async (ctx, input, headers) =>
    answer(input, await verifySignInPhone(ctx, { ...input, headers }), () => ({
      message: "Sign-in phone verified",
    })),
};
