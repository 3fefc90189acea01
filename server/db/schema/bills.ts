import { sql } from "drizzle-orm";
import {
  bigint,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uuid,
} from "drizzle-orm/pg-core";
import type { BillAnalysisResult } from "#app/lib/bill-analysis.ts";
import { companyId, createdAt, userRef } from "./columns.ts";
import { customers } from "./customers.ts";
import { billAnalysisStatusEnum, billReadSourceEnum, carrierEnum } from "./enums.ts";

export const billAnalyses = pgTable(
  "bill_analyses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: companyId(),
    customerId: uuid("customer_id").references(() => customers.id, { onDelete: "set null" }),
    uploadedBy: userRef("uploaded_by"),
    fileName: text("file_name").notNull(),
    fileKey: text("file_key"),
    mimeType: text("mime_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    status: billAnalysisStatusEnum("status").notNull().default("pending"),
    error: text("error"),
    result: jsonb("result").$type<BillAnalysisResult>(),
    carrier: carrierEnum("carrier"),
    totalMonthlyCents: bigint("total_monthly_cents", { mode: "number" }),
    totalDataUsageGb: numeric("total_data_usage_gb", { precision: 12, scale: 2, mode: "number" }),
    /** Pooled data the customer's plan includes; with usage it drives the "over data plan" alert. */
    dataAllowanceGb: numeric("data_allowance_gb", { precision: 12, scale: 2, mode: "number" }),
    /**
     * The row is its own job (decision 0024): where the work is (uploading, reading, ocr,
     * finding, comparing, done), how far (0–100), how many times a worker took it, and until when
     * the worker that took it holds it (after that, another may take it again).
     */
    /**
     * The yearly saving our catalog offers, in cents, once compared: what the dashboard ranks by.
     * (A quote made from the bill points here through `quotes.bill_analysis_id`.)
     */
    annualSavingsCents: bigint("annual_savings_cents", { mode: "number" }),
    /**
     * How the bill was read (text layer, OCR, or both), written with the result: the screen and
     * the exports warn that OCR may have misread names and figures. Null until the read is done,
     * and for a PDF analysed before it was kept (migration 0019: not known, so no warning).
     */
    readSource: billReadSourceEnum("read_source"),
    stage: text("stage").notNull().default("uploading"),
    progress: integer("progress").notNull().default(0),
    attempts: integer("attempts").notNull().default(0),
    lockedUntil: timestamp("locked_until", { withTimezone: true }),
    createdAt: createdAt(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [
    // Only the rows a worker may take: small however many analyses the table keeps.
    index("bill_analyses_pending_idx")
      .on(t.lockedUntil, t.createdAt)
      .where(sql`${t.status} in ('pending', 'processing')`),
    index("bill_analyses_company_created_idx").on(t.companyId, t.createdAt.desc()),
    index("bill_analyses_customer_idx").on(t.customerId),
  ],
);
