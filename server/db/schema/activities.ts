import { index, jsonb, pgTable, uuid } from "drizzle-orm/pg-core";
import { companyId, createdAt, userRef } from "./columns.ts";
import { customers } from "./customers.ts";
import { deals } from "./deals.ts";
import { activityKindEnum } from "./enums.ts";
import { quotes } from "./quotes.ts";

/**
 * The company's activity log: the deal timeline, and later the reports' activity per agent and
 * day. `details` holds what changed (from and to, the note's text); its shape is per kind
 * (server/deals/activity.ts).
 */
export const activities = pgTable(
  "activities",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: companyId(),
    actorId: userRef("actor_id"),
    kind: activityKindEnum("kind").notNull(),
    dealId: uuid("deal_id").references(() => deals.id, { onDelete: "cascade" }),
    customerId: uuid("customer_id").references(() => customers.id, { onDelete: "cascade" }),
    quoteId: uuid("quote_id").references(() => quotes.id, { onDelete: "cascade" }),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: createdAt(),
  },
  (t) => [
    index("activities_deal_created_idx").on(t.dealId, t.createdAt.desc()),
    index("activities_customer_created_idx").on(t.customerId, t.createdAt.desc()),
    index("activities_quote_created_idx").on(t.quoteId, t.createdAt.desc()),
    index("activities_company_created_idx").on(t.companyId, t.createdAt.desc()),
  ],
);
