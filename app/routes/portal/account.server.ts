import { data, redirect } from "react-router";
import type { z } from "zod";
import type { AccountAnswer, accountActionSchema } from "#app/lib/schemas/account.ts";
import {
  changePassword,
  confirmTotpEnrollment,
  disableTwoFactor,
  getProfile,
  listSessions,
  type Refusal,
  regenerateBackupCodes,
  revokeOtherSessions,
  revokeSessionById,
  type SessionRuntime,
  sendSignInPhoneCode,
  signOutScope,
  startTotpEnrollment,
  unlessAuthFailed,
  updateProfile,
  verifySignInPhone,
} from "#server/accounts/index.ts";
import { statusOf } from "#server/http/errors.ts";
import type { UserContext } from "#server/platform/context.ts";
import type { FieldErrors } from "#server/platform/errors.ts";

/** The agent's profile and live sessions. */
export async function loadAccount(ctx: UserContext, headers: Headers) {
  const [profile, sessions] = await Promise.all([getProfile(ctx), listSessions(ctx, { headers })]);
  if (!profile) throw data("Failed to load profile", { status: 500 });
  return { profile, sessions };
}

type AccountAction = z.output<typeof accountActionSchema>;
type Intent<K extends AccountAction["intent"]> = Extract<AccountAction, { intent: K }>;

/** What an intent did, shown in the panel that asked (3 s, as every success on this page). */
const done = (intent: string, shown: Omit<AccountAnswer, "intent" | "ok">, init?: ResponseInit) =>
  data<AccountAnswer>({ intent, ok: true, ...shown }, init);

/** Why an intent was refused, shown in the panel that asked, with the status of its kind. */
const refused = (intent: string, refusal: Refusal) =>
  data<AccountAnswer>(
    { intent, ok: false, message: refusal.message },
    { status: statusOf(refusal.kind) },
  );

/** A form that failed its schema: its first problem, in the panel that sent it. */
export function invalidAccountForm(fields: Record<string, string>, fieldErrors: FieldErrors) {
  const message = Object.values(fieldErrors)[0] ?? "Please check the form and try again.";
  return data<AccountAnswer>({ intent: fields.intent ?? "", ok: false, message }, { status: 400 });
}

export async function profileIntent(ctx: UserContext, input: Intent<"profile">) {
  const saved = await updateProfile(ctx, input);
  if (!saved.ok) return refused(input.intent, saved);
  return done(input.intent, { message: "Profile updated successfully" });
}

export async function passwordIntent(
  ctx: UserContext,
  input: Intent<"password">,
  headers: Headers,
) {
  const changed = await unlessAuthFailed(changePassword(ctx, { ...input, headers }));
  if (!changed) {
    // The auth service failed (logged there); the portal spec's words for it.
    return data<AccountAnswer>(
      { intent: input.intent, ok: false, message: "Failed to update password" },
      { status: 500 },
    );
  }
  if (!changed.ok) return refused(input.intent, changed);
  // The change replaces this session, so the page must be loaded again with the new cookie:
  // a redirect does that with or without the page's script.
  throw redirect("/dashboard/account?password=updated", { headers: changed.value.headers });
}

export async function revokeSessionIntent(
  ctx: UserContext,
  input: Intent<"revoke-session">,
  headers: Headers,
) {
  const ended = await revokeSessionById(ctx, { ...input, headers });
  if (!ended.ok) return refused(input.intent, ended);
  return done(input.intent, { message: "That device is signed out" });
}

export async function revokeOthersIntent(
  ctx: UserContext,
  input: Intent<"revoke-others">,
  headers: Headers,
) {
  await revokeOtherSessions(ctx, { headers });
  return done(input.intent, { message: "Every other device is signed out" });
}

/** Every other session first, then this one, whose cookie the browser must also drop. */
export async function revokeAllIntent(
  ctx: UserContext,
  runtime: SessionRuntime,
  headers: Headers,
): Promise<never> {
  await revokeOtherSessions(ctx, { headers });
  const signedOut = await signOutScope(runtime, { headers, scope: "local" });
  throw redirect("/login", { headers: signedOut.headers });
}

export async function enableTwoFactorIntent(
  ctx: UserContext,
  input: Intent<"2fa-enable">,
  headers: Headers,
) {
  const started = await startTotpEnrollment(ctx, { ...input, headers });
  if (!started.ok) return refused(input.intent, started);
  const { qrSvg, key } = started.value;
  return done(input.intent, {
    message: "Scan the code with your authenticator app",
    qrSvg,
    totpKey: key,
  });
}

export async function confirmTwoFactorIntent(
  ctx: UserContext,
  input: Intent<"2fa-confirm">,
  headers: Headers,
) {
  const confirmed = await confirmTotpEnrollment(ctx, { ...input, headers });
  if (!confirmed.ok) return refused(input.intent, confirmed);
  const { backupCodes, headers: renewed } = confirmed.value;
  return done(
    input.intent,
    { message: "Two-factor authentication is on", backupCodes },
    { headers: renewed },
  );
}

export async function disableTwoFactorIntent(
  ctx: UserContext,
  input: Intent<"2fa-disable">,
  headers: Headers,
) {
  const disabled = await disableTwoFactor(ctx, { ...input, headers });
  if (!disabled.ok) return refused(input.intent, disabled);
  return done(
    input.intent,
    { message: "Two-factor authentication is off" },
    { headers: disabled.value.headers },
  );
}

export async function backupCodesIntent(
  ctx: UserContext,
  input: Intent<"2fa-backup-codes">,
  headers: Headers,
) {
  const made = await regenerateBackupCodes(ctx, { ...input, headers });
  if (!made.ok) return refused(input.intent, made);
  return done(input.intent, {
    message: "New backup codes made; the old ones no longer work",
    backupCodes: made.value.backupCodes,
  });
}

export async function phoneSendIntent(
  ctx: UserContext,
  input: Intent<"phone-send">,
  headers: Headers,
) {
  const sent = await sendSignInPhoneCode(ctx, { ...input, headers });
  if (!sent.ok) return refused(input.intent, sent);
  const { phoneNumber } = input;
  return done(input.intent, { message: `We texted a code to ${phoneNumber}`, phoneNumber });
}

export async function phoneVerifyIntent(
  ctx: UserContext,
  input: Intent<"phone-verify">,
  headers: Headers,
) {
  const verified = await verifySignInPhone(ctx, { ...input, headers });
  if (!verified.ok) return refused(input.intent, verified);
  return done(input.intent, { message: "Sign-in phone verified" });
}
