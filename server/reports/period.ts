import { and, eq, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import {
  DEFAULT_CUSTOM_RANGE_DAYS,
  RANGE_ORDER_MESSAGE,
  RANGE_SPAN_MESSAGE,
  REPORT_PERIOD_LABELS,
  type ReportQuery,
  rangeTooLong,
} from "#app/lib/schemas/reports.ts";
import { seesWholeCompany } from "#server/accounts/index.ts";
import type { UserContext } from "#server/platform/context.ts";
import { invalidInput } from "#server/platform/errors.ts";

/**
 * A report's period as instants: `start` inclusive, `end` exclusive (the day after the last day,
 * at midnight UTC), null for All Time. `from` and `to` are the calendar days it covers, for the
 * page and the file's heading.
 */
export type ResolvedPeriod = {
  label: string;
  from: string | null;
  to: string;
  start: Date | null;
  end: Date;
};

const DAY_MS = 86_400_000;
const dayOf = (instant: Date) => instant.toISOString().slice(0, 10);
const midnight = (day: string) => new Date(`${day}T00:00:00Z`);
const addDays = (day: string, days: number) =>
  dayOf(new Date(midnight(day).getTime() + days * DAY_MS));

/**
 * Days are UTC calendar days. "Last 30 Days" is the same range a fresh Custom Range shows (from
 * 30 days ago to today, both included), so switching between them never changes the figures.
 */
export function resolvePeriod(now: Date, query: Pick<ReportQuery, "period" | "from" | "to">) {
  const today = dayOf(now);
  const label = REPORT_PERIOD_LABELS[query.period];
  const range = (from: string, to: string): ResolvedPeriod => ({
    label,
    from,
    to,
    start: midnight(from),
    end: midnight(addDays(to, 1)),
  });
  switch (query.period) {
    case "30":
      return range(addDays(today, -30), today);
    case "90":
      return range(addDays(today, -90), today);
    case "all":
      return { label, from: null, to: today, start: null, end: midnight(addDays(today, 1)) };
    case "custom": {
      const from = query.from ?? addDays(today, -DEFAULT_CUSTOM_RANGE_DAYS);
      const to = query.to ?? today;
      // Either day may be blank in the URL and filled above, so the schema's checks come again.
      if (to < from) throw invalidInput(RANGE_ORDER_MESSAGE, { to: RANGE_ORDER_MESSAGE });
      if (rangeTooLong(from, to))
        throw invalidInput(RANGE_SPAN_MESSAGE, { to: RANGE_SPAN_MESSAGE });
      return range(from, to);
    }
  }
}

/** `column` falls inside the period. */
export function within(column: AnyPgColumn | SQL, period: ResolvedPeriod): SQL {
  const before = sql`${column} < ${period.end.toISOString()}`;
  return period.start
    ? (and(sql`${column} >= ${period.start.toISOString()}`, before) ?? before)
    : before;
}

/**
 * Whose figures a report shows: an agent's own, always (the issue: "agents see their own
 * figures", which also honours a company that restricts agents to their own rows); a manager's
 * or admin's whole company, or the one agent they filter by. Null means the whole company.
 */
export function reportAgent(ctx: UserContext, query: Pick<ReportQuery, "agent">): string | null {
  if (!seesWholeCompany(ctx.user)) return ctx.user.id;
  return query.agent ? query.agent : null;
}

/** The company's rows, narrowed to one agent's when `agentId` is set. */
export function ownedBy(
  ctx: UserContext,
  companyColumn: AnyPgColumn,
  agentColumn: AnyPgColumn,
  agentId: string | null,
): SQL {
  const company = eq(companyColumn, ctx.user.companyId);
  return agentId ? (and(company, eq(agentColumn, agentId)) ?? company) : company;
}

const nextMonth = (month: string) => {
  const [year = 0, m = 1] = month.split("-").map(Number);
  return m === 12 ? `${year + 1}-01` : `${year}-${String(m + 1).padStart(2, "0")}`;
};

/**
 * A monthly series ("YYYY-MM", ascending) with every month of the period in it, a month without
 * figures as `zero(month)`: a chart that skipped the empty months would put Dec 2025 straight
 * beside Jul 2026. The series runs from the period's first month (for All Time, the first month
 * with figures) to its last; no figures at all stay no months, which the chart shows as empty.
 */
export function everyMonth<R extends { month: string }>(
  rows: readonly R[],
  period: Pick<ResolvedPeriod, "from" | "to">,
  zero: (month: string) => R,
): R[] {
  const first = rows[0]?.month;
  const last = rows.at(-1)?.month;
  if (first === undefined || last === undefined) return [];
  const from = period.from && period.from.slice(0, 7) < first ? period.from.slice(0, 7) : first;
  const to = period.to.slice(0, 7) > last ? period.to.slice(0, 7) : last;
  const byMonth = new Map(rows.map((row) => [row.month, row]));
  const months: R[] = [];
  for (let month = from; month <= to; month = nextMonth(month)) {
    months.push(byMonth.get(month) ?? zero(month));
  }
  return months;
}
