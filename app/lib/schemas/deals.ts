import { z } from "zod";
import {
  BOARD_STATUSES,
  DEAL_CARRIERS,
  DEAL_STAGES,
  DEAL_STATUSES,
  HARDWARE_SOURCES,
} from "#app/lib/domain.ts";
import { DEAL_FOR_EXISTING, DEAL_NOT_FOUND, DEAL_SORTS } from "./deal-constants.ts";
import {
  blankWhenMissing,
  countField,
  countNumber,
  countOf,
  filterChoice,
  flag,
  moneyField,
  optionalDate,
  optionalRecordId,
  optionalText,
  optionalWebsite,
  recordId,
  requiredText,
  searchText,
} from "./fields.ts";
import { text } from "./text.ts";

export {
  DEAL_FOR_EXISTING,
  DEAL_NOT_FOUND,
  DEAL_SORT_LABELS,
  DEAL_SORTS,
  type DealSort,
} from "./deal-constants.ts";

// The deals area's schemas: one per form and query, used by the form in the browser and again
// by the route action or API on the server (agent-portal spec, section 5).

export const MAX_LINES = 100_000;
export const MAX_CONTRACT_TERM = 120;
export const MAX_MONTHLY_RATE_DOLLARS = 100_000;
export const MAX_ONE_TIME_DOLLARS = 10_000_000;

export const COMPANY_NOT_FOUND = "Company not found";
export const LOST_REASON_MESSAGE = "Say why the deal was lost";

/** The contract term: "" is unset (the default of 24 applies); otherwise a count of months. */
const contractTerm = blankWhenMissing(
  text()
    .trim()
    .transform((value) => (value === "" ? null : countOf(value)))
    .pipe(countNumber("Contract term", MAX_CONTRACT_TERM).nullable()),
);

const probability = text({ error: "Probability is required" })
  .trim()
  .min(1, "Probability is required")
  .transform(Number)
  .pipe(
    z
      .number({ error: "Probability must be a whole number from 0 to 100" })
      .int("Probability must be a whole number from 0 to 100")
      .min(0, "Probability must be a whole number from 0 to 100")
      .max(100, "Probability must be a whole number from 0 to 100"),
  );

function choice<const T extends readonly [string, ...string[]]>(values: T, message: string) {
  return z.enum(values, { error: message });
}

/** Every field of a deal the agent edits, as the New Deal form and the deal page post them. */
const dealShape = {
  title: requiredText("Deal title is required", "Deal title", 200),
  description: optionalText("Description", 5_000, { multiline: true }),
  status: choice(DEAL_STATUSES, "Choose a status"),
  stage: choice(DEAL_STAGES, "Choose a stage"),
  carrier: choice(DEAL_CARRIERS, "Choose a carrier"),
  probability,
  closeDate: optionalDate("Close date"),
  productType: optionalText("Product type", 100),
  voiceLines: countField("Voice lines", MAX_LINES),
  mobileInternetLines: countField("Mobile internet lines", MAX_LINES),
  fixedWirelessLines: countField("Fixed wireless lines", MAX_LINES),
  useCase: optionalText("Use case", 2_000, { multiline: true }),
  // Carrier Provided unless chosen otherwise (spec, section 9).
  hardwareSource: z.preprocess(
    (value) => (value === undefined || value === "" ? "carrier" : value),
    choice(HARDWARE_SOURCES, "Choose a hardware source"),
  ),
  partnerSolution: optionalText("Partner solution", 200),
  ratePlanId: optionalRecordId("Choose a rate plan from the list"),
  monthlyRate: moneyField("Monthly rate", MAX_MONTHLY_RATE_DOLLARS),
  contractTerm,
  oneTimeRevenue: moneyField("One-time revenue", MAX_ONE_TIME_DOLLARS),
  lostReason: optionalText("Reason", 500),
};

type DealShapeOutput = { status: string; lostReason: string | null };
const lostNeedsReason = <T extends DealShapeOutput>(deal: T) =>
  deal.status !== "closed_lost" || deal.lostReason !== null;
const LOST_REFINEMENT = { message: LOST_REASON_MESSAGE, path: ["lostReason"] };

/** The deal's own fields; the New Deal form adds the customer, the deal page the deal's id. */
export const dealFieldsSchema = z.object(dealShape).refine(lostNeedsReason, LOST_REFINEMENT);
export type DealFields = z.output<typeof dealFieldsSchema>;

/**
 * New Deal: the deal and its customer, either one of the company's (`customerId`) or a new one
 * from the Company Information section, created first in the same transaction.
 */
export const newDealSchema = z
  .object({
    ...dealShape,
    customerId: optionalRecordId(COMPANY_NOT_FOUND),
    contactName: requiredText("Contact name is required", "Contact name", 200),
    companyName: requiredText("Company name is required", "Company name", 200),
    companyWebsite: optionalWebsite(),
  })
  .refine(lostNeedsReason, LOST_REFINEMENT);
export type NewDealInput = z.output<typeof newDealSchema>;

/** The form's defaults, from the spec (section 9); the close date is 30 days from `today`. */
export function newDealDefaults(today: Date) {
  const close = new Date(today);
  close.setUTCDate(close.getUTCDate() + 30);
  return {
    status: "lead",
    stage: "discovery",
    carrier: "ATT",
    probability: "20",
    hardwareSource: "carrier",
    closeDate: close.toISOString().slice(0, 10),
    contractTerm: "24",
  } as const;
}

/** Cards per column on the board, and per "Show more". */
export const BOARD_PAGE_SIZE = 50;
/** Deepest offset a "Show more" may ask for; no one scrolls a column further. */
export const BOARD_MAX_OFFSET = 10_000;

/** The board's view, kept in the URL: search, status filter, sort (always descending), mine. */
export const boardQuerySchema = z.object({
  q: searchText(),
  status: filterChoice(BOARD_STATUSES),
  sort: z.enum(DEAL_SORTS).catch("created"),
  mine: flag,
});
export type BoardQuery = z.output<typeof boardQuerySchema>;

/** The customer New Deal gave the deal to, when the agent already had them (else null). */
export const boardNoticeSchema = z.object({
  [DEAL_FOR_EXISTING]: recordId("Customer not found").nullable().catch(null),
});

/** One more page of one column, for "Show more". */
export const columnPageSchema = boardQuerySchema.extend({
  column: z.enum(BOARD_STATUSES),
  offset: z.coerce.number().int().min(0).max(BOARD_MAX_OFFSET).catch(0),
});
export type ColumnPageQuery = z.output<typeof columnPageSchema>;

/** A card dropped on a column: the board never sets closed_lost. */
export const moveDealSchema = z.object({
  dealId: recordId(DEAL_NOT_FOUND),
  status: choice(BOARD_STATUSES, "Choose a column"),
});
export type MoveDealInput = z.output<typeof moveDealSchema>;

export const dealNoteSchema = z.object({
  body: requiredText("Write a note first", "Note", 5_000, { multiline: true }),
});

export const reassignDealSchema = z.object({
  assigneeId: text({ error: "Choose an agent" }).trim().min(1, "Choose an agent").max(100),
});

/** The deal page's forms, one intent each. */
export const dealPageActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("update"), ...dealShape }),
  z.object({ intent: z.literal("note"), ...dealNoteSchema.shape }),
  z.object({ intent: z.literal("reassign"), ...reassignDealSchema.shape }),
]);
