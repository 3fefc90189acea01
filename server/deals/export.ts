import { and, eq } from "drizzle-orm";
import { shownProbability } from "#app/lib/deal-figures.ts";
import { DEAL_CARRIER_LABELS, DEAL_STATUS_LABELS } from "#app/lib/domain.ts";
import type { BoardQuery } from "#app/lib/schemas/deals.ts";
import { agent_users, customers, deals } from "#server/db/schema/index.ts";
import type { UserContext } from "#server/platform/context.ts";
import { writeXlsx, type XlsxColumn } from "#server/platform/xlsx.ts";
import { boardViewFilter, DEAL_EXPORT_SORT_KEYS, DEAL_TIE_BREAK } from "./view.ts";

/** One row of the deals export, in the spec's 13 columns' order (agent-portal spec, section 7). */
export type DealExportRow = {
  title: string;
  customer: string;
  status: (typeof deals.$inferSelect)["status"];
  valueCents: number;
  closeDate: string | null;
  probability: number;
  carrier: (typeof deals.$inferSelect)["carrier"];
  productType: string | null;
  monthlyRevenueCents: number;
  oneTimeRevenueCents: number;
  totalRevenueCents: number;
  assignee: string | null;
  createdAt: Date;
};

/**
 * Every deal the board's view shows (all of them, not one page), in the board's sort, read in
 * batches so a large export never holds one huge result in the driver at once.
 */
export async function* exportDealRows(
  ctx: UserContext,
  query: BoardQuery,
  batchSize = 2_000,
): AsyncGenerator<DealExportRow[]> {
  const where = await boardViewFilter(ctx, query);
  if (query.status !== "all") where.push(eq(deals.status, query.status));
  for (let offset = 0; ; offset += batchSize) {
    const rows = await ctx.db
      .select({
        title: deals.title,
        customer: customers.companyName,
        status: deals.status,
        valueCents: deals.valueCents,
        closeDate: deals.closeDate,
        probability: deals.probability,
        carrier: deals.carrier,
        productType: deals.productType,
        monthlyRevenueCents: deals.monthlyRevenueCents,
        oneTimeRevenueCents: deals.oneTimeRevenueCents,
        totalRevenueCents: deals.totalRevenueCents,
        assignee: agent_users.username,
        createdAt: deals.createdAt,
      })
      .from(deals)
      .innerJoin(customers, eq(customers.id, deals.customerId))
      .leftJoin(agent_users, eq(agent_users.id, deals.assignedTo))
      .where(and(...where))
      .orderBy(DEAL_EXPORT_SORT_KEYS[query.sort], DEAL_TIE_BREAK)
      .limit(batchSize)
      .offset(offset);
    if (rows.length > 0) yield rows;
    if (rows.length < batchSize) return;
  }
}

const DEAL_EXPORT_COLUMNS: readonly XlsxColumn<DealExportRow>[] = [
  { header: "Deal Title", kind: "text", width: 36, value: (r) => r.title },
  { header: "Customer", kind: "text", width: 28, value: (r) => r.customer },
  { header: "Status", kind: "text", width: 13, value: (r) => DEAL_STATUS_LABELS[r.status] },
  { header: "Value", kind: "money", width: 14, value: (r) => r.valueCents },
  { header: "Close Date", kind: "date", width: 12, value: (r) => r.closeDate },
  { header: "Probability", kind: "percent", width: 12, value: (r) => shownProbability(r) },
  { header: "Carrier", kind: "text", width: 10, value: (r) => DEAL_CARRIER_LABELS[r.carrier] },
  { header: "Product Type", kind: "text", width: 18, value: (r) => r.productType },
  { header: "Monthly Revenue", kind: "money", width: 16, value: (r) => r.monthlyRevenueCents },
  { header: "One Time Revenue", kind: "money", width: 17, value: (r) => r.oneTimeRevenueCents },
  { header: "Total Revenue", kind: "money", width: 15, value: (r) => r.totalRevenueCents },
  { header: "Assigned To", kind: "text", width: 16, value: (r) => r.assignee ?? "Unassigned" },
  { header: "Created At", kind: "datetime", width: 17, value: (r) => r.createdAt },
];

/** The export's file name for a day: deals_export_2025-03-05.xlsx (spec, section 7). */
export function dealsExportFileName(today: Date): string {
  return `deals_export_${today.toISOString().slice(0, 10)}.xlsx`;
}

/** The board's view as a workbook: every matching deal, in the spec's 13 columns. */
export function exportDealsXlsx(
  ctx: UserContext,
  query: BoardQuery,
): Promise<Uint8Array<ArrayBuffer>> {
  return writeXlsx({
    name: "Deals",
    columns: DEAL_EXPORT_COLUMNS,
    batches: exportDealRows(ctx, query),
  });
}
