// The days a date field takes, apart from the schemas so that a page's date inputs can carry
// them as min and max without loading zod (decision 0036).

/**
 * A year like 0000 is a date to JavaScript but not to PostgreSQL (the insert failed with a 500),
 * and years before 100 are read as 19xx by `new Date(y, m, d)`. No deal, check-in or report of
 * ours lies outside this century.
 */
export const CALENDAR_FIRST_DAY = "2000-01-01";
export const CALENDAR_LAST_DAY = "2099-12-31";

/** A YYYY-MM-DD day within CALENDAR_FIRST_DAY…CALENDAR_LAST_DAY. */
export function inCalendarRange(day: string): boolean {
  return day >= CALENDAR_FIRST_DAY && day <= CALENDAR_LAST_DAY;
}

/** The message under a date field whose day lies outside the range. */
export const calendarRangeMessage = (label: string) =>
  `${label} must be between ${CALENDAR_FIRST_DAY} and ${CALENDAR_LAST_DAY}`;
