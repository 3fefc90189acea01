import { desc, ilike, or, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import { holds } from "#app/lib/access.ts";
import {
  WAITLIST_CSV_HEADERS,
  WAITLIST_DEFAULT_SORT,
  type WaitlistInput,
  type WaitlistQuery,
  type WaitlistSortColumn,
} from "#app/lib/schemas/waitlist.ts";
import { containsPattern } from "#server/db/like.ts";
import { preparedStatement } from "#server/db/prepared.ts";
import { waitlistSignups } from "#server/db/schema/index.ts";
import type { ServiceContext, UserContext } from "#server/platform/context.ts";
import { toCsv } from "#server/platform/csv.ts";
import { done, forbidden, type Outcome } from "#server/platform/errors.ts";
import { recordFor } from "#server/platform/mail.ts";
import { WAITLIST_CONFIRMATION_TEMPLATE } from "#server/platform/outbox.ts";
import { pageWithin } from "#server/platform/paging.ts";
import {
  checkRate,
  hitStatement,
  type RateCheck,
  rateResult,
  refusalOf,
} from "#server/platform/rate-limit.ts";

const RATE_LIMIT_WINDOW_SECONDS = 10 * 60;

/**
 * What became of a sign-up that was not refused: kept, or (a filled honeypot) ignored, the bot
 * being told it succeeded while nothing is kept.
 */
export type SignupResult = "accepted" | "ignored";

/** The rate limit's words, with the wait rounded up to whole minutes. */
export function rateLimitMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many sign-ups from your network. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}

const CONFIRMATION_SUBJECT = "You're on the Carrierline waitlist";

function confirmationText(signup: WaitlistInput): string {
  return [
    `Hi ${signup.name},`,
    "",
    `Thanks for your interest in Carrierline. We have saved your place on the waitlist for ${signup.company}.`,
    "We are opening access to resellers in small groups; we will email your access details as soon as your group is ready.",
    "",
    "The Carrierline team",
  ].join("\n");
}

/** The statement's one row, as both drivers answer it. */
const joined = z.object({
  rows: z.tuple([
    z.object({
      count: z.number(),
      retry_after: z.number(),
      inserted: z.boolean().nullable(),
      outbox_id: z.string().nullable(),
    }),
  ]),
});

/**
 * The sign-up's one statement (see submitSignup), prepared once: built by drizzle, it cost more of
 * the server's CPU than the rest of a sign-up, and PostgreSQL planned it afresh every time.
 */
const signupStatement = preparedStatement("waitlist_signup", (db) => {
  const value = (name: string) => sql.placeholder(name);
  return sql`
    with hit as ${hitStatement(db, value("key"), value("window"))},
    signup as (
      insert into ${waitlistSignups} (name, email, company, phone, source, user_agent)
      select ${value("name")}, ${value("email")}, ${value("company")}, ${value("phone")},
             ${value("source")}, ${value("userAgent")}
      from hit where hit.count <= ${value("limit")}
      on conflict (email_key) do update set
        name = excluded.name,
        company = excluded.company,
        phone = coalesce(excluded.phone, ${waitlistSignups}.phone),
        source = excluded.source,
        user_agent = excluded.user_agent,
        submission_count = ${waitlistSignups}.submission_count + 1,
        updated_at = now()
      -- A row this statement inserted has no deleting transaction yet; an updated one has ours.
      returning (xmax = 0) as inserted
    ),
    mail as (${recordFor(sql`signup where signup.inserted`, {
      to: value("email"),
      template: WAITLIST_CONFIRMATION_TEMPLATE,
      subject: CONFIRMATION_SUBJECT,
      text: value("text"),
    })})
    select hit.count, hit.retry_after, signup.inserted, mail.id as outbox_id
    from hit left join signup on true left join mail on true`;
});

/**
 * Rate limit per address (WAITLIST_RATE_LIMIT per ten minutes), then honeypot, then the sign-up.
 * The JSON API and the no-JavaScript form both come through here. Refused only as rate_limited,
 * with the wait.
 *
 * A sign-up is one statement, so one round trip and one commit: the hit on the address's counter,
 * then, only when the limit allows it, the sign-up (or an update of the one with the same email,
 * any case, instead of failing or duplicating) and, for a new address only, its confirmation in
 * the outbox. The statement is atomic: a sign-up is kept with its email or not at all, so one
 * answered with an error leaves nothing behind; and a flood past the limit writes nothing but the
 * counter. The email goes out
 * (with SMTP) only after the commit. A filled honeypot is counted and nothing else.
 */
export async function submitSignup(
  ctx: ServiceContext,
  input: { signup: WaitlistInput; address: string; userAgent: string | null },
): Promise<Outcome<SignupResult>> {
  const check: RateCheck = {
    key: `waitlist:${input.address}`,
    limit: ctx.config.waitlistRateLimit,
    windowSeconds: RATE_LIMIT_WINDOW_SECONDS,
    message: rateLimitMessage,
  };
  const { signup } = input;
  if (signup.website) return (await checkRate(ctx, check)) ?? done("ignored");
  const email = signup.email.trim();
  const result = await signupStatement(ctx.db).execute({
    key: check.key,
    window: check.windowSeconds,
    limit: check.limit,
    name: signup.name,
    email,
    company: signup.company,
    phone: signup.phone ?? null,
    source: signup.source,
    userAgent: input.userAgent?.slice(0, 500) ?? null,
    text: confirmationText(signup),
  });
  const [row] = joined.parse(result).rows;
  const limited = refusalOf(
    check,
    rateResult({ count: row.count, retryAfter: row.retry_after }, check.limit, check.windowSeconds),
  );
  if (limited) return limited;
  if (row.inserted === null) throw new Error("the sign-up was allowed but not written");
  // Only a new address is mailed: a repeat (or someone else typing that address again) updates
  // the row silently, so a form cannot be made to mail a victim over and over. The answer is the
  // same either way, so it does not tell whether the address was already on the list.
  if (row.outbox_id !== null) await ctx.ports.mail.deliver(row.outbox_id);
  return done("accepted");
}

export const WAITLIST_PAGE_SIZE = 50;

export type SignupView = {
  id: string;
  name: string;
  email: string;
  company: string;
  phone: string | null;
  source: string;
  submissionCount: number;
  createdAt: Date;
  updatedAt: Date;
};

const signupColumns = {
  id: waitlistSignups.id,
  name: waitlistSignups.name,
  email: waitlistSignups.email,
  company: waitlistSignups.company,
  phone: waitlistSignups.phone,
  source: waitlistSignups.source,
  submissionCount: waitlistSignups.submissionCount,
  createdAt: waitlistSignups.createdAt,
  updatedAt: waitlistSignups.updatedAt,
};

/**
 * The waitlist is the platform's, not any company's: the people on it belong to no company yet,
 * so only platform operators read it (decision 0011); a company's admin is refused.
 */
function requireWaitlistReader(ctx: UserContext): void {
  if (!holds(ctx.user, "operator")) {
    throw forbidden("Only platform operators can see the waitlist.");
  }
}

function signupSearch(q: string) {
  if (q === "") return undefined;
  const pattern = containsPattern(q);
  return or(
    ilike(waitlistSignups.name, pattern),
    ilike(waitlistSignups.email, pattern),
    ilike(waitlistSignups.company, pattern),
  );
}

const SIGNUP_SORT_KEYS: Record<WaitlistSortColumn, SQL> = {
  name: sql`lower(${waitlistSignups.name})`,
  email: sql`${waitlistSignups.emailKey}`,
  company: sql`lower(${waitlistSignups.company})`,
  source: sql`${waitlistSignups.source}`,
  submissions: sql`${waitlistSignups.submissionCount}`,
  signedUp: sql`${waitlistSignups.createdAt}`,
};

/**
 * A page of sign-ups, newest first unless a column is chosen, optionally searched by name, email
 * or company, with the total.
 */
export async function listSignups(
  ctx: UserContext,
  query: Pick<WaitlistQuery, "q" | "page"> & Partial<Pick<WaitlistQuery, "sort" | "dir">>,
): Promise<{ rows: SignupView[]; total: number; page: number; pageCount: number }> {
  requireWaitlistReader(ctx);
  const where = signupSearch(query.q);
  const key = SIGNUP_SORT_KEYS[query.sort ?? WAITLIST_DEFAULT_SORT.column];
  const sorted =
    (query.dir ?? WAITLIST_DEFAULT_SORT.dir) === "asc" ? sql`${key} asc` : sql`${key} desc`;
  const total = await ctx.db.$count(waitlistSignups, where);
  const { page, pageCount, offset } = pageWithin(query.page, total, WAITLIST_PAGE_SIZE);
  const rows = await ctx.db
    .select(signupColumns)
    .from(waitlistSignups)
    .where(where)
    .orderBy(sorted, desc(waitlistSignups.createdAt), desc(waitlistSignups.id))
    .limit(WAITLIST_PAGE_SIZE)
    .offset(offset);
  return { rows, total, page, pageCount };
}

/** How many sign-ups each opener of the modal brought, most first. */
export async function signupCountsBySource(ctx: UserContext) {
  requireWaitlistReader(ctx);
  return ctx.db
    .select({ source: waitlistSignups.source, count: sql<number>`count(*)::int` })
    .from(waitlistSignups)
    .groupBy(waitlistSignups.source)
    .orderBy(desc(sql`count(*)`), waitlistSignups.source);
}

/** Every sign-up, newest first, as CSV (every value quoted, formulas neutralised). */
export async function exportSignupsCsv(ctx: UserContext): Promise<string> {
  requireWaitlistReader(ctx);
  const rows = await ctx.db
    .select(signupColumns)
    .from(waitlistSignups)
    .orderBy(desc(waitlistSignups.createdAt));
  return toCsv(
    WAITLIST_CSV_HEADERS,
    rows.map((r) => [
      r.name,
      r.email,
      r.company,
      r.phone ?? "",
      r.source,
      r.submissionCount,
      r.createdAt.toISOString(),
      r.updatedAt.toISOString(),
    ]),
  );
}
