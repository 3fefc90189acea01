import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { QuoteNeeds, UnmetNeed } from "#app/lib/schemas/quote.ts";
import { billAnalyses } from "./bills.ts";
import {
  carrierFees,
  certifiedDevices,
  deviceOffers,
  promotions,
  ratePlans,
  ratePlanTiers,
} from "./catalog.ts";
import { companyId, createdAt, updatedAt, userRef } from "./columns.ts";
import { customers } from "./customers.ts";
import { deals } from "./deals.ts";
import {
  carrierEnum,
  lineKindEnum,
  quoteItemKindEnum,
  quoteSourceEnum,
  quoteStatusEnum,
} from "./enums.ts";

/**
 * A saved quote (issue 15, decision 0021): what the customer asked for (`needs`, read once and
 * kept so the quote can be re-priced), its priced options with their items, and where it stands.
 * The totals on the row are those of the chosen option, else the recommended one, so the list and
 * the dashboard read one row per quote. Versions of one quote share `root_quote_id` (the first
 * version's id; null on the first itself).
 */
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
    source: quoteSourceEnum("source").notNull().default("description"),
    /** The needs the options were priced for; null only on quotes saved before migration 0008. */
    needs: jsonb("needs").$type<QuoteNeeds>(),
    /** The reader's and the pricer's assumptions, as the quote shows them. */
    assumptions: jsonb("assumptions").$type<string[]>().notNull().default([]),
    /** Needs that no option meets. */
    unmet: jsonb("unmet").$type<UnmetNeed[]>().notNull().default([]),
    /** The date prices and promotions were read for. */
    pricedOn: date("priced_on", { mode: "string" }),
    /** A quote from a bill: the bill's monthly total, against which the saving is shown. */
    currentMonthlyCents: bigint("current_monthly_cents", { mode: "number" }),
    billAnalysisId: uuid("bill_analysis_id").references(() => billAnalyses.id, {
      onDelete: "set null",
    }),
    monthlyTotalCents: bigint("monthly_total_cents", { mode: "number" }).notNull().default(0),
    oneTimeTotalCents: bigint("one_time_total_cents", { mode: "number" }).notNull().default(0),
    termTotalCents: bigint("term_total_cents", { mode: "number" }).notNull().default(0),
    termMonths: integer("term_months").notNull().default(24),
    validUntil: date("valid_until", { mode: "string" }),
    rootQuoteId: uuid("root_quote_id"),
    version: integer("version").notNull().default(1),
    sentAt: timestamp("sent_at", { withTimezone: true }),
    /** When it was marked accepted or declined (lost). */
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("quotes_company_status_created_idx").on(t.companyId, t.status, t.createdAt.desc()),
    index("quotes_company_created_idx").on(t.companyId, t.createdAt.desc(), t.id.desc()),
    index("quotes_customer_idx").on(t.customerId),
    index("quotes_agent_idx").on(t.agentId),
    index("quotes_root_idx").on(t.rootQuoteId),
    index("quotes_deal_idx").on(t.dealId),
    check("quotes_version_positive", sql`${t.version} >= 1`),
  ],
);

/** One carrier's priced mix on a quote: the recommended option or an alternative. */
export const quoteOptions = pgTable(
  "quote_options",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    quoteId: uuid("quote_id")
      .notNull()
      .references(() => quotes.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    carrier: carrierEnum("carrier").notNull(),
    label: text("label").notNull(),
    recommended: boolean("recommended").notNull().default(false),
    /** The option the customer takes; at most one per quote. */
    chosen: boolean("chosen").notNull().default(false),
    meetsAllNeeds: boolean("meets_all_needs").notNull().default(true),
    unmet: jsonb("unmet").$type<UnmetNeed[]>().notNull().default([]),
    monthlyCents: bigint("monthly_cents", { mode: "number" }).notNull(),
    oneTimeCents: bigint("one_time_cents", { mode: "number" }).notNull(),
    termCents: bigint("term_cents", { mode: "number" }).notNull(),
    termMonths: integer("term_months").notNull(),
    lines: integer("lines").notNull(),
  },
  (t) => [
    uniqueIndex("quote_options_quote_position_key").on(t.quoteId, t.position),
    uniqueIndex("quote_options_one_chosen_key").on(t.quoteId).where(sql`${t.chosen}`),
  ],
);

/**
 * A priced line of an option. Every item points at the catalog row it was priced from (decision
 * 0019): a plan (and the tier used), a device offer (and its directory row), a promotion, a fee.
 * The references are `set null` so the catalog can change; the item keeps its own description and
 * prices, which are what the customer was quoted.
 */
export const quoteItems = pgTable(
  "quote_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    quoteId: uuid("quote_id")
      .notNull()
      .references(() => quotes.id, { onDelete: "cascade" }),
    optionId: uuid("option_id")
      .notNull()
      .references(() => quoteOptions.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    kind: quoteItemKindEnum("kind").notNull(),
    lineKind: lineKindEnum("line_kind"),
    carrier: carrierEnum("carrier"),
    ratePlanId: uuid("rate_plan_id").references(() => ratePlans.id, { onDelete: "set null" }),
    ratePlanTierId: uuid("rate_plan_tier_id").references(() => ratePlanTiers.id, {
      onDelete: "set null",
    }),
    deviceOfferId: uuid("device_offer_id").references(() => deviceOffers.id, {
      onDelete: "set null",
    }),
    deviceId: bigint("device_id", { mode: "number" }).references(() => certifiedDevices.id, {
      onDelete: "set null",
    }),
    promotionId: uuid("promotion_id").references(() => promotions.id, { onDelete: "set null" }),
    carrierFeeId: uuid("carrier_fee_id").references(() => carrierFees.id, {
      onDelete: "set null",
    }),
    description: text("description").notNull(),
    quantity: integer("quantity").notNull().default(1),
    /** Negative for a promotion's credit. */
    unitMonthlyCents: integer("unit_monthly_cents").notNull().default(0),
    unitOneTimeCents: integer("unit_one_time_cents").notNull().default(0),
    /** How many months the monthly charge runs (installments, credits); null for the whole term. */
    months: integer("months"),
  },
  (t) => [
    uniqueIndex("quote_items_option_position_key").on(t.optionId, t.position),
    index("quote_items_quote_idx").on(t.quoteId),
    check("quote_items_quantity_positive", sql`${t.quantity} > 0`),
  ],
);
