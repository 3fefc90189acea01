import { and, desc, eq, inArray, isNull, or, type SQL, sql } from "drizzle-orm";
import { holds } from "#app/lib/access.ts";
import { mailOutbox } from "#server/db/schema/index.ts";
import type { UserContext } from "./context.ts";
import { forbidden } from "./errors.ts";
import { pageWithin } from "./paging.ts";

/** The reply to a waitlist sign-up: platform mail for no company (the waitlist's own). */
export const WAITLIST_CONFIRMATION_TEMPLATE = "waitlist-confirmation";

/**
 * The platform mail (no company's) that platform operators read in the outbox: the waitlist's.
 * Codes and links sent to addresses without a company are no one's to read.
 */
export const OPERATOR_TEMPLATES: readonly string[] = [WAITLIST_CONFIRMATION_TEMPLATE];

export const OUTBOX_PAGE_SIZE = 50;

/**
 * What the acting person may read of the outbox (every email and text the platform sends):
 * a company's admin, the messages for their own company's people; a platform operator, the
 * waitlist's mail (decision 0011). Other companies' codes and links never.
 */
function visibleTo(ctx: UserContext): SQL {
  const parts: SQL[] = [];
  if (holds(ctx.user, "admin")) parts.push(eq(mailOutbox.companyId, ctx.user.companyId));
  if (holds(ctx.user, "operator")) {
    const platformMail = and(
      isNull(mailOutbox.companyId),
      inArray(mailOutbox.template, [...OPERATOR_TEMPLATES]),
    );
    if (platformMail) parts.push(platformMail);
  }
  const visible = or(...parts);
  if (!visible) throw forbidden("Only administrators can see the outbox.");
  return visible;
}

/** The outbox as the acting admin or operator may read it, newest first. */
export async function listOutbox(ctx: UserContext, input: { page: number }) {
  const visible = visibleTo(ctx);
  const total = await ctx.db.$count(mailOutbox, visible);
  const { page, pageCount, offset } = pageWithin(input.page, total, OUTBOX_PAGE_SIZE);
  const rows = await ctx.db
    .select({
      id: mailOutbox.id,
      channel: mailOutbox.channel,
      toAddress: mailOutbox.toAddress,
      subject: mailOutbox.subject,
      template: mailOutbox.template,
      status: mailOutbox.status,
      textBody: mailOutbox.textBody,
      lastError: mailOutbox.lastError,
      createdAt: mailOutbox.createdAt,
      sentAt: mailOutbox.sentAt,
      // Names and sizes only: the bytes stay in the database until the message is delivered.
      // Written out with its table names: drizzle leaves columns unqualified here, and inside the
      // subquery "id" would be the attachment's own.
      attachments: sql<string>`coalesce((
          select string_agg(a.filename || ' (' || pg_size_pretty(a.size_bytes::bigint) || ')', ', ' order by a.position)
          from mail_outbox_attachments a where a.outbox_id = mail_outbox.id), '')`,
    })
    .from(mailOutbox)
    .where(visible)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(OUTBOX_PAGE_SIZE)
    .offset(offset);
  return { rows, total, page, pageCount };
}
