// Column shapes every company-owned table shares.
import { text, timestamp, uuid } from "drizzle-orm/pg-core";
import { agent_users } from "./auth.ts";
import { companies } from "./companies.ts";

export const createdAt = () =>
  timestamp("created_at", { withTimezone: true }).defaultNow().notNull();
export const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true })
    .defaultNow()
    .notNull()
    .$onUpdate(() => new Date());
export const companyId = () =>
  uuid("company_id")
    .notNull()
    .references(() => companies.id, { onDelete: "cascade" });
/** Who created or owns a row; kept when the user is deleted so history stays readable. */
export const userRef = (name: string) =>
  text(name).references(() => agent_users.id, { onDelete: "set null" });
