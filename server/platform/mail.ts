import { eq } from "drizzle-orm";
import { createTransport } from "nodemailer";
import type { Database } from "#server/db/client.ts";
import { mailOutbox } from "#server/db/schema/index.ts";
import type { AppConfig } from "./config.ts";
import type { Logger } from "./logger.ts";

export type OutgoingMail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Which message this is (waitlist-confirmation, invitation…), for the outbox and the logs. */
  template: string;
  /** The company of the person it is for; only that company's admins may read it in the outbox. */
  companyId?: string | null;
};

/** The mail port: every message is recorded in mail_outbox; with SMTP_URL it is also sent. */
export type Mailer = { send(mail: OutgoingMail): Promise<void> };

export function createMailer(options: {
  db: Database;
  config: Pick<AppConfig, "smtpUrl" | "mailFrom">;
  logger: Logger;
}): Mailer {
  const { db, config, logger } = options;
  const transport = config.smtpUrl ? createTransport(config.smtpUrl) : null;
  return {
    async send(mail) {
      const [row] = await db
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
      if (!transport || !row) {
        logger.info(
          { template: mail.template, outboxId: row?.id },
          "mail kept in the outbox (no SMTP_URL)",
        );
        return;
      }
      // Sending is best effort here: the outbox row keeps the message and its error for a retry.
      try {
        await transport.sendMail({
          from: config.mailFrom,
          to: mail.to,
          subject: mail.subject,
          text: mail.text,
          html: mail.html,
        });
        await db
          .update(mailOutbox)
          .set({ status: "sent", sentAt: new Date(), attempts: 1 })
          .where(eq(mailOutbox.id, row.id));
      } catch (error) {
        logger.error({ err: error, outboxId: row.id }, "mail could not be sent");
        await db
          .update(mailOutbox)
          .set({
            status: "failed",
            attempts: 1,
            lastError: error instanceof Error ? error.message : String(error),
          })
          .where(eq(mailOutbox.id, row.id));
      }
    },
  };
}
