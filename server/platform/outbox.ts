import { and, desc, eq, isNull, or } from "drizzle-orm";
import { mailOutbox } from "#server/db/schema/index.ts";
import type { UserContext } from "./context.ts";

/**
 * The reply to a waitlist sign-up: platform mail for no company, and the one kind of it that
 * carries no secret, so every company's admin may read it in the outbox.
 */
export const WAITLIST_CONFIRMATION_TEMPLATE = "waitlist-confirmation";

export const OUTBOX_PAGE_SIZE = 50;

/**
 * The outbox (every email and text the platform sends) as the acting admin may read it, newest
 * first: messages for their own company's people, and the platform's waitlist replies. Other
 * companies' codes and links never.
 */
export async function listOutbox(ctx: UserContext, input: { page: number }) {
  const visible = or(
    eq(mailOutbox.companyId, ctx.user.companyId),
    and(isNull(mailOutbox.companyId), eq(mailOutbox.template, WAITLIST_CONFIRMATION_TEMPLATE)),
  );
  const [rows, total] = await Promise.all([
    ctx.db
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
      })
      .from(mailOutbox)
      .where(visible)
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
      .limit(OUTBOX_PAGE_SIZE)
      .offset((input.page - 1) * OUTBOX_PAGE_SIZE),
    ctx.db.$count(mailOutbox, visible),
  ]);
  return { rows, total };
}
