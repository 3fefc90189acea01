import { asc, eq, type Placeholder, type SQL, sql } from "drizzle-orm";
import type { Transporter } from "nodemailer";
import { z } from "zod";
import type { Database } from "#server/db/client.ts";
import { mailOutbox, mailOutboxAttachments } from "#server/db/schema/index.ts";
import type { AppConfig } from "./config.ts";
import type { Logger } from "./logger.ts";

/** A file sent with a message; its bytes are kept with the outbox row. */
export type MailAttachment = { filename: string; contentType: string; content: Uint8Array };

export type OutgoingMail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Which message this is (waitlist-confirmation, invitation…), for the outbox and the logs. */
  template: string;
  /** The company of the person it is for; only that company's admins may read it in the outbox. */
  companyId?: string | null;
  attachments?: readonly MailAttachment[];
};

/**
 * The mail port. Every message is first a row of mail_outbox; with SMTP_URL it is then sent from
 * that row. A message that belongs to other writes (a waitlist sign-up and its confirmation) is
 * recorded in the caller's transaction with `record`, and delivered with `deliver` once that
 * transaction has committed: both exist, or neither (decision 0012).
 */
export type Mailer = {
  /** Records the message and sends it (with SMTP_URL): for mail that stands alone. */
  send(mail: OutgoingMail): Promise<void>;
  /** Records the message as part of the transaction `tx`; returns its outbox id for `deliver`. */
  record(tx: Database, mail: OutgoingMail): Promise<string>;
  /**
   * Sends a recorded message over SMTP after its transaction committed (without SMTP_URL it stays
   * in the outbox). Never fails: a failed send is logged and kept on its row for a retry.
   */
  deliver(outboxId: string): Promise<void>;
};

/**
 * The outbox row of `mail` for each row of `source` (a CTE of the same statement), returning its
 * `id`: for a message recorded in one statement with the write it belongs to (a waitlist sign-up),
 * where `record` would take a round trip of its own. Attachments are `record`'s alone.
 */
export function recordFor(
  source: SQL,
  mail: Omit<OutgoingMail, "attachments" | "to" | "text"> & {
    // A prepared statement's placeholders stand for the values known only when it runs.
    to: string | Placeholder;
    text: string | Placeholder;
  },
): SQL {
  return sql`insert into ${mailOutbox} (channel, to_address, subject, text_body, html_body, template, company_id)
    select 'email', ${mail.to}, ${mail.subject}, ${mail.text}, ${mail.html ?? null}, ${mail.template}, ${mail.companyId ?? null}::uuid
    from ${source}
    returning id`;
}

const oneMailbox = z.email();

export function createMailer(options: {
  db: Database;
  config: Pick<AppConfig, "smtpUrl" | "mailFrom">;
  logger: Logger;
}): Mailer {
  const { db, config, logger } = options;
  const { smtpUrl } = config;
  // Loaded with the first message sent, not at start (decision 0029).
  let transport: Promise<Transporter> | null = null;
  const smtp = (url: string) => {
    transport ??= import("nodemailer").then((m) => m.createTransport(url));
    return transport;
  };

  const record: Mailer["record"] = async (tx, mail) => {
    const [row] = await tx
      .insert(mailOutbox)
      .values({
        channel: "email",
        toAddress: mail.to,
        subject: mail.subject,
        textBody: mail.text,
        htmlBody: mail.html ?? null,
        template: mail.template,
        companyId: mail.companyId ?? null,
      })
      .returning({ id: mailOutbox.id });
    if (!row) throw new Error("the outbox returned no row");
    const attachments = mail.attachments ?? [];
    if (attachments.length > 0) {
      await tx.insert(mailOutboxAttachments).values(
        attachments.map((a, position) => ({
          outboxId: row.id,
          position,
          filename: a.filename,
          contentType: a.contentType,
          sizeBytes: a.content.byteLength,
          content: a.content,
        })),
      );
    }
    return row.id;
  };

  const deliver: Mailer["deliver"] = async (outboxId) => {
    if (!smtpUrl) {
      logger.info({ outboxId }, "mail kept in the outbox (no SMTP_URL)");
      return;
    }
    // Sending is best effort here: the outbox row keeps the message and its error for a retry.
    try {
      const [mail] = await db.select().from(mailOutbox).where(eq(mailOutbox.id, outboxId));
      if (!mail) throw new Error(`outbox row ${outboxId} not found`);
      // Given a string, nodemailer reads a list of addresses; every caller means one mailbox.
      if (!oneMailbox.safeParse(mail.toAddress).success) {
        throw new Error(`outbox row ${outboxId} is not addressed to one mailbox`);
      }
      const attachments = await db
        .select({
          filename: mailOutboxAttachments.filename,
          contentType: mailOutboxAttachments.contentType,
          content: mailOutboxAttachments.content,
        })
        .from(mailOutboxAttachments)
        .where(eq(mailOutboxAttachments.outboxId, outboxId))
        .orderBy(asc(mailOutboxAttachments.position));
      await (await smtp(smtpUrl)).sendMail({
        from: config.mailFrom,
        to: { name: "", address: mail.toAddress },
        subject: mail.subject ?? undefined,
        text: mail.textBody,
        html: mail.htmlBody ?? undefined,
        attachments: attachments.map((a) => ({
          filename: a.filename,
          contentType: a.contentType,
          content: Buffer.from(a.content),
        })),
      });
      await db
        .update(mailOutbox)
        .set({ status: "sent", sentAt: new Date(), attempts: 1 })
        .where(eq(mailOutbox.id, outboxId));
    } catch (error) {
      logger.error({ err: error, outboxId }, "mail could not be sent");
      await db
        .update(mailOutbox)
        .set({
          status: "failed",
          attempts: 1,
          lastError: error instanceof Error ? error.message : String(error),
        })
        .where(eq(mailOutbox.id, outboxId))
        .catch((failure: unknown) => {
          // The database may be what failed: the row then stays queued, for the next attempt.
          logger.error({ err: failure, outboxId }, "the mail's failure could not be recorded");
        });
    }
  };

  return {
    record,
    deliver,
    async send(mail) {
      await deliver(await record(db, mail));
    },
  };
}
