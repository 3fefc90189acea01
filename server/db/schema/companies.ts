import { type SQL, sql } from "drizzle-orm";
import {
  type AnyPgColumn,
  boolean,
  check,
  integer,
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
    /** The proposal's accent colour, `#rrggbb`; null for the product's own. */
    brandColor: text("brand_color"),
    /** The logo on proposals: a key of the file storage port and its type (PNG or JPEG). */
    logoKey: text("logo_key"),
    logoContentType: text("logo_content_type"),
    /** How many days a saved quote stays valid before it expires (issue 15: 30 by default). */
    quoteValidityDays: integer("quote_validity_days").notNull().default(30),
    createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
  },
  // Two companies by one name would let one's invitations pass for the other's.
  (t) => [
    uniqueIndex("companies_name_key").on(companyNameKey(t.name)),
    check("companies_brand_color_hex", sql`${t.brandColor} ~ '^#[0-9a-f]{6}$'`),
    check("companies_quote_validity_days_range", sql`${t.quoteValidityDays} between 1 and 365`),
  ],
);
