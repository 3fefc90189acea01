import { index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { companyId, createdAt, userRef } from "./columns.ts";

/** Single-use, expiring invitations into a company; only a hash of the token is stored. */
export const invitations = pgTable(
  "invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: companyId(),
    email: text("email").notNull(),
    role: text("role").notNull().default("agent"),
    tokenHash: text("token_hash").notNull().unique(),
    invitedBy: userRef("invited_by"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    acceptedUserId: userRef("accepted_user_id"),
    createdAt: createdAt(),
  },
  (t) => [index("invitations_company_created_idx").on(t.companyId, t.createdAt.desc())],
);
