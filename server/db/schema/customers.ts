import { sql } from "drizzle-orm";
import { date, index, pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";
import { agent_users } from "./auth.ts";
import { companyId, createdAt, updatedAt, userRef } from "./columns.ts";
import { companySizeEnum } from "./enums.ts";

/**
 * A name as searches and sorts compare it (fold_text, migration 0018): lower case, accents and
 * compatibility forms off, so "muller" finds "Müller" and "Ólafur" sorts with the O's. Stored, so
 * a sort reads an index and a search compares plain text instead of folding every row it reads.
 */
export const foldedKey = (name: string, source: string) =>
  text(name)
    .notNull()
    .generatedAlwaysAs(sql.raw(`fold_text(${source})`));

export const customers = pgTable(
  "customers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: companyId(),
    name: text("name").notNull(),
    companyName: text("company_name").notNull(),
    companyWebsite: text("company_website"),
    email: text("email"),
    phone: text("phone"),
    address: text("address"),
    city: text("city"),
    state: text("state"),
    postalCode: text("postal_code"),
    industry: text("industry"),
    size: companySizeEnum("size"),
    notes: text("notes"),
    createdBy: userRef("created_by"),
    assignedTo: userRef("assigned_to"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    nameKey: foldedKey("name_key", "name"),
    companyKey: foldedKey("company_key", "company_name"),
    /** The list's search: contact, company and email folded, one per line (no typed text spans two). */
    searchText: text("search_text")
      .notNull()
      .generatedAlwaysAs(
        sql.raw("fold_text(name || E'\\n' || company_name || E'\\n' || coalesce(email, ''))"),
      ),
  },
  (t) => [
    index("customers_company_created_idx").on(t.companyId, t.createdAt.desc()),
    // The Name and Company sorts, in the "C" collation, so PGlite and PostgreSQL order alike.
    index("customers_company_name_key_idx").on(t.companyId, sql`${t.nameKey} collate "C"`, t.id),
    index("customers_company_company_key_idx").on(
      t.companyId,
      sql`${t.companyKey} collate "C"`,
      t.id,
    ),
    index("customers_assigned_to_idx").on(t.assignedTo),
  ],
);

/**
 * A check-in an agent scheduled with a customer (issue 18): due on a day, it becomes a
 * notification on that day and shows on the dashboard until done.
 */
export const checkInReminders = pgTable(
  "check_in_reminders",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: companyId(),
    userId: text("user_id")
      .notNull()
      .references(() => agent_users.id, { onDelete: "cascade" }),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "cascade" }),
    dueOn: date("due_on").notNull(),
    note: text("note"),
    notifiedAt: timestamp("notified_at", { withTimezone: true }),
    doneAt: timestamp("done_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("check_in_reminders_user_due_idx").on(t.userId, t.dueOn).where(sql`${t.doneAt} is null`),
    index("check_in_reminders_due_unnotified_idx")
      .on(t.dueOn)
      .where(sql`${t.notifiedAt} is null and ${t.doneAt} is null`),
  ],
);
