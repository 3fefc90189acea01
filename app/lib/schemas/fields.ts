import { z } from "zod";
import { calendarRangeMessage, inCalendarRange } from "#app/lib/calendar-range.ts";
import { isContactPhone, PHONE_INVALID_MESSAGE } from "#app/lib/phone.ts";
import { searchTextOf } from "#app/lib/search-text.ts";
import { text } from "./text.ts";

// Field shapes the record forms share (deals, customers): each reads what a form posts (always
// text) and gives the service a typed value, with the message a person sees under the field.

/**
 * A field the form may leave out (a section shown only for some choices, a client that sends
 * less): missing reads as blank, then the field's own rules apply.
 */
export function blankWhenMissing<T extends z.ZodType>(schema: T) {
  return z.preprocess((value) => value ?? "", schema);
}

/** Optional text: "" and spaces become null. */
export function optionalText(label: string, max: number, options: { multiline?: boolean } = {}) {
  return blankWhenMissing(
    text(options)
      .trim()
      .max(max, `${label} must be ${max.toLocaleString("en-US")} characters or fewer`)
      .transform((value) => (value === "" ? null : value)),
  );
}

/** Required text, trimmed. */
export function requiredText(
  message: string,
  label: string,
  max: number,
  options: { multiline?: boolean } = {},
) {
  return text({ ...options, error: message })
    .trim()
    .min(1, message)
    .max(max, `${label} must be ${max.toLocaleString("en-US")} characters or fewer`);
}

/** A whole number from 0 to `max`, with the messages the record forms show. */
export function countNumber(label: string, max: number) {
  return z
    .number()
    .int(`${label} must be a whole number`)
    .min(0, `${label} must be 0 or more`)
    .max(max, `${label} must be ${max.toLocaleString("en-US")} or fewer`);
}

/** A typed count: an entry that is not a number becomes 0 (agent-portal spec, section 5). */
export function countOf(value: string): number {
  const n = Number(value);
  return value === "" || Number.isNaN(n) ? 0 : n;
}

/**
 * A count with a minimum of 0, where an entry that is not a number becomes 0; a negative or
 * fractional one is refused.
 */
export function countField(label: string, max: number) {
  return blankWhenMissing(text().trim().transform(countOf).pipe(countNumber(label, max)));
}

const MONEY = /^\d+(\.\d{1,2})?$/;

/** Dollars as typed ("45", "45.5", "1,200.00") to integer cents; "" is 0. Minimum 0, step 0.01. */
export function moneyField(label: string, maxDollars: number) {
  return blankWhenMissing(
    text()
      .trim()
      .transform((value) => value.replace(/[$,\s]/g, ""))
      .refine(
        (value) => value === "" || MONEY.test(value),
        `${label} must be an amount of 0 or more, in steps of 0.01`,
      )
      .transform((value) => (value === "" ? 0 : Math.round(Number(value) * 100)))
      .refine(
        (cents) => cents <= maxDollars * 100,
        `${label} must be $${maxDollars.toLocaleString("en-US")} or less`,
      ),
  );
}

/** An optional calendar date as a date input posts it (YYYY-MM-DD); "" is null. */
export function optionalDate(label: string) {
  return blankWhenMissing(
    text()
      .trim()
      .refine(
        (value) => value === "" || isCalendarDate(value),
        `${label} must be a date, like 2026-12-31`,
      )
      .refine((value) => value === "" || inCalendarRange(value), calendarRangeMessage(label))
      .transform((value) => (value === "" ? null : value)),
  );
}

/** A real day written YYYY-MM-DD (not 2026-02-30), in any year. */
export function isCalendarDate(value: string): boolean {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(value)) return false;
  const date = new Date(`${value}T00:00:00Z`);
  return !Number.isNaN(date.getTime()) && date.toISOString().startsWith(value);
}

export const WEBSITE_MESSAGE = "Enter a website address, like https://example.com";

/** A web address, trimmed, with `https://` added when it has no scheme; "" stays "". */
function websiteText(options: { error?: string } = {}) {
  return text(options)
    .trim()
    .max(300, "Website must be 300 characters or fewer")
    .transform((value) =>
      value === "" ? "" : /^[a-z][a-z\d+.-]*:/i.test(value) ? value : `https://${value}`,
    )
    .refine((value) => value === "" || isWebAddress(value), WEBSITE_MESSAGE);
}

/** A web address with a scheme added when it has none; "" is null. */
export function optionalWebsite() {
  return blankWhenMissing(websiteText().transform((value) => (value === "" ? null : value)));
}

/** A required web address with a scheme added when it has none (the quote generator's form). */
export function requiredWebsite(message: string) {
  return websiteText({ error: message }).refine((value) => value !== "", message);
}

function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return (url.protocol === "https:" || url.protocol === "http:") && url.hostname.includes(".");
  } catch {
    return false;
  }
}

export const EMAIL_MESSAGE = "Enter a valid email address";

/** An email address, trimmed; "" stays "". */
function emailText(options: { error?: string } = {}) {
  return text(options)
    .trim()
    .max(254, "Email must be 254 characters or fewer")
    .refine((value) => value === "" || z.email().safeParse(value).success, EMAIL_MESSAGE);
}

/** An optional email address; "" is null. Stored lower-cased so duplicates are found. */
export function optionalEmail() {
  return blankWhenMissing(
    emailText().transform((value) => (value === "" ? null : value.toLowerCase())),
  );
}

/** A required email address, lower-cased. */
export function requiredEmail(message: string) {
  return emailText({ error: message })
    .refine((value) => value !== "", message)
    .transform((value) => value.toLowerCase());
}

/** A record id from a form or a URL (our ids are UUIDs); anything else is refused. */
export function recordId(message: string) {
  return text({ error: message })
    .trim()
    .pipe(z.uuid({ error: message }));
}

/** An optional record id: "" is null. */
export function optionalRecordId(message: string) {
  return blankWhenMissing(
    text()
      .trim()
      .refine((value) => value === "" || z.uuid().safeParse(value).success, message)
      .transform((value) => (value === "" ? null : value)),
  );
}

/** A checkbox or a URL flag: "on", "true" or "1" is true; anything else, or nothing, false. */
export const flag = text()
  .optional()
  .catch(undefined)
  .transform((value) => value === "on" || value === "true" || value === "1");

/** An optional contact number as people write it (`isContactPhone`, app/lib/phone.ts); "" is null. */
export function optionalPhone() {
  return blankWhenMissing(
    text()
      .trim()
      .max(40, "Phone must be 40 characters or fewer")
      .refine((value) => value === "" || isContactPhone(value), PHONE_INVALID_MESSAGE)
      .transform((value) => (value === "" ? null : value)),
  );
}

/**
 * A list filter's choice: one of `values` or "all"; anything else reads as "all". A helper rather
 * than a spread at each schema, so the browser build can drop a schema no page runs (decision
 * 0034: it counts calls of the helpers in vite.config.ts's SCHEMA_BUILDERS as free of effects).
 */
export function filterChoice<const T extends readonly [string, ...string[]]>(values: T) {
  return z.enum(["all", ...values]).catch("all");
}

/**
 * A list's search (`?q=`), cut to its first SEARCH_MAX_LENGTH characters (app/lib/search-text.ts);
 * text no one could have typed (control characters) reads as no search.
 */
export function searchText() {
  return text().transform(searchTextOf).catch("");
}

/**
 * A list's page (`?page=`): a positive integer, and anything else the first page. A page above
 * `max` reads as `max` rather than as the first: it is past the last page too, which the list
 * answers with its last (server/platform/paging.ts); `max` only bounds the rows skipped.
 */
export function pageNumber(max: number) {
  return z.coerce
    .number()
    .int()
    .min(1)
    .catch(1)
    .transform((page) => Math.min(page, max));
}
