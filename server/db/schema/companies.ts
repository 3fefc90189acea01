import { type SQL, sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";

/**
 * A company name as the uniqueness rule compares it: lower case, with every space removed, so
 * "Demo Wireless Partners" and "demo  wirelesspartners" are one name (decision 0011). Names are
 * stored with their spacing already normalised (app/lib/schemas/users.ts), so ASCII `\s` suffices.
 */
export const companyNameKey = (name: AnyPgColumn | SQL | string): SQL =>
  sql`lower(regexp_replace(${name}, '\\s+', '', 'g'))`;

/** The reseller tenants. Kept apart from schema.ts so the generated auth schema can reference it. */
export const companies = pgTable(
  "companies",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    slug: text("slug").notNull().unique(),
    /**
     * Set by the company's admins: agents see only the deals and customers assigned to them
     * (managers and admins always see the whole company). Enforced in SQL by the services.
     */
    agentsSeeOwnOnly: boolean("agents_see_own_only").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  },
  // Two companies by one name would let one's invitations pass for the other's.
  (t) => [uniqueIndex("companies_name_key").on(companyNameKey(t.name))],
);
