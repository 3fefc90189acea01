import { desc, ilike, or, sql } from "drizzle-orm";
import { WAITLIST_CSV_HEADERS, type WaitlistInput } from "#app/lib/schemas/waitlist.ts";
import { containsPattern } from "#server/db/like.ts";
import { waitlistSignups } from "#server/db/schema/index.ts";
import type { ServiceContext } from "#server/platform/context.ts";
import { toCsv } from "#server/platform/csv.ts";
import { done, type Outcome } from "#server/platform/errors.ts";
import { WAITLIST_CONFIRMATION_TEMPLATE } from "#server/platform/outbox.ts";
import { checkRate } from "#server/platform/rate-limit.ts";

export type JoinResult = { created: boolean };

/**
 * Adds a sign-up, or updates the one with the same email (any case) instead of failing or
 * duplicating; then queues the confirmation email through the mail port.
 */
export async function joinWaitlist(
  ctx: ServiceContext,
  input: { signup: WaitlistInput; userAgent: string | null },
): Promise<JoinResult> {
  const { signup } = input;
  const email = signup.email.trim();
  const [row] = await ctx.db
    .insert(waitlistSignups)
    .values({
      name: signup.name,
      email,
      company: signup.company,
      phone: signup.phone ?? null,
      source: signup.source,
      userAgent: input.userAgent?.slice(0, 500) ?? null,
    })
    .onConflictDoUpdate({
      target: waitlistSignups.emailKey,
      set: {
        name: sql`excluded.name`,
        company: sql`excluded.company`,
        phone: sql`coalesce(excluded.phone, ${waitlistSignups.phone})`,
        source: sql`excluded.source`,
        userAgent: sql`excluded.user_agent`,
        submissionCount: sql`${waitlistSignups.submissionCount} + 1`,
        updatedAt: sql`now()`,
      },
    })
    .returning({ created: sql<boolean>`(xmax = 0)` });

  await ctx.ports.mail.send({
    to: email,
    template: WAITLIST_CONFIRMATION_TEMPLATE,
    subject: "You're on the Carrierline waitlist",
    text: [
      `Hi ${signup.name},`,
      "",
      `Thanks for your interest in Carrierline. We have saved your place on the waitlist for ${signup.company}.`,
      "We are opening access to resellers in small groups; we will email your access details as soon as your group is ready.",
      "",
      "The Carrierline team",
    ].join("\n"),
  });
  return { created: row?.created ?? false };
}

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

/**
 * Rate limit per address first (WAITLIST_RATE_LIMIT per ten minutes), so a flood costs one
 * statement each; then honeypot; then the sign-up itself. The JSON API and the no-JavaScript form
 * both come through here. Refused only as rate_limited, with the wait.
 */
export async function submitSignup(
  ctx: ServiceContext,
  input: { signup: WaitlistInput; address: string; userAgent: string | null },
): Promise<Outcome<SignupResult>> {
  const limited = await checkRate(ctx, {
    key: `waitlist:${input.address}`,
    limit: ctx.config.waitlistRateLimit,
    windowSeconds: RATE_LIMIT_WINDOW_SECONDS,
    message: rateLimitMessage,
  });
  if (limited) return limited;
  if (input.signup.website) return done("ignored");
  await joinWaitlist(ctx, { signup: input.signup, userAgent: input.userAgent });
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

function signupSearch(q: string) {
  if (q === "") return undefined;
  const pattern = containsPattern(q);
  return or(
    ilike(waitlistSignups.name, pattern),
    ilike(waitlistSignups.email, pattern),
    ilike(waitlistSignups.company, pattern),
  );
}

/** Sign-ups newest first, optionally searched by name, email or company, with the total. */
export async function listSignups(
  ctx: ServiceContext,
  query: { q: string; page: number },
): Promise<{ rows: SignupView[]; total: number }> {
  const where = signupSearch(query.q);
  const [rows, total] = await Promise.all([
    ctx.db
      .select(signupColumns)
      .from(waitlistSignups)
      .where(where)
      .orderBy(desc(waitlistSignups.createdAt), desc(waitlistSignups.id))
      .limit(WAITLIST_PAGE_SIZE)
      .offset((query.page - 1) * WAITLIST_PAGE_SIZE),
    ctx.db.$count(waitlistSignups, where),
  ]);
  return { rows, total };
}

/** How many sign-ups each opener of the modal brought, most first. */
export async function signupCountsBySource(ctx: ServiceContext) {
  return ctx.db
    .select({ source: waitlistSignups.source, count: sql<number>`count(*)::int` })
    .from(waitlistSignups)
    .groupBy(waitlistSignups.source)
    .orderBy(desc(sql`count(*)`), waitlistSignups.source);
}

/** Every sign-up, newest first, as CSV (every value quoted). */
export async function exportSignupsCsv(ctx: ServiceContext): Promise<string> {
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
      String(r.submissionCount),
      r.createdAt.toISOString(),
      r.updatedAt.toISOString(),
    ]),
  );
}
