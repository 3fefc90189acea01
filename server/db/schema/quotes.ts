import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { certifiedDevices, ratePlans } from "./catalog.ts";
import { companyId, createdAt, updatedAt, userRef } from "./columns.ts";
import { customers } from "./customers.ts";
import { deals } from "./deals.ts";
import { carrierEnum, quoteItemKindEnum, quoteStatusEnum } from "./enums.ts";

export const quotes = pgTable(
  "quotes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: companyId(),
    customerId: uuid("customer_id").references(() => customers.id, { onDelete: "set null" }),
    dealId: uuid("deal_id").references(() => deals.id, { onDelete: "set null" }),
    agentId: userRef("agent_id"),
    status: quoteStatusEnum("status").notNull().default("draft"),
    companyName: text("company_name").notNull(),
    companyWebsite: text("company_website"),
    contactName: text("contact_name").notNull(),
    contactEmail: text("contact_email").notNull(),
    description: text("description").notNull(),
    summary: text("summary"),
    monthlyTotalCents: bigint("monthly_total_cents", { mode: "number" }).notNull().default(0),
    oneTimeTotalCents: bigint("one_time_total_cents", { mode: "number" }).notNull().default(0),
    termMonths: integer("term_months").notNull().default(24),
    validUntil: date("valid_until", { mode: "string" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("quotes_company_status_created_idx").on(t.companyId, t.status, t.createdAt.desc()),
    index("quotes_customer_idx").on(t.customerId),
    index("quotes_agent_idx").on(t.agentId),
  ],
);

export const quoteItems = pgTable(
  "quote_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    quoteId: uuid("quote_id")
      .notNull()
      .references(() => quotes.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    kind: quoteItemKindEnum("kind").notNull(),
    carrier: carrierEnum("carrier"),
    ratePlanId: uuid("rate_plan_id").references(() => ratePlans.id, { onDelete: "set null" }),
    deviceId: bigint("device_id", { mode: "number" }).references(() => certifiedDevices.id, {
      onDelete: "set null",
    }),
    description: text("description").notNull(),
    quantity: integer("quantity").notNull().default(1),
    unitMonthlyCents: integer("unit_monthly_cents").notNull().default(0),
    unitOneTimeCents: integer("unit_one_time_cents").notNull().default(0),
  },
  (t) => [
    uniqueIndex("quote_items_quote_position_key").on(t.quoteId, t.position),
    check("quote_items_quantity_positive", sql`${t.quantity} > 0`),
  ],
);
