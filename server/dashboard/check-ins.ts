import { and, asc, desc, eq, inArray, isNull, lte, type Placeholder, sql } from "drizzle-orm";
import { formatIsoDate } from "#app/lib/format.ts";
import type { NotificationView } from "#app/lib/notifications.ts";
import { customerScope } from "#server/customers/index.ts";
import {
  ownerValues,
  type PreparedOwner,
  preparedOwner,
  preparedPerDatabase,
} from "#server/db/prepared.ts";
import { checkInReminders, customers, notifications } from "#server/db/schema/index.ts";
import {
  listNotifications,
  NOTIFICATION_LIST_LIMIT,
  notify,
  ownNotifications,
} from "#server/notifications/index.ts";
import type { Actor, UserContext } from "#server/platform/context.ts";
import { notFound } from "#server/platform/errors.ts";

/** The check-in dialog's default: a week from today. */
export const CHECK_IN_DAYS = 7;

export type CheckInDue = {
  id: string;
  customerId: string;
  customer: string;
  contactName: string;
  /** YYYY-MM-DD */
  dueOn: string;
  note: string | null;
};

/** The agent's calendar day (UTC, as quotes date theirs), YYYY-MM-DD. */
export function today(ctx: UserContext): string {
  return ctx.ports.clock.now().toISOString().slice(0, 10);
}

// Reminders are always the acting agent's own, inside their company.
const remindersOf = (user: Pick<Actor, "id" | "companyId"> | PreparedOwner) =>
  and(eq(checkInReminders.userId, user.id), eq(checkInReminders.companyId, user.companyId));
const mine = (ctx: UserContext) => remindersOf(ctx.user);

/**
 * Schedules a check-in with a customer of the agent's company on `dueOn`: a reminder that becomes
 * a notification on that day (notifyDueCheckIns) and stays on the dashboard until done. A customer
 * the agent may not see (another company's, or a colleague's where agents see only their own) is
 * not found. Returns the confirmation the agent reads.
 */
export async function scheduleCheckIn(
  ctx: UserContext,
  input: { customerId: string; dueOn: string; note: string | null },
): Promise<string> {
  const [customer] = await ctx.db
    .select({ name: customers.name, companyName: customers.companyName })
    .from(customers)
    .where(and(eq(customers.id, input.customerId), await customerScope(ctx)));
  if (!customer) throw notFound("Customer not found.");
  await ctx.db.insert(checkInReminders).values({
    companyId: ctx.user.companyId,
    userId: ctx.user.id,
    customerId: input.customerId,
    dueOn: input.dueOn,
    note: input.note,
  });
  return `Check-in with ${customer.name} at ${customer.companyName} scheduled for ${formatIsoDate(input.dueOn)}.`;
}

/** The agent's open check-ins due today or earlier, oldest first. */
export async function dueCheckIns(ctx: UserContext): Promise<CheckInDue[]> {
  return ctx.db
    .select({
      id: checkInReminders.id,
      customerId: checkInReminders.customerId,
      customer: customers.companyName,
      contactName: customers.name,
      dueOn: checkInReminders.dueOn,
      note: checkInReminders.note,
    })
    .from(checkInReminders)
    .innerJoin(customers, eq(customers.id, checkInReminders.customerId))
    .where(and(mine(ctx), isNull(checkInReminders.doneAt), lte(checkInReminders.dueOn, today(ctx))))
    .orderBy(asc(checkInReminders.dueOn), asc(checkInReminders.createdAt));
}

/** Marks one of the agent's own check-ins done; anyone else's is not found. */
export async function completeCheckIn(ctx: UserContext, input: { id: string }): Promise<void> {
  const updated = await ctx.db
    .update(checkInReminders)
    .set({ doneAt: ctx.ports.clock.now() })
    .where(and(mine(ctx), eq(checkInReminders.id, input.id), isNull(checkInReminders.doneAt)))
    .returning({ id: checkInReminders.id });
  if (updated.length === 0) throw notFound("Check-in not found.");
}

/** Not yet told nor done, due on or before `day` (today, or a prepared statement's placeholder). */
const dueUnnotifiedBy = (day: string | Placeholder) =>
  and(
    isNull(checkInReminders.notifiedAt),
    isNull(checkInReminders.doneAt),
    lte(checkInReminders.dueOn, day),
  );
const dueUnnotified = (ctx: UserContext) => dueUnnotifiedBy(today(ctx));

/**
 * Turns the agent's check-ins that fell due into notifications, once each (decision 0026). The
 * claim is one UPDATE … WHERE notified_at IS NULL: when two requests or processes sweep at once,
 * the row lock lets one claim a reminder and the other finds it claimed, so nobody is told twice;
 * the notifications go in the same transaction, so a claim never outlives a failed insert.
 * Returns how many notifications it wrote.
 */
export async function notifyDueCheckIns(ctx: UserContext): Promise<number> {
  // Every portal page runs this: one indexed read (check_in_reminders_user_due_idx) when nothing
  // is due, which is nearly always, rather than a write transaction per page.
  const [due] = await ctx.db
    .select({ id: checkInReminders.id })
    .from(checkInReminders)
    .where(and(mine(ctx), dueUnnotified(ctx)))
    .limit(1);
  if (!due) return 0;
  return ctx.db.transaction(async (tx) => {
    const claimed = await tx
      .update(checkInReminders)
      .set({ notifiedAt: ctx.ports.clock.now() })
      .where(and(mine(ctx), dueUnnotified(ctx)))
      .returning({ id: checkInReminders.id });
    if (claimed.length === 0) return 0;
    const rows = await tx
      .select({
        dueOn: checkInReminders.dueOn,
        note: checkInReminders.note,
        customer: customers.companyName,
        contactName: customers.name,
      })
      .from(checkInReminders)
      .innerJoin(customers, eq(customers.id, checkInReminders.customerId))
      .where(
        inArray(
          checkInReminders.id,
          claimed.map((c) => c.id),
        ),
      )
      .orderBy(asc(checkInReminders.dueOn));
    const txCtx = { ...ctx, db: tx };
    for (const row of rows) {
      const base = `Check in with ${row.contactName} at ${row.customer} (due ${formatIsoDate(row.dueOn)}).`;
      await notify(txCtx, {
        type: "info",
        title: "Check-in due",
        message: row.note ? `${base} Note: ${row.note}` : base,
      });
    }
    return rows.length;
  });
}

/** A notification as the shell statement writes it: a JSON array, in `shellNotifications`' order. */
type NotificationTuple = [string, string, string, string, number, boolean];

const isNotificationTuple = (value: unknown): value is NotificationTuple =>
  Array.isArray(value) &&
  value.length === 6 &&
  typeof value[0] === "string" &&
  typeof value[1] === "string" &&
  typeof value[2] === "string" &&
  typeof value[3] === "string" &&
  typeof value[4] === "number" &&
  typeof value[5] === "boolean";

/**
 * What every portal page's bell shows: the agent's notifications, after the check-ins that fell
 * due became notifications (notifyDueCheckIns). One statement asks both whether anything fell
 * due and for the list, folded into one JSON array by PostgreSQL: one round trip and one row to
 * map on every page, where the probe and the list were two round trips and 50 rows (decision
 * 0035). When something did fall due (rarely), the sweep runs and the list is read again.
 */
const shellStatement = preparedPerDatabase((db) => {
  const owner = preparedOwner();
  const latest = db
    .select({
      id: notifications.id,
      type: notifications.type,
      title: notifications.title,
      message: notifications.message,
      createdAt: notifications.createdAt,
      readAt: notifications.readAt,
    })
    .from(notifications)
    .where(ownNotifications(owner))
    .orderBy(desc(notifications.createdAt), desc(notifications.id))
    .limit(NOTIFICATION_LIST_LIMIT)
    .as("latest");
  const due = db
    .select({ id: checkInReminders.id })
    .from(checkInReminders)
    .where(and(remindersOf(owner), dueUnnotifiedBy(sql.placeholder("today"))))
    .limit(1);
  // Whole milliseconds since the epoch, as Date#getTime() reads the stored microseconds.
  const timestamp = sql`floor(extract(epoch from ${latest.createdAt}) * 1000)::float8`;
  return db
    .select({
      due: sql<boolean>`exists(${due})`,
      list: sql<unknown>`(select coalesce(json_agg(json_build_array(${latest.id}, ${latest.type}, ${latest.title}, ${latest.message}, ${timestamp}, ${latest.readAt} is not null) order by ${latest.createdAt} desc, ${latest.id} desc), '[]'::json) from ${latest})`,
    })
    .from(sql`(select 1) as shell`)
    .prepare("portal_shell_notifications");
});

export async function shellNotifications(ctx: UserContext): Promise<NotificationView[]> {
  // Prepared once (server/db/prepared.ts): every portal page runs it, and building its SQL cost
  // more of the server's time than PostgreSQL's running it.
  const [row] = await shellStatement(ctx.db).execute({
    ...ownerValues(ctx.user),
    today: today(ctx),
  });
  if (!row || typeof row.due !== "boolean" || !Array.isArray(row.list)) {
    throw new Error("the shell statement returned an unreadable row");
  }
  if (row.due && (await notifyDueCheckIns(ctx)) > 0) return listNotifications(ctx);
  return row.list.map((tuple): NotificationView => {
    if (!isNotificationTuple(tuple))
      throw new Error("the shell statement returned an unreadable notification");
    return {
      id: tuple[0],
      type: tuple[1],
      title: tuple[2],
      message: tuple[3],
      timestamp: tuple[4],
      read: tuple[5],
    };
  });
}
