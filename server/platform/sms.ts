import type { Database } from "#server/db/client.ts";
import { mailOutbox } from "#server/db/schema/index.ts";
import type { Logger } from "./logger.ts";

export type OutgoingText = {
  /** The phone number in the form the person gave it (E.164 when it came through the phone plugin). */
  to: string;
  text: string;
  /** Which message this is (sign-in-code, two-factor-code…), for the outbox and the logs. */
  template: string;
  /** The company of the person it is for; only that company's admins may read it in the outbox. */
  companyId?: string | null;
};

/**
 * The SMS port. Its local default keeps every text in the outbox table (channel sms), where an
 * operator or a relay picks it up; an SMS provider adapter would implement the same `send`.
 */
export type SmsSender = { send(message: OutgoingText): Promise<void> };

export function createOutboxSmsSender(options: { db: Database; logger: Logger }): SmsSender {
  const { db, logger } = options;
  return {
    async send(message) {
      const [row] = await db
        .insert(mailOutbox)
        .values({
          channel: "sms",
          toAddress: message.to,
          textBody: message.text,
          template: message.template,
          companyId: message.companyId ?? null,
        })
        .returning({ id: mailOutbox.id });
      logger.info({ template: message.template, outboxId: row?.id }, "text kept in the outbox");
    },
  };
}
