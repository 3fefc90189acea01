import { and, asc, desc, ne, or, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import type { CustomerFields } from "#app/lib/schemas/customers.ts";
import { customers } from "#server/db/schema/index.ts";
import type { UserContext } from "#server/platform/context.ts";
import { conflict, type DomainError } from "#server/platform/errors.ts";
import { customerScope } from "./scope.ts";

// When a customer is one the company already has: the CSV import, New Customer and New Deal ask
// the same question, in the same SQL, so they can never disagree about who is a duplicate.

const c = customers;

/** An email as it is compared: any case (the forms lower-case theirs; older rows may not be). */
export const emailKey = sql<string>`lower(${c.email})`;

/**
 * A contact or company name as it is compared, in the database: runs of white space (the no-break
 * space of a web page or a spreadsheet included) as one space, trimmed, in any case, accents kept.
 * The other side's values go through the same SQL, so both agree by construction.
 *
 * Case is folded on the decomposed form (NFD: "É" is "E" and a combining accent), because on a
 * database whose LC_CTYPE is "C" lower() changes only A to Z; the Latin capitals that have no
 * decomposition are lowered by hand, the letters fold_text spells out (migration 0018). Other
 * scripts' capitals (Greek, Cyrillic) are folded only where the database's locale does it.
 */
export const comparable = (value: SQL | AnyPgColumn) =>
  sql`lower(translate(btrim(regexp_replace(normalize(${value}, NFD), '[\\s\\u00a0\\u1680\\u2000-\\u200b\\u2028\\u2029\\u202f\\u205f\\u3000\\ufeff]+', ' ', 'g')), 'ØŁĐÐĦŦĿÆŒÞ', 'øłđðħŧŀæœþ'))`;

/**
 * A contact at a company by `comparable`'s rules, in JavaScript, for comparing values in hand: the
 * import's rows against each other, an edit against what was saved.
 */
export function personKey(fields: Pick<CustomerFields, "name" | "companyName">): string {
  return `${nameKey(fields.name)}\u0000${nameKey(fields.companyName)}`;
}

/** One contact or company name by `comparable`'s rules, in JavaScript. */
export function nameKey(value: string): string {
  return value
    .normalize("NFD")
    .replace(/[\s\u00a0\u1680\u2000-\u200b\u2028\u2029\u202f\u205f\u3000\ufeff]+/g, " ")
    .trim()
    .toLowerCase();
}

/** The same contact at the same company, by `comparable`. */
export const samePerson = (name: SQL | AnyPgColumn, companyName: SQL | AnyPgColumn) =>
  sql`${comparable(c.name)} = ${comparable(name)} and ${comparable(c.companyName)} = ${comparable(companyName)}`;

export type SameCustomer = {
  id: string;
  name: string;
  companyName: string;
  /** Known again by email, or by contact and company. */
  by: "email" | "name";
};

/**
 * Makes the company's customer writes take turns until the caller's transaction ends. Without it,
 * two New Customers of one person at the same moment would each find no match and both insert.
 * Call it first in a short READ COMMITTED transaction (each statement after the wait sees what
 * the other committed), before `findSameCustomer`; outside a transaction it holds nothing. The
 * CSV import takes it only once its rows are written, for a last check (it may run for many
 * seconds, and every New Customer, New Deal and saved quote of the company would wait for it,
 * past the statement timeout).
 */
export async function holdCustomerWrites(ctx: UserContext): Promise<void> {
  await ctx.db.execute(
    sql`select pg_advisory_xact_lock(hashtextextended(${`customers:${ctx.user.companyId}`}, 0))`,
  );
}

/** Which of the two tests to ask (both by default), and a customer that is no match (itself). */
export type SameCustomerTest = {
  byEmail?: boolean;
  byName?: boolean;
  except?: string;
};

/**
 * The customer these fields describe again, among those the acting user may see: the one with
 * the email (any case), else the one with the contact at the company; the oldest when several
 * match. A customer the company setting hides from an agent is not found: the agent may neither
 * learn of it nor attach to it (decision 0016).
 */
export async function findSameCustomer(
  ctx: UserContext,
  fields: Pick<CustomerFields, "name" | "companyName" | "email">,
  test: SameCustomerTest = {},
): Promise<SameCustomer | null> {
  const { byEmail: askEmail = true, byName: askName = true, except } = test;
  // coalesce: a customer without an email compares as null, which sorts first in `desc`, ahead
  // of the one whose email matched.
  const byEmail =
    askEmail && fields.email
      ? sql`coalesce(${emailKey} = lower(${fields.email}::text), false)`
      : undefined;
  const byName = askName
    ? samePerson(sql`${fields.name}::text`, sql`${fields.companyName}::text`)
    : undefined;
  if (!byEmail && !byName) return null;
  const [row] = await ctx.db
    .select({
      id: c.id,
      name: c.name,
      companyName: c.companyName,
      byEmail: sql<boolean>`${byEmail ?? sql`false`}`,
    })
    .from(c)
    .where(
      and(await customerScope(ctx), except ? ne(c.id, except) : undefined, or(byEmail, byName)),
    )
    .orderBy(...(byEmail ? [desc(byEmail)] : []), asc(c.createdAt), asc(c.id))
    .limit(1);
  if (!row) return null;
  return {
    id: row.id,
    name: row.name,
    companyName: row.companyName,
    by: row.byEmail ? "email" : "name",
  };
}

/**
 * New Customer's refusal of a customer the company has: names it, and carries it for a link.
 * `emailField` is the refused form's name for the email (the Quote Generator's `contactEmail`),
 * so the error lands on the input the agent typed it in.
 */
export function alreadyACustomer(
  fields: Pick<CustomerFields, "email">,
  same: SameCustomer,
  emailField = "email",
): DomainError {
  const existing = { id: same.id, name: same.name };
  const who = `${same.name} (${same.companyName})`;
  return same.by === "email" && fields.email
    ? conflict(`${fields.email} is already ${who}.`, {
        fieldErrors: { [emailField]: `Already the email of ${who}` },
        existing,
      })
    : conflict(`${same.name} at ${same.companyName} is already a customer.`, {
        fieldErrors: { name: `Already a customer at ${same.companyName}` },
        existing,
      });
}
