import { createHash, timingSafeEqual } from "node:crypto";
import { signValue, verifySigned } from "#server/accounts/index.ts";
import type { ServiceContext } from "#server/platform/context.ts";
import { done, type Outcome, refuse } from "#server/platform/errors.ts";
import { checkRate } from "#server/platform/rate-limit.ts";
import { answerQuestion } from "./answer.ts";
import { catalogTools } from "./tools.ts";

// The standalone assistant's gate ('Secure Access', decision 0025): one server-side password,
// compared in constant time and rate limited per address; unlocking gives a signed cookie that
// lasts a working day. Behind it the assistant answers from the public catalog only.

export const GATE_COOKIE = "carrierline_assistant_gate";
export const GATE_TTL_SECONDS = 12 * 60 * 60;
export const INCORRECT_PASSWORD = "Incorrect password";
export const GATE_CLOSED =
  "The assistant's password gate is not set up. Sign in to use the assistant.";
/** Attempts one address may make in a window. */
export const GATE_ATTEMPTS = 10;
export const GATE_WINDOW_SECONDS = 5 * 60;

const digest = (text: string) => createHash("sha256").update(text, "utf8").digest();

/** Equal in constant time: both sides are hashed first, so their lengths say nothing either. */
export function samePassword(given: string, expected: string): boolean {
  return timingSafeEqual(digest(given), digest(expected));
}

/** The cookie's value for a correct password, or the refusal the gate shows. */
export async function unlockGate(
  ctx: ServiceContext,
  input: { password: string; clientAddress: string },
): Promise<Outcome<{ token: string; maxAgeSeconds: number }>> {
  const expected = ctx.config.assistantGatePassword;
  if (expected === null) return refuse("forbidden", GATE_CLOSED);
  const limited = await checkRate(ctx, {
    key: `assistant-gate:${input.clientAddress}`,
    limit: GATE_ATTEMPTS,
    windowSeconds: GATE_WINDOW_SECONDS,
    message: (s) => `Too many attempts. Please try again in ${s} second${s === 1 ? "" : "s"}.`,
  });
  if (limited) return limited;
  if (!samePassword(input.password, expected)) return refuse("invalid", INCORRECT_PASSWORD);
  const expires = ctx.ports.clock.now().getTime() + GATE_TTL_SECONDS * 1000;
  return done({
    token: await signValue(ctx, `assistant-gate:${expires}`),
    maxAgeSeconds: GATE_TTL_SECONDS,
  });
}

/** True when the cookie's value is one the gate signed and it has not expired. */
export async function gateIsOpen(ctx: ServiceContext, token: string | null): Promise<boolean> {
  if (!token || ctx.config.assistantGatePassword === null) return false;
  const value = await verifySigned(ctx, token);
  const expires = Number(/^assistant-gate:(\d+)$/.exec(value ?? "")?.[1] ?? 0);
  return expires > ctx.ports.clock.now().getTime();
}

/**
 * One answer behind the gate, in pieces as it is written: the configured model or the built-in
 * engine over the public catalog only, no history, nothing stored.
 */
export async function* gateAnswer(
  ctx: ServiceContext,
  input: { message: string },
): AsyncGenerator<string, void> {
  yield* answerQuestion(ctx, {
    tools: { ...catalogTools(ctx), company: null },
    message: input.message,
    history: [],
    previous: null,
    agent: null,
  });
}
