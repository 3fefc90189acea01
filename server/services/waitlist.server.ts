import { sql } from "drizzle-orm";
import type { WaitlistInput } from "../../app/lib/schemas/waitlist.ts";
import type { Database } from "../db/client.ts";
import { waitlistSignups } from "../db/schema.ts";
import type { Mailer } from "../mail.ts";

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
    template: "waitlist-confirmation",
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
