import { and, desc, eq, isNull } from "drizzle-orm";
import type { NotificationType } from "#app/lib/domain.ts";
import type { NotificationView } from "#app/lib/notifications.ts";
import type { Database } from "#server/db/client.ts";
import { notifications } from "#server/db/schema/index.ts";

/** Whose notifications: always the signed-in user, inside their company. */
export type Owner = { id: string; companyId: string };

/** Enough for the panel; older ones stay stored but are not sent. */
export const NOTIFICATION_LIST_LIMIT = 50;

const mine = (owner: Owner) =>
  and(eq(notifications.userId, owner.id), eq(notifications.companyId, owner.companyId));

export async function listNotifications(db: Database, owner: Owner): Promise<NotificationView[]> {
  const rows = await db
    .select()
    .from(notifications)
    .where(mine(owner))
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

/** Returns whether the notification was the owner's (and so was found). */
export async function markNotificationRead(
  db: Database,
  owner: Owner,
  id: string,
): Promise<boolean> {
  const updated = await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(mine(owner), eq(notifications.id, id)))
    .returning({ id: notifications.id });
  return updated.length > 0;
}

export async function markAllNotificationsRead(db: Database, owner: Owner): Promise<void> {
  await db
    .update(notifications)
    .set({ readAt: new Date() })
    .where(and(mine(owner), isNull(notifications.readAt)));
}

export async function removeNotification(db: Database, owner: Owner, id: string): Promise<boolean> {
  const removed = await db
    .delete(notifications)
    .where(and(mine(owner), eq(notifications.id, id)))
    .returning({ id: notifications.id });
  return removed.length > 0;
}

export async function clearNotifications(db: Database, owner: Owner): Promise<void> {
  await db.delete(notifications).where(mine(owner));
}

/** Events (a deal moving, a quote saved, a check-in scheduled…) tell the agent through this. */
export async function notify(
  db: Database,
  owner: Owner,
  notification: { type: NotificationType; title: string; message: string },
): Promise<void> {
  await db
    .insert(notifications)
    .values({ ...notification, userId: owner.id, companyId: owner.companyId });
}
