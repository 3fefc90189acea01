import { z } from "zod";
import { pageNumber, searchText } from "./fields.ts";
import { sortFields } from "./sort.ts";
import { text } from "./text.ts";
import { WAITLIST_DEFAULT_SORT, WAITLIST_SORT_COLUMNS } from "./waitlist-constants.ts";

export {
  WAITLIST_DEFAULT_SORT,
  WAITLIST_SORT_COLUMNS,
  type WaitlistSortColumn,
} from "./waitlist-constants.ts";

/** Public-site spec §5: non-space text, an at sign, a domain with a dot. */
export const WAITLIST_EMAIL_PATTERN = /^\S+@\S+\.\S+$/;

/**
 * Public-site spec §5: optional plus, optional parentheses around 3 digits, optional separator,
 * 3 digits, optional separator, then 4 to 6 digits.
 */
export const WAITLIST_PHONE_PATTERN = /^[+]?[(]?[0-9]{3}[)]?[-\s.]?[0-9]{3}[-\s.]?[0-9]{4,6}$/;

export const WAITLIST_SOURCES = [
  "direct",
  "header_nav",
  "header_mobile",
  "hero_section",
  "beta_section",
  "features_get_started",
  "features_sign_up",
] as const;

export type WaitlistSource = (typeof WAITLIST_SOURCES)[number];

const required = (field: string, max: number) =>
  text({ error: `${field} is required` })
    .trim()
    .min(1, `${field} is required`)
    .max(max, `${field} must be ${max} characters or fewer`);

/** One schema for the sign-up modal and the server (the messages are the spec's). */
export const waitlistSchema = z.object({
  name: required("Name", 200),
  // The spec's pattern is what the modal checks as it is typed; it also lets through a list
  // ("a@x.com,b@y.com"), a display name ("x<a@x.com>") or a trailing dot, each of which would
  // have had the confirmation mailed to someone else. One mailbox, or the same message.
  email: required("Email", 320)
    .regex(WAITLIST_EMAIL_PATTERN, "Please enter a valid email address")
    .pipe(z.email({ error: "Please enter a valid email address" })),
  company: required("Company", 200),
  phone: text()
    .trim()
    .max(40, "Please enter a valid phone number")
    .refine((v) => v === "" || WAITLIST_PHONE_PATTERN.test(v), "Please enter a valid phone number")
    .optional()
    .transform((v) => (v ? v : undefined)),
  // Where the modal was opened; anything unknown is recorded as direct (spec default).
  source: z.enum(WAITLIST_SOURCES).catch("direct").default("direct"),
  /** Honeypot: hidden from people, filled in by bots. */
  website: text().max(200).optional(),
});

export type WaitlistInput = z.output<typeof waitlistSchema>;
export type WaitlistField = "name" | "email" | "company" | "phone";

/** The message for one field as the modal validates it on blur, or undefined when it is valid. */
export function waitlistFieldError(field: WaitlistField, value: string): string | undefined {
  const result = waitlistSchema.shape[field].safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
}

/** The spec's analytics events of the sign-up modal. */
export const WAITLIST_EVENTS = [
  "begin_waitlist_submission",
  "complete_waitlist_submission",
  "waitlist_submission_error",
] as const;

export const analyticsEventSchema = z.object({
  name: z.enum(WAITLIST_EVENTS),
  source: text().trim().max(50).optional(),
  message: text().trim().max(500).optional(),
  path: text().trim().max(500).optional(),
});

export type AnalyticsEventInput = z.output<typeof analyticsEventSchema>;

const FIELD_NAMES: readonly string[] = ["name", "email", "company", "phone"];
const isWaitlistField = (key: unknown): key is WaitlistField =>
  typeof key === "string" && FIELD_NAMES.includes(key);

/**
 * The messages of the form's own fields, from a failed parse's (`parseForm`): for a form that was
 * posted without JavaScript. The honeypot and the source are never shown.
 */
export function waitlistFieldErrors(
  fieldErrors: Partial<Record<string, string>>,
): Partial<Record<WaitlistField, string>> {
  const errors: Partial<Record<WaitlistField, string>> = {};
  for (const [field, message] of Object.entries(fieldErrors)) {
    if (isWaitlistField(field) && message) errors[field] = message;
  }
  return errors;
}

/**
 * The sign-up columns, named once: the CSV export's header line, and the heads of the admin's
 * waitlist table (which leaves out the last submission time).
 */
export const WAITLIST_CSV_HEADERS = [
  "Name",
  "Email",
  "Company",
  "Phone",
  "Source",
  "Submissions",
  "Signed Up",
  "Last Submitted",
] as const;

/** The operators' waitlist screen: ?q&page&sort&dir. */
export const waitlistQuerySchema = z
  .object({
    q: searchText(),
    page: pageNumber(10_000),
  })
  .extend(sortFields(WAITLIST_SORT_COLUMNS, WAITLIST_DEFAULT_SORT));
export type WaitlistQuery = z.output<typeof waitlistQuerySchema>;
