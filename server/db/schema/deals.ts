import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import { ratePlans } from "./catalog.ts";
import { companyId, createdAt, updatedAt, userRef } from "./columns.ts";
import { customers, foldedKey } from "./customers.ts";
import { dealCarrierEnum, dealStageEnum, dealStatusEnum, hardwareSourceEnum } from "./enums.ts";

export const deals = pgTable(
  "deals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: companyId(),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "restrict" }),
    title: text("title").notNull(),
    description: text("description"),
    status: dealStatusEnum("status").notNull().default("lead"),
    stage: dealStageEnum("stage").notNull().default("discovery"),
    valueCents: bigint("value_cents", { mode: "number" }).notNull().default(0),
    closeDate: date("close_date", { mode: "string" }),
    probability: integer("probability").notNull().default(20),
    carrier: dealCarrierEnum("carrier").notNull().default("ATT"),
    productType: text("product_type"),
    contractTerm: integer("contract_term"),
    /** The per-line rate the agent priced the deal at; value and revenues are computed from it. */
    monthlyRateCents: bigint("monthly_rate_cents", { mode: "number" }).notNull().default(0),
    monthlyRevenueCents: bigint("monthly_revenue_cents", { mode: "number" }).notNull().default(0),
    oneTimeRevenueCents: bigint("one_time_revenue_cents", { mode: "number" }).notNull().default(0),
    totalRevenueCents: bigint("total_revenue_cents", { mode: "number" }).notNull().default(0),
    // The spec's deal metadata, as real columns so they can be filtered, joined and reported on.
    voiceLines: integer("voice_lines").notNull().default(0),
    mobileInternetLines: integer("mobile_internet_lines").notNull().default(0),
    fixedWirelessLines: integer("fixed_wireless_lines").notNull().default(0),
    useCase: text("use_case"),
    hardwareSource: hardwareSourceEnum("hardware_source").notNull().default("carrier"),
    partnerSolution: text("partner_solution"),
    ratePlanId: uuid("rate_plan_id").references(() => ratePlans.id, { onDelete: "set null" }),
    /** When the deal was last moved to closed_won; its contract ends `contract_term` months later. */
    wonAt: timestamp("won_at", { withTimezone: true }),
    /** Why a deal was lost, when its status is closed_lost. */
    lostReason: text("lost_reason"),
    /** Fulfilment of a won deal: the dashboard's Orders (ordered, not installed) and Installs. */
    orderedAt: timestamp("ordered_at", { withTimezone: true }),
    installedAt: timestamp("installed_at", { withTimezone: true }),
    createdBy: userRef("created_by"),
    assignedTo: userRef("assigned_to"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
    /** The title as the board's search compares it (accents and case ignored). */
    titleKey: foldedKey("title_key", "title"),
  },
  (t) => [
    // One per board sort: each column's first page is an index range scan (the id breaks ties).
    index("deals_company_status_created_idx").on(
      t.companyId,
      t.status,
      t.createdAt.desc(),
      t.id.desc(),
    ),
    index("deals_company_status_close_date_idx").on(
      t.companyId,
      t.status,
      t.closeDate.desc().nullsLast(),
      t.id.desc(),
    ),
    index("deals_company_status_value_idx").on(
      t.companyId,
      t.status,
      t.valueCents.desc(),
      t.id.desc(),
    ),
    index("deals_company_status_probability_idx").on(
      t.companyId,
      t.status,
      t.probability.desc(),
      t.id.desc(),
    ),
    index("deals_customer_idx").on(t.customerId),
    index("deals_assigned_to_idx").on(t.assignedTo),
    check("deals_probability_range", sql`${t.probability} between 0 and 100`),
    check(
      "deals_line_counts_non_negative",
      sql`${t.voiceLines} >= 0 and ${t.mobileInternetLines} >= 0 and ${t.fixedWirelessLines} >= 0`,
    ),
    check(
      "deals_contract_term_non_negative",
      sql`${t.contractTerm} is null or ${t.contractTerm} >= 0`,
    ),
  ],
);
