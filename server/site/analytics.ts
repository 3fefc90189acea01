import type { AnalyticsEventInput } from "#app/lib/schemas/waitlist.ts";
import { analyticsEvents } from "#server/db/schema/index.ts";
import type { ServiceContext } from "#server/platform/context.ts";
import { checkRate } from "#server/platform/rate-limit.ts";

const EVENTS_PER_MINUTE = 60;

/**
 * Counts one event from a client address against its limit, before its body is even read: a
 * flood then costs one statement a request. A refusal (rate_limited) once the limit is passed.
 */
export function limitEvents(ctx: ServiceContext, input: { address: string }) {
  return checkRate(ctx, {
    key: `events:${input.address}`,
    limit: EVENTS_PER_MINUTE,
    windowSeconds: 60,
    message: () => "Too many events.",
  });
}

/** Stores one first-party analytics event (the sign-up modal's funnel). */
export async function recordEvent(
  ctx: ServiceContext,
  input: { event: AnalyticsEventInput; userAgent: string | null },
): Promise<void> {
  const { event } = input;
  await ctx.db.insert(analyticsEvents).values({
    name: event.name,
    source: event.source ?? null,
    properties: event.message ? { message: event.message } : null,
    path: event.path ?? null,
    userAgent: input.userAgent?.slice(0, 500) ?? null,
  });
}
