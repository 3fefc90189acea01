import { pgTable, text, timestamp, uuid } from "drizzle-orm/pg-core";

/** The reseller tenants. Kept apart from schema.ts so the generated auth schema can reference it. */
export const companies = pgTable("companies", {
  id: uuid("id").primaryKey().defaultRandom(),
  name: text("name").notNull(),
  slug: text("slug").notNull().unique(),
  createdAt: timestamp("created_at", { withTimezone: true }).defaultNow().notNull(),
});
