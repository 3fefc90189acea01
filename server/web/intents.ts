import { redirect } from "react-router";
import { isDomainError } from "#server/platform/errors.ts";

/**
 * A form action with several intents (one button each) answers each with its own small function.
 * The table of those functions is typed per intent, so the action dispatches without a switch or
 * a cast.
 */

type Intent<A extends { intent: string }, K extends A["intent"]> = Extract<A, { intent: K }>;

/** One function per intent of the form's schema, each given the input of its own intent. */
export type IntentHandlers<A extends { intent: string }, C, R> = {
  [K in A["intent"]]: (ctx: C, input: Intent<A, K>, headers: Headers) => Promise<R>;
};

/**
 * Answers a parsed form with the function of its intent. A session that ended while the request
 * was on its way (a service says "unauthenticated") sends the agent to sign in again, as the
 * portal's guard would have a moment earlier.
 */
export function runIntent<A extends { intent: string }, K extends A["intent"], C, R>(
  handlers: IntentHandlers<A, C, R>,
  intent: K,
  ctx: C,
  input: Intent<A, K>,
  headers: Headers,
): Promise<R> {
  return handlers[intent](ctx, input, headers).catch((error: unknown) => {
    if (isDomainError(error) && error.refusal.kind === "unauthenticated") throw redirect("/login");
    throw error;
  });
}
