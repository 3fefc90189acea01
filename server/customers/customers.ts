import { and, asc, desc, eq, like, type SQL, sql } from "drizzle-orm";
import type { CustomerCardView } from "#app/lib/customer-card.ts";
import {
  CUSTOMER_NOT_FOUND,
  CUSTOMERS_PAGE_SIZE,
  type CustomerFields,
  type CustomerOption,
  type CustomerQuery,
  type CustomerSort,
} from "#app/lib/schemas/customers.ts";
import { visibleToActor } from "#server/accounts/index.ts";
import { activityTimeline, recordActivity } from "#server/activity/index.ts";
import { foldedContainsPattern } from "#server/db/like.ts";
import { agent_users, customers, deals } from "#server/db/schema/index.ts";
import type { UserContext } from "#server/platform/context.ts";
import { notFound } from "#server/platform/errors.ts";
import { pageWithin } from "#server/platform/paging.ts";
import {
  alreadyACustomer,
  findSameCustomer,
  holdCustomerWrites,
  personKey,
} from "./same-customer.ts";
import { customerScope } from "./scope.ts";

const c = customers;

export type CustomerCard = CustomerCardView;

export type CustomerPage = {
  rows: CustomerCard[];
  total: number;
  page: number;
  pageCount: number;
};

/** Names A to Z by their folded keys ("Ólafur" among the O's), as the indexes hold them. */
const byCompanyKey = sql`${c.companyKey} collate "C"`;
const SORTS: Record<CustomerSort, SQL[]> = {
  created: [desc(c.createdAt), desc(c.id)],
  name: [asc(sql`${c.nameKey} collate "C"`), asc(c.id)],
  company: [asc(byCompanyKey), asc(c.id)],
};

/** Contact, company or email holds the text, accents and case ignored. */
const searchMatches = (text: string) => like(c.searchText, foldedContainsPattern(text));

const cardColumns = {
  id: c.id,
  name: c.name,
  companyName: c.companyName,
  email: c.email,
  phone: c.phone,
  city: c.city,
  state: c.state,
  assignee: agent_users.username,
  createdAt: c.createdAt,
};

/** One page of the customer list: search by name, company name or email; newest, or by name. */
export async function listCustomers(ctx: UserContext, query: CustomerQuery): Promise<CustomerPage> {
  const where: SQL[] = [await customerScope(ctx)];
  if (query.mine) where.push(eq(c.assignedTo, ctx.user.id));
  if (query.q !== "") where.push(searchMatches(query.q));
  const filter = and(...where);
  const total = await ctx.db.$count(c, filter);
  const { page, pageCount, offset } = pageWithin(query.page, total, CUSTOMERS_PAGE_SIZE);
  const rows = await ctx.db
    .select(cardColumns)
    .from(c)
    .leftJoin(agent_users, eq(agent_users.id, c.assignedTo))
    .where(filter)
    .orderBy(...SORTS[query.sort])
    .limit(CUSTOMERS_PAGE_SIZE)
    .offset(offset);
  return { rows, total, page, pageCount };
}

/** A customer's fields from a contact and a company alone (a new deal's, a saved quote's). */
export function contactOnlyFields(contact: {
  name: string;
  companyName: string;
  companyWebsite: string | null;
  email: string | null;
}): CustomerFields {
  return {
    ...contact,
    phone: null,
    address: null,
    city: null,
    state: null,
    postalCode: null,
    industry: null,
    size: null,
    notes: null,
  };
}

/**
 * Inserts a customer of the acting user's company, who becomes its creator and assignee, and
 * records it in the activity log. Runs on whatever `ctx.db` is, so a caller's transaction (a new
 * deal's) holds both or neither.
 */
export async function insertCustomer(
  ctx: UserContext,
  fields: CustomerFields,
): Promise<{ id: string }> {
  const [row] = await ctx.db
    .insert(c)
    .values({
      ...fields,
      companyId: ctx.user.companyId,
      createdBy: ctx.user.id,
      assignedTo: ctx.user.id,
    })
    .returning({ id: c.id });
  if (!row) throw new Error("insertCustomer: the insert returned no row");
  await recordActivity(ctx, { customerId: row.id, details: { kind: "customer_created" } });
  return row;
}

/**
 * New Customer: refused, naming the customer, when the acting user already has one with the email
 * or the contact at the company (the import's own test of a duplicate, server/customers/same-customer.ts).
 */
export async function createCustomer(
  ctx: UserContext,
  fields: CustomerFields,
): Promise<{ id: string }> {
  return ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx };
    await holdCustomerWrites(txCtx);
    const same = await findSameCustomer(txCtx, fields);
    if (same) throw alreadyACustomer(fields, same);
    return insertCustomer(txCtx, fields);
  });
}

export type CustomerRecord = CustomerFields & {
  id: string;
  assignee: string | null;
  assignedTo: string | null;
  createdAt: Date;
};

export type CustomerDeal = {
  id: string;
  title: string;
  status: (typeof deals.$inferSelect)["status"];
  valueCents: number;
  monthlyRevenueCents: number;
  closeDate: string | null;
  createdAt: Date;
};

/**
 * A customer the acting user may see, or null: another company's, or one the company setting
 * hides from them, is no customer at all, so a screen that merely names it reveals nothing.
 */
export async function findCustomer(ctx: UserContext, id: string): Promise<CustomerRecord | null> {
  const [row] = await ctx.db
    .select({
      id: c.id,
      name: c.name,
      companyName: c.companyName,
      companyWebsite: c.companyWebsite,
      email: c.email,
      phone: c.phone,
      address: c.address,
      city: c.city,
      state: c.state,
      postalCode: c.postalCode,
      industry: c.industry,
      size: c.size,
      notes: c.notes,
      assignee: agent_users.username,
      assignedTo: c.assignedTo,
      createdAt: c.createdAt,
    })
    .from(c)
    .leftJoin(agent_users, eq(agent_users.id, c.assignedTo))
    .where(and(eq(c.id, id), await customerScope(ctx)));
  return row ?? null;
}

/** A customer the acting user may see, or not found (another company's is not found too). */
export async function getCustomer(ctx: UserContext, id: string): Promise<CustomerRecord> {
  const row = await findCustomer(ctx, id);
  if (!row) throw notFound(CUSTOMER_NOT_FOUND);
  return row;
}

/** The customer page: details, their deals (every status), and the customer's timeline. */
export async function getCustomerPage(ctx: UserContext, id: string) {
  const customer = await getCustomer(ctx, id);
  const customerDeals: CustomerDeal[] = await ctx.db
    .select({
      id: deals.id,
      title: deals.title,
      status: deals.status,
      valueCents: deals.valueCents,
      monthlyRevenueCents: deals.monthlyRevenueCents,
      closeDate: deals.closeDate,
      createdAt: deals.createdAt,
    })
    .from(deals)
    .where(
      and(
        eq(deals.customerId, id),
        eq(deals.companyId, ctx.user.companyId),
        await visibleToActor(ctx, deals.assignedTo),
      ),
    )
    .orderBy(desc(deals.createdAt), desc(deals.id));
  const timeline = await activityTimeline(ctx, { customerId: id }, 50);
  return { customer, deals: customerDeals, timeline };
}

const FIELD_LABELS: Record<keyof CustomerFields, string> = {
  name: "contact name",
  companyName: "company name",
  companyWebsite: "website",
  email: "email",
  phone: "phone",
  address: "address",
  city: "city",
  state: "state",
  postalCode: "postal code",
  industry: "industry",
  size: "company size",
  notes: "notes",
};

/** Saves a customer's details; the timeline names what changed. */
export async function updateCustomer(
  ctx: UserContext,
  input: { id: string; fields: CustomerFields },
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx };
    const before = await getCustomer(txCtx, input.id);
    const changed = (Object.keys(FIELD_LABELS) as (keyof CustomerFields)[]).filter(
      (key) => before[key] !== input.fields[key],
    );
    if (changed.length === 0) return;
    // Only what changed as the test compares it, so a pair the company already had (imported
    // before the check, say) never blocks an edit of the notes or a name's capitals.
    const newEmail =
      Boolean(input.fields.email) &&
      input.fields.email?.toLowerCase() !== before.email?.toLowerCase();
    const newPerson = personKey(input.fields) !== personKey(before);
    if (newEmail || newPerson) {
      await holdCustomerWrites(txCtx);
      const same = await findSameCustomer(txCtx, input.fields, {
        byEmail: newEmail,
        byName: newPerson,
        except: input.id,
      });
      if (same) throw alreadyACustomer(input.fields, same);
    }
    await tx
      .update(c)
      .set(input.fields)
      .where(and(eq(c.id, input.id), await customerScope(txCtx)));
    await recordActivity(txCtx, {
      customerId: input.id,
      details: { kind: "customer_updated", fields: changed.map((key) => FIELD_LABELS[key]) },
    });
  });
}

/** The New Deal form's type-ahead: the first few customers whose company name matches. */
export async function findCustomersByCompany(
  ctx: UserContext,
  input: { q: string; limit?: number },
): Promise<CustomerOption[]> {
  const q = input.q.trim();
  if (q === "") return [];
  return ctx.db
    .select({
      id: c.id,
      name: c.name,
      companyName: c.companyName,
      companyWebsite: c.companyWebsite,
    })
    .from(c)
    .where(and(await customerScope(ctx), like(c.companyKey, foldedContainsPattern(q))))
    .orderBy(
      // Names that start with what was typed first, then the rest alphabetically.
      asc(sql`position((select fold_text(${q})) in ${c.companyKey})`),
      asc(byCompanyKey),
      asc(c.id),
    )
    .limit(input.limit ?? 8);
}

/** The command palette's customers: name, company name or email holds the text. */
export async function findCustomers(
  ctx: UserContext,
  input: { q: string; limit: number },
): Promise<CustomerOption[]> {
  const q = input.q.trim();
  if (q === "") return [];
  return ctx.db
    .select({
      id: c.id,
      name: c.name,
      companyName: c.companyName,
      companyWebsite: c.companyWebsite,
    })
    .from(c)
    .where(and(await customerScope(ctx), searchMatches(q)))
    .orderBy(asc(byCompanyKey), asc(c.id))
    .limit(input.limit);
}
