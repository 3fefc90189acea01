import { sql } from "drizzle-orm";
import {
  check,
  customType,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt } from "./columns.ts";
import { companies } from "./companies.ts";
import { outboxChannelEnum, outboxStatusEnum } from "./enums.ts";

/** The mail and SMS port's local default: messages wait here (and are logged) until a relay sends them. */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /**
     * The reseller whose person the message is for (codes, links, invitations carry secrets, so a
     * company's admins may read only their own); null for platform mail such as waitlist replies.
     */
    companyId: uuid("company_id").references(() => companies.id, { onDelete: "cascade" }),
    channel: outboxChannelEnum("channel").notNull().default("email"),
    toAddress: text("to_address").notNull(),
    subject: text("subject"),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body"),
    template: text("template").notNull(),
    status: outboxStatusEnum("status").notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    index("mail_outbox_status_created_idx").on(t.status, t.createdAt),
    index("mail_outbox_to_created_idx").on(t.toAddress, t.createdAt.desc()),
    index("mail_outbox_company_created_idx").on(t.companyId, t.createdAt.desc()),
  ],
);

/** Raw bytes; PGlite and node-postgres both hand `bytea` back as a Uint8Array (Buffer). */
const bytes = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
});

/**
 * Files sent with an outbox message (a proposal PDF), kept in the same transaction as their
 * message so the outbox shows what was sent and a retry sends the same bytes.
 */
export const mailOutboxAttachments = pgTable(
  "mail_outbox_attachments",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    outboxId: uuid("outbox_id")
      .notNull()
      .references(() => mailOutbox.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    filename: text("filename").notNull(),
    contentType: text("content_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    content: bytes("content").notNull(),
  },
  (t) => [
    uniqueIndex("mail_outbox_attachments_outbox_position_key").on(t.outboxId, t.position),
    check("mail_outbox_attachments_size", sql`${t.sizeBytes} = octet_length(${t.content})`),
  ],
);

/** Fixed-window counters for our own endpoints' rate limits, shared by every server process. */
export const rateLimitBuckets = pgTable("rate_limit_buckets", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  resetAt: timestamp("reset_at", { withTimezone: true }).notNull(),
});
