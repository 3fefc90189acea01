import { z } from "zod";
import { CALENDAR_FIRST_DAY, CALENDAR_LAST_DAY } from "#app/lib/calendar-range.ts";
import { optionalDate, searchText } from "./fields.ts";
import { text } from "./text.ts";

// The Reports screen's query (agent-portal spec, "Reports"): the period lives in the URL, so a
// report can be bookmarked and shared; the same schema reads the page's and the exports' URLs.

export const REPORT_PERIODS = ["30", "90", "all", "custom"] as const;
export type ReportPeriod = (typeof REPORT_PERIODS)[number];
export const REPORT_PERIOD_LABELS: Record<ReportPeriod, string> = {
  "30": "Last 30 Days",
  "90": "Last 90 Days",
  all: "All Time",
  custom: "Custom Range",
};

export const REPORT_TYPES = ["deals", "customer", "activity", "performance"] as const;
export type ReportType = (typeof REPORT_TYPES)[number];
export const REPORT_TITLES: Record<ReportType, string> = {
  deals: "Deals Report",
  customer: "Customer Report",
  activity: "Activity Report",
  performance: "Performance Report",
};

/** The kinds of work the Activity Report counts, in the order its chart and its export list them. */
export const ACTIVITY_GROUP_LABELS = [
  ["dealMoves", "Deal Moves"],
  ["notes", "Notes"],
  ["quotesGenerated", "Quotes Generated"],
  ["quotesSaved", "Quotes Saved"],
  ["proposalsSent", "Proposals Sent"],
  ["billsAnalysed", "Bills Analyzed"],
] as const;

/** How many days back a custom range starts when the agent has not chosen (spec, constants). */
export const DEFAULT_CUSTOM_RANGE_DAYS = 30;

export const RANGE_ORDER_MESSAGE = "The end date must be on or after the start date";

/**
 * The days a custom range may use. Without a bound, a year typed wrong (1026 for 2026) made every
 * monthly chart walk ten centuries and held the server for 20 s; past 9999 the dates overflowed.
 */
export const REPORT_FIRST_DAY = CALENDAR_FIRST_DAY;
export const REPORT_LAST_DAY = CALENDAR_LAST_DAY;

/**
 * The longest custom range, in years. Each month is a column on two charts and a row of their
 * tables: ten years (about 0.4 s to draw) is plenty for a report; a century took 6 s.
 */
export const MAX_RANGE_YEARS = 10;
export const RANGE_SPAN_MESSAGE = `A custom range can cover at most ${MAX_RANGE_YEARS} years`;

/** `to` is more than MAX_RANGE_YEARS after `from` (both "YYYY-MM-DD"). */
export function rangeTooLong(from: string, to: string): boolean {
  const limit = `${String(Number(from.slice(0, 4)) + MAX_RANGE_YEARS).padStart(4, "0")}${from.slice(4)}`;
  return to > limit;
}

// The page imports this module's constants: marked so that the bundler may leave the schema,
// and zod with it, out of the page's script when nothing there uses it (decision 0036).
/* @__NO_SIDE_EFFECTS__ */
const reportDate = (label: string) => optionalDate(label);

/**
 * `period` is All Time when the URL has none (the list toolbars keep "all" out of the URL, as
 * every "not filtered" choice) or one it does not know; a custom range
 * keeps its two dates (either may be blank: the default range fills it) and refuses an end
 * before its start with a message under the end date.
 */
export const reportQuerySchema = z
  .object({
    q: searchText(),
    period: z.enum(REPORT_PERIODS).catch("all"),
    from: reportDate("Start date"),
    to: reportDate("End date"),
    /** A manager's or admin's filter by agent (a user id); agents always see their own. */
    agent: text().trim().max(100).catch("").optional(),
  })
  .superRefine((query, issues) => {
    if (query.period !== "custom" || !query.from || !query.to) return;
    if (query.to < query.from) {
      issues.addIssue({ code: "custom", path: ["to"], message: RANGE_ORDER_MESSAGE });
    } else if (rangeTooLong(query.from, query.to)) {
      issues.addIssue({ code: "custom", path: ["to"], message: RANGE_SPAN_MESSAGE });
    }
  });
export type ReportQuery = z.output<typeof reportQuerySchema>;
