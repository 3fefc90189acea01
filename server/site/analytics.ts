import type { AnalyticsEventInput } from "#app/lib/schemas/waitlist.ts";
import type { Database } from "#server/db/client.ts";
import { analyticsEvents } from "#server/db/schema/index.ts";

/** Stores one first-party analytics event (the sign-up modal's funnel). */
export async function recordEvent(
  db: Database,
  event: AnalyticsEventInput,
  context: { userAgent: string | null },
): Promise<void> {
  await db.insert(analyticsEvents).values({
    name: event.name,
    source: event.source ?? null,
    properties: event.message ? { message: event.message } : null,
    path: event.path ?? null,
    userAgent: context.userAgent?.slice(0, 500) ?? null,
  });
}
