import { and, desc, eq, ilike, isNull, or, sql } from "drizzle-orm";
import type { WaitlistInput } from "#app/lib/schemas/waitlist.ts";
import type { Database } from "#server/db/client.ts";
import { containsPattern } from "#server/db/like.ts";
import { mailOutbox, waitlistSignups } from "#server/db/schema/index.ts";
import { toCsv } from "#server/platform/csv.ts";
import type { Mailer } from "#server/platform/mail.ts";
import { hit } from "#server/platform/rate-limit.ts";

/** The reply to a waitlist sign-up: platform mail, for no company. */
const WAITLIST_CONFIRMATION_TEMPLATE = "waitlist-confirmation";

export type JoinResult = { created: boolean };

/**
 * Adds a sign-up, or updates the one with the same email (any case) instead of failing or
 * duplicating; then queues the confirmation email through the mail port.
 */
export async function joinWaitlist(
  db: Database,
  mailer: Mailer,
  input: WaitlistInput,
  context: { userAgent: string | null },
): Promise<JoinResult> {
  const email = input.email.trim();
  const [row] = await db
    .insert(waitlistSignups)
    .values({
      name: input.name,
      email,
      company: input.company,
      phone: input.phone ?? null,
      source: input.source,
      userAgent: context.userAgent?.slice(0, 500) ?? null,
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

  await mailer.send({
    to: email,
    template: WAITLIST_CONFIRMATION_TEMPLATE,
    subject: "You're on the Carrierline waitlist",
    text: [
      `Hi ${input.name},`,
      "",
      `Thanks for your interest in Carrierline. We have saved your place on the waitlist for ${input.company}.`,
      "We are opening access to resellers in small groups; we will email your access details as soon as your group is ready.",
      "",
      "The Carrierline team",
    ].join("\n"),
  });
  return { created: row?.created ?? false };
}

const RATE_LIMIT_WINDOW_SECONDS = 10 * 60;

export type SubmitOutcome =
  | { status: "accepted" }
  /** A filled honeypot: the bot is told it succeeded, and nothing is kept. */
  | { status: "ignored" }
  | { status: "rate_limited"; retryAfterSeconds: number; message: string };

/** The 429 text a person reads, with the wait rounded up to whole minutes. */
export function rateLimitMessage(retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return `Too many sign-ups from your network. Please try again in ${minutes} minute${minutes === 1 ? "" : "s"}.`;
}

/**
 * Rate limit per address first, so a flood costs one statement each; then honeypot; then the
 * sign-up itself. The JSON API and the no-JavaScript form both come through here.
 */
export async function submitSignup(
  deps: { db: Database; mailer: Mailer; limitPerWindow: number },
  input: WaitlistInput,
  context: { address: string; userAgent: string | null },
): Promise<SubmitOutcome> {
  const limit = await hit(
    deps.db,
    `waitlist:${context.address}`,
    deps.limitPerWindow,
    RATE_LIMIT_WINDOW_SECONDS,
  );
  if (!limit.allowed) {
    return {
      status: "rate_limited",
      retryAfterSeconds: limit.retryAfterSeconds,
      message: rateLimitMessage(limit.retryAfterSeconds),
    };
  }
  if (input.website) return { status: "ignored" };
  await joinWaitlist(deps.db, deps.mailer, input, { userAgent: context.userAgent });
  return { status: "accepted" };
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
  db: Database,
  options: { q: string; page: number },
): Promise<{ rows: SignupView[]; total: number }> {
  const where = signupSearch(options.q);
  const [rows, total] = await Promise.all([
    db
      .select(signupColumns)
      .from(waitlistSignups)
      .where(where)
      .orderBy(desc(waitlistSignups.createdAt), desc(waitlistSignups.id))
      .limit(WAITLIST_PAGE_SIZE)
      .offset((options.page - 1) * WAITLIST_PAGE_SIZE),
    db.$count(waitlistSignups, where),
  ]);
  return { rows, total };
}

/** How many sign-ups each opener of the modal brought, most first. */
export async function signupCountsBySource(db: Database) {
  return db
    .select({ source: waitlistSignups.source, count: sql<number>`count(*)::int` })
    .from(waitlistSignups)
    .groupBy(waitlistSignups.source)
    .orderBy(desc(sql`count(*)`), waitlistSignups.source);
}

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

/** Every sign-up, newest first, as CSV (every value quoted). */
export async function exportSignupsCsv(db: Database): Promise<string> {
  const rows = await db
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

/**
 * The outbox a company's admin may read, newest first: messages for that company's people, and the
 * platform's waitlist replies (which carry no secret). Other companies' codes and links never.
 */
export async function listOutbox(db: Database, options: { page: number; companyId: string }) {
  const visible = or(
    eq(mailOutbox.companyId, options.companyId),
    and(isNull(mailOutbox.companyId), eq(mailOutbox.template, WAITLIST_CONFIRMATION_TEMPLATE)),
  );
  const [rows, total] = await Promise.all([
    db
      .select({
        id: mailOutbox.id,
        channel: mailOutbox.channel,
        toAddress: mailOutbox.toAddress,
        subject: mailOutbox.subject,
        template: mailOutbox.template,
        status: mailOutbox.status,
        textBody: mailOutbox.textBody,
        lastError: mailOutbox.lastError,
        createdAt: mailOutbox.createdAt,
        sentAt: mailOutbox.sentAt,
      })
      .from(mailOutbox)
      .where(visible)
      .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
      .limit(WAITLIST_PAGE_SIZE)
      .offset((options.page - 1) * WAITLIST_PAGE_SIZE),
    db.$count(mailOutbox, visible),
  ]);
  return { rows, total };
}
