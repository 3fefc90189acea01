import { and, desc, eq } from "drizzle-orm";
import {
  type ActivityDetails,
  type ActivityEntry,
  activityDetailsSchema,
} from "#app/lib/activity.ts";
import { activities, agent_users } from "#server/db/schema/index.ts";
import type { ServiceContext, UserContext } from "#server/platform/context.ts";

type Entry = { dealId?: string; customerId?: string; quoteId?: string; details: ActivityDetails };

/** Writes one entry of the company's activity log, as the acting user. */
export async function recordActivity(ctx: UserContext, entry: Entry): Promise<void> {
  await recordActivityOf(ctx, { ...entry, companyId: ctx.user.companyId, actorId: ctx.user.id });
}

/**
 * Writes one entry for work done away from a request (a bill analysis job), on behalf of the
 * person it is done for.
 */
export async function recordActivityOf(
  ctx: Pick<ServiceContext, "db">,
  entry: Entry & { companyId: string; actorId: string | null },
): Promise<void> {
  const { kind, ...details } = entry.details;
  await ctx.db.insert(activities).values({
    companyId: entry.companyId,
    actorId: entry.actorId,
    kind,
    dealId: entry.dealId ?? null,
    customerId: entry.customerId ?? null,
    quoteId: entry.quoteId ?? null,
    details,
  });
}

/** A deal's or a customer's timeline, newest first; entries that no longer parse are skipped. */
export async function activityTimeline(
  ctx: UserContext,
  of: { dealId: string } | { customerId: string },
  limit = 200,
): Promise<ActivityEntry[]> {
  const rows = await ctx.db
    .select({
      id: activities.id,
      kind: activities.kind,
      details: activities.details,
      actor: agent_users.username,
      actorName: agent_users.name,
      at: activities.createdAt,
    })
    .from(activities)
    .leftJoin(agent_users, eq(agent_users.id, activities.actorId))
    .where(
      and(
        eq(activities.companyId, ctx.user.companyId),
        "dealId" in of
          ? eq(activities.dealId, of.dealId)
          : eq(activities.customerId, of.customerId),
      ),
    )
    .orderBy(desc(activities.createdAt), desc(activities.id))
    .limit(limit);
  return rows.flatMap((row) => {
    const parsed = activityDetailsSchema.safeParse({ ...row.details, kind: row.kind });
    if (!parsed.success) return [];
    return [{ id: row.id, actor: row.actor ?? row.actorName, at: row.at, details: parsed.data }];
  });
}
