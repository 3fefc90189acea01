import { z } from "zod";
import {
  DEAL_STAGE_LABELS,
  DEAL_STAGES,
  DEAL_STATUS_LABELS,
  DEAL_STATUSES,
} from "#app/lib/domain.ts";

// What each activity entry records beside its kind, read back through this schema (the details
// column is JSON), and the sentence the deal timeline shows for it.

export const activityDetailsSchema = z.discriminatedUnion("kind", [
  z.object({ kind: z.literal("deal_created") }),
  z.object({
    kind: z.literal("deal_status_changed"),
    from: z.enum(DEAL_STATUSES),
    to: z.enum(DEAL_STATUSES),
    reason: z.string().nullable().optional(),
  }),
  z.object({
    kind: z.literal("deal_stage_changed"),
    from: z.enum(DEAL_STAGES),
    to: z.enum(DEAL_STAGES),
  }),
  z.object({ kind: z.literal("deal_updated"), fields: z.array(z.string()) }),
  z.object({
    kind: z.literal("deal_reassigned"),
    from: z.string().nullable(),
    to: z.string().nullable(),
  }),
  z.object({ kind: z.literal("deal_note"), body: z.string() }),
  z.object({ kind: z.literal("customer_created") }),
  z.object({ kind: z.literal("customer_updated"), fields: z.array(z.string()) }),
  z.object({ kind: z.literal("customers_imported"), count: z.number() }),
  // A quote's entries name the customer's company (and the option or version where one applies),
  // so the customer's timeline reads without opening the quote.
  z.object({ kind: z.literal("quote_generated"), company: z.string().nullable() }),
  z.object({ kind: z.literal("quote_saved"), company: z.string() }),
  z.object({
    kind: z.literal("quote_updated"),
    company: z.string(),
    option: z.string(),
    change: z.enum(["chosen", "repriced"]),
  }),
  z.object({ kind: z.literal("quote_versioned"), company: z.string(), version: z.number() }),
  z.object({ kind: z.literal("quote_sent"), company: z.string(), to: z.string() }),
  z.object({ kind: z.literal("quote_accepted"), company: z.string() }),
  z.object({ kind: z.literal("quote_declined"), company: z.string() }),
  z.object({ kind: z.literal("quote_converted"), company: z.string() }),
  // A completed analysis, kept when the analysis is deleted: the Activity Report counts these.
  z.object({ kind: z.literal("bill_analyzed"), analysisId: z.string(), fileName: z.string() }),
]);
export type ActivityDetails = z.output<typeof activityDetailsSchema>;

/** One entry of a timeline as the screen shows it. */
export type ActivityEntry = {
  id: string;
  actor: string | null;
  at: Date;
  details: ActivityDetails;
};

/** The timeline's sentence for an entry (the note's text is shown under it, not in it). */
export function describeActivity(details: ActivityDetails): string {
  switch (details.kind) {
    case "deal_created":
      return "created the deal";
    case "deal_status_changed":
      return `moved the deal from ${DEAL_STATUS_LABELS[details.from]} to ${DEAL_STATUS_LABELS[details.to]}${details.reason ? `: ${details.reason}` : ""}`;
    case "deal_stage_changed":
      return `changed the stage from ${DEAL_STAGE_LABELS[details.from]} to ${DEAL_STAGE_LABELS[details.to]}`;
    case "deal_updated":
      return `edited ${listOf(details.fields)}`;
    case "deal_reassigned":
      return `reassigned the deal from ${details.from ?? "Unassigned"} to ${details.to ?? "Unassigned"}`;
    case "deal_note":
      return "added a note";
    case "customer_created":
      return "added the customer";
    case "customer_updated":
      return `edited ${listOf(details.fields)}`;
    case "customers_imported":
      return `imported ${details.count.toLocaleString("en-US")} customers`;
    case "quote_generated":
      return details.company ? `generated a quote for ${details.company}` : "generated a quote";
    case "quote_saved":
      return `saved a quote for ${details.company}`;
    case "quote_updated":
      return details.change === "chosen"
        ? `chose the ${details.option} option on the quote for ${details.company}`
        : `re-priced the ${details.option} option on the quote for ${details.company}`;
    case "quote_versioned":
      return `made version ${details.version} of the quote for ${details.company}`;
    case "quote_sent":
      return `sent the proposal for ${details.company} to ${details.to}`;
    case "quote_accepted":
      return `marked the quote for ${details.company} accepted`;
    case "quote_declined":
      return `marked the quote for ${details.company} lost`;
    case "quote_converted":
      return `converted the quote for ${details.company} to a deal`;
    case "bill_analyzed":
      return `had the bill ${details.fileName} analysed`;
  }
}

function listOf(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? "the record";
  return `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`;
}
