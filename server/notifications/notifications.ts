import { and, desc, eq, isNull } from "drizzle-orm";
import type { NotificationType } from "#app/lib/domain.ts";
import type { NotificationView } from "#app/lib/notifications.ts";
import type { PreparedOwner } from "#server/db/prepared.ts";
import { agent_users, notifications } from "#server/db/schema/index.ts";
import type { Actor, UserContext } from "#server/platform/context.ts";
import { done, type Outcome, refuse } from "#server/platform/errors.ts";

/** Enough for the panel; older ones stay stored but are not sent. */
export const NOTIFICATION_LIST_LIMIT = 50;

// Always the acting user's own, inside their company (or the placeholders of a prepared statement).
export const ownNotifications = (user: Pick<Actor, "id" | "companyId"> | PreparedOwner) =>
  and(eq(notifications.userId, user.id), eq(notifications.companyId, user.companyId));

const NOT_FOUND = refuse("not_found", "Notification not found.");

export async function listNotifications(ctx: UserContext): Promise<NotificationView[]> {
  const rows = await ctx.db
    .select()
    .from(notifications)
    .where(ownNotifications(ctx.user))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(NOTIFICATION_LIST_LIMIT);
  return rows.map((row) => ({
    id: row.id,
    type: row.type,
    title: row.title,
    message: row.message,
    timestamp: row.createdAt.getTime(),
    read: row.readAt !== null,
  }));
}

/** Refused as not found when the notification is not the acting user's. */
export async function markNotificationRead(ctx: UserContext, id: string): Promise<Outcome<void>> {
  const updated = await ctx.db
    .update(notifications)
    .set({ readAt: ctx.ports.clock.now() })
    .where(and(ownNotifications(ctx.user), eq(notifications.id, id)))
    .returning({ id: notifications.id });
  return updated.length > 0 ? done(undefined) : NOT_FOUND;
}

export async function markAllNotificationsRead(ctx: UserContext): Promise<void> {
  await ctx.db
    .update(notifications)
    .set({ readAt: ctx.ports.clock.now() })
    .where(and(ownNotifications(ctx.user), isNull(notifications.readAt)));
}

/** Refused as not found when the notification is not the acting user's. */
export async function removeNotification(ctx: UserContext, id: string): Promise<Outcome<void>> {
  const removed = await ctx.db
    .delete(notifications)
    .where(and(ownNotifications(ctx.user), eq(notifications.id, id)))
    .returning({ id: notifications.id });
  return removed.length > 0 ? done(undefined) : NOT_FOUND;
}

export async function clearNotifications(ctx: UserContext): Promise<void> {
  await ctx.db.delete(notifications).where(ownNotifications(ctx.user));
}

/**
 * Events (a deal moving, a quote saved, a check-in scheduled…) tell the acting user through this,
 * in their own notifications.
 */
export async function notify(
  ctx: UserContext,
  notification: { type: NotificationType; title: string; message: string },
): Promise<void> {
  await ctx.db
    .insert(notifications)
    .values({ ...notification, userId: ctx.user.id, companyId: ctx.user.companyId });
}

/**
 * Tells an agent of the acting user's company (a deal's assignee, who may be the actor).
 * Agents who turned notifications off in My Account are not told.
 */
export async function notifyAgent(
  ctx: UserContext,
  userId: string,
  notification: { type: NotificationType; title: string; message: string },
): Promise<void> {
  const [colleague] = await ctx.db
    .select({ enabled: agent_users.notificationsEnabled })
    .from(agent_users)
    .where(and(eq(agent_users.id, userId), eq(agent_users.companyId, ctx.user.companyId)));
  if (!colleague?.enabled) return;
  await ctx.db
    .insert(notifications)
    .values({ ...notification, userId, companyId: ctx.user.companyId });
}
