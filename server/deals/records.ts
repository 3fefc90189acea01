import { and, asc, desc, eq, gte, isNotNull, lte, sql } from "drizzle-orm";
import type { ActivityEntry } from "#app/lib/activity.ts";
import { contractEnd, dealFigures, FIGURE_FIELDS } from "#app/lib/deal-figures.ts";
import type { DealStatus } from "#app/lib/domain.ts";
import {
  COMPANY_NOT_FOUND,
  DEAL_NOT_FOUND,
  type DealFields,
  type NewDealInput,
} from "#app/lib/schemas/deals.ts";
import { seesWholeCompany } from "#server/accounts/index.ts";
import { activityTimeline, recordActivity } from "#server/activity/index.ts";
import {
  contactOnlyFields,
  customerScope,
  findSameCustomer,
  holdCustomerWrites,
  insertCustomer,
  type SameCustomer,
} from "#server/customers/index.ts";
import { agent_users, customers, deals, quotes, ratePlans } from "#server/db/schema/index.ts";
import { notifyAgent } from "#server/notifications/index.ts";
import type { UserContext } from "#server/platform/context.ts";
import { forbidden, invalidInput, notFound } from "#server/platform/errors.ts";
import { tellAssignee } from "./assignee-notice.ts";
import { dealScope } from "./scope.ts";
import { dealSearchMatches } from "./view.ts";

/**
 * A deal's figures as a quote worked them out, month by month (a credit that ends, devices paid
 * off), which lines × rate × term cannot always give (decision 0021, addendum). One-time revenue
 * is the deal's own field; total revenue is value plus it, as for any deal.
 */
export type QuotedFigures = { valueCents: number; monthlyRevenueCents: number };

/** The stored columns of a deal's editable fields, with the server's own figures. */
function dealColumns(fields: DealFields, quoted?: QuotedFigures) {
  const { monthlyRate, oneTimeRevenue, ...rest } = fields;
  const computed = dealFigures({
    voiceLines: fields.voiceLines,
    mobileInternetLines: fields.mobileInternetLines,
    fixedWirelessLines: fields.fixedWirelessLines,
    monthlyRateCents: monthlyRate,
    contractTerm: fields.contractTerm,
    oneTimeRevenueCents: oneTimeRevenue,
  });
  const figures = quoted
    ? { ...quoted, totalRevenueCents: quoted.valueCents + oneTimeRevenue }
    : computed;
  return {
    ...rest,
    // "contract term 24 months when unset" (spec, section 9): stored as the term it means.
    contractTerm: fields.contractTerm ?? 24,
    lostReason: fields.status === "closed_lost" ? fields.lostReason : null,
    monthlyRateCents: monthlyRate,
    oneTimeRevenueCents: oneTimeRevenue,
    valueCents: figures.valueCents,
    monthlyRevenueCents: figures.monthlyRevenueCents,
    totalRevenueCents: figures.totalRevenueCents,
  };
}

/** A rate plan the deal names must exist and be for the deal's carrier. */
async function checkRatePlan(ctx: UserContext, fields: DealFields): Promise<void> {
  if (!fields.ratePlanId) return;
  const [plan] = await ctx.db
    .select({ carrier: ratePlans.carrier })
    .from(ratePlans)
    .where(eq(ratePlans.id, fields.ratePlanId));
  if (!plan || plan.carrier.toUpperCase() !== fields.carrier) {
    throw invalidInput("Choose a rate plan of the deal's carrier", {
      ratePlanId: "Choose a rate plan of the deal's carrier",
    });
  }
}

/**
 * Creates a deal. With `customerId` it is for that customer of the company ('Company not found'
 * otherwise). Without, it is for the customer the Company Information fields name when the agent
 * already has one with that contact at that company (the import's test of a duplicate), which it
 * returns as `existing`; else that customer is created first, in the same transaction, so a
 * failure leaves neither. The creator is creator and assignee.
 */
export async function createDeal(
  ctx: UserContext,
  input: NewDealInput,
  quoted?: QuotedFigures,
): Promise<{ id: string; existing: SameCustomer | null }> {
  const { customerId, contactName, companyName, companyWebsite, ...fields } = input;
  return ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx };
    await checkRatePlan(txCtx, fields);
    let forCustomer: string;
    let existing: SameCustomer | null = null;
    if (customerId) {
      const [chosen] = await tx
        .select({ id: customers.id })
        .from(customers)
        .where(and(eq(customers.id, customerId), await customerScope(txCtx)));
      if (!chosen) throw notFound(COMPANY_NOT_FOUND);
      forCustomer = chosen.id;
    } else {
      const contact = { name: contactName, companyName, companyWebsite, email: null };
      await holdCustomerWrites(txCtx);
      existing = await findSameCustomer(txCtx, contact);
      forCustomer = existing?.id ?? (await insertCustomer(txCtx, contactOnlyFields(contact))).id;
    }
    const [deal] = await tx
      .insert(deals)
      .values({
        ...dealColumns(fields, quoted),
        companyId: ctx.user.companyId,
        customerId: forCustomer,
        wonAt: fields.status === "closed_won" ? ctx.ports.clock.now() : null,
        createdBy: ctx.user.id,
        assignedTo: ctx.user.id,
      })
      .returning({ id: deals.id });
    if (!deal) throw new Error("createDeal: the insert returned no row");
    await recordActivity(txCtx, { dealId: deal.id, details: { kind: "deal_created" } });
    return { id: deal.id, existing };
  });
}

export type DealRecord = DealFields & {
  id: string;
  customerId: string;
  customerName: string;
  customerCompany: string;
  assignedTo: string | null;
  assignee: string | null;
  ratePlanName: string | null;
  valueCents: number;
  monthlyRevenueCents: number;
  totalRevenueCents: number;
  /**
   * The value and monthly revenue are a converted quote's, not lines × rate × term (decision
   * 0021): the deal form shows them, and says so, until the agent changes a FIGURE_FIELDS field.
   */
  quotedFigures: boolean;
  wonAt: Date | null;
  contractEnd: Date | null;
  createdAt: Date;
  updatedAt: Date;
};

/** A deal the acting user may see, or not found (another company's is not found too). */
export async function getDeal(ctx: UserContext, id: string): Promise<DealRecord> {
  const [row] = await ctx.db
    .select({
      deal: deals,
      customerName: customers.name,
      customerCompany: customers.companyName,
      assignee: agent_users.username,
      ratePlanName: ratePlans.plan,
      fromQuote: sql<boolean>`exists (select 1 from ${quotes} where ${quotes.dealId} = ${deals.id})`,
    })
    .from(deals)
    .innerJoin(customers, eq(customers.id, deals.customerId))
    .leftJoin(agent_users, eq(agent_users.id, deals.assignedTo))
    .leftJoin(ratePlans, eq(ratePlans.id, deals.ratePlanId))
    .where(and(eq(deals.id, id), await dealScope(ctx)));
  if (!row) throw notFound(DEAL_NOT_FOUND);
  const d = row.deal;
  const computed = dealFigures(d);
  return {
    id: d.id,
    title: d.title,
    description: d.description,
    status: d.status,
    stage: d.stage,
    carrier: d.carrier,
    probability: d.probability,
    closeDate: d.closeDate,
    productType: d.productType,
    voiceLines: d.voiceLines,
    mobileInternetLines: d.mobileInternetLines,
    fixedWirelessLines: d.fixedWirelessLines,
    useCase: d.useCase,
    hardwareSource: d.hardwareSource,
    partnerSolution: d.partnerSolution,
    ratePlanId: d.ratePlanId,
    monthlyRate: d.monthlyRateCents,
    contractTerm: d.contractTerm,
    oneTimeRevenue: d.oneTimeRevenueCents,
    lostReason: d.lostReason,
    customerId: d.customerId,
    customerName: row.customerName,
    customerCompany: row.customerCompany,
    assignedTo: d.assignedTo,
    assignee: row.assignee,
    ratePlanName: row.ratePlanName,
    valueCents: d.valueCents,
    monthlyRevenueCents: d.monthlyRevenueCents,
    totalRevenueCents: d.totalRevenueCents,
    quotedFigures:
      row.fromQuote &&
      (d.valueCents !== computed.valueCents ||
        d.monthlyRevenueCents !== computed.monthlyRevenueCents),
    wonAt: d.wonAt,
    contractEnd: d.status === "closed_won" ? contractEnd(d.wonAt, d.contractTerm) : null,
    createdAt: d.createdAt,
    updatedAt: d.updatedAt,
  };
}

export type AssignableAgent = { id: string; username: string | null; name: string };

/** The deal page: the deal, its timeline, and whom a manager may reassign it to. */
export async function getDealPage(
  ctx: UserContext,
  id: string,
): Promise<{ deal: DealRecord; timeline: ActivityEntry[]; agents: AssignableAgent[] | null }> {
  const deal = await getDeal(ctx, id);
  const timeline = await activityTimeline(ctx, { dealId: id });
  const agents = seesWholeCompany(ctx.user) ? await assignableAgents(ctx) : null;
  return { deal, timeline, agents };
}

/** The company's agents who can hold a deal (not banned), by username. */
export async function assignableAgents(ctx: UserContext): Promise<AssignableAgent[]> {
  return ctx.db
    .select({ id: agent_users.id, username: agent_users.username, name: agent_users.name })
    .from(agent_users)
    .where(
      and(
        eq(agent_users.companyId, ctx.user.companyId),
        sql`coalesce(${agent_users.banned}, false) = false`,
      ),
    )
    .orderBy(asc(sql`lower(coalesce(${agent_users.username}, ${agent_users.name}))`));
}

const FIELD_LABELS: Record<keyof DealFields, string> = {
  title: "title",
  description: "description",
  status: "status",
  stage: "stage",
  carrier: "carrier",
  probability: "probability",
  closeDate: "close date",
  productType: "product type",
  voiceLines: "voice lines",
  mobileInternetLines: "mobile internet lines",
  fixedWirelessLines: "fixed wireless lines",
  useCase: "use case",
  hardwareSource: "hardware source",
  partnerSolution: "partner solution",
  ratePlanId: "rate plan",
  monthlyRate: "monthly rate",
  contractTerm: "contract term",
  oneTimeRevenue: "one-time revenue",
  lostReason: "lost reason",
};

/**
 * Saves a deal's fields with the server's own figures. A status change is a move (with its
 * timeline entry and the assignee's notification), a stage change gets its own entry, and any
 * other edit one entry naming the fields.
 */
export async function updateDeal(
  ctx: UserContext,
  input: { id: string; fields: DealFields },
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx };
    const before = await getDeal(txCtx, input.id);
    await checkRatePlan(txCtx, input.fields);
    const fields: DealFields = {
      ...input.fields,
      contractTerm: input.fields.contractTerm ?? 24,
      lostReason: input.fields.status === "closed_lost" ? input.fields.lostReason : null,
    };
    const changed = (Object.keys(FIELD_LABELS) as (keyof DealFields)[]).filter(
      (key) => before[key] !== fields[key],
    );
    if (changed.length === 0) return;
    const statusChanged = before.status !== fields.status;
    // Figures are kept while what they are computed from stays: a converted quote's (above) stay
    // through a change of status or notes; any other deal's are lines × rate × term either way.
    const refigured = FIGURE_FIELDS.some((key) => changed.includes(key));
    await tx
      .update(deals)
      .set({
        ...dealColumns(
          fields,
          refigured
            ? undefined
            : { valueCents: before.valueCents, monthlyRevenueCents: before.monthlyRevenueCents },
        ),
        ...(statusChanged
          ? { wonAt: fields.status === "closed_won" ? ctx.ports.clock.now() : null }
          : {}),
      })
      .where(and(eq(deals.id, input.id), await dealScope(txCtx)));
    if (statusChanged) {
      await recordActivity(txCtx, {
        dealId: input.id,
        details: {
          kind: "deal_status_changed",
          from: before.status,
          to: fields.status,
          reason: fields.lostReason,
        },
      });
      await tellAssignee(txCtx, before, fields.status);
    }
    if (before.stage !== fields.stage) {
      await recordActivity(txCtx, {
        dealId: input.id,
        details: { kind: "deal_stage_changed", from: before.stage, to: fields.stage },
      });
    }
    const edited = changed.filter(
      (key) => key !== "status" && key !== "stage" && key !== "lostReason",
    );
    if (edited.length > 0) {
      await recordActivity(txCtx, {
        dealId: input.id,
        details: { kind: "deal_updated", fields: edited.map((key) => FIELD_LABELS[key]) },
      });
    }
  });
}

/** A note on the deal's timeline. */
export async function addDealNote(
  ctx: UserContext,
  input: { id: string; body: string },
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx };
    await getDeal(txCtx, input.id);
    await recordActivity(txCtx, {
      dealId: input.id,
      details: { kind: "deal_note", body: input.body },
    });
  });
}

/** Managers and admins hand a deal to another agent of the company, who is told. */
export async function reassignDeal(
  ctx: UserContext,
  input: { id: string; assigneeId: string },
): Promise<void> {
  if (!seesWholeCompany(ctx.user)) {
    throw forbidden("Only managers and admins can reassign deals.");
  }
  await ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx };
    const deal = await getDeal(txCtx, input.id);
    if (deal.assignedTo === input.assigneeId) return;
    const agents = await assignableAgents(txCtx);
    const to = agents.find((agent) => agent.id === input.assigneeId);
    if (!to)
      throw invalidInput("Choose an agent of your company", {
        assigneeId: "Choose an agent of your company",
      });
    await tx.update(deals).set({ assignedTo: to.id }).where(eq(deals.id, input.id));
    await recordActivity(txCtx, {
      dealId: input.id,
      details: { kind: "deal_reassigned", from: deal.assignee, to: to.username ?? to.name },
    });
    if (to.id !== ctx.user.id)
      await notifyAgent(txCtx, to.id, {
        type: "info",
        title: "Deal assigned to you",
        message: `${ctx.user.name} assigned "${deal.title}" (${deal.customerCompany}) to you.`,
      });
  });
}

export type RenewalDue = {
  dealId: string;
  customerId: string;
  title: string;
  customerCompany: string;
  monthlyRevenueCents: number;
  contractEnd: Date;
};

/** Won deals whose contract ends within `days` from now (the dashboard home's renewals). */
export async function renewalsDue(ctx: UserContext, days = 120): Promise<RenewalDue[]> {
  const now = ctx.ports.clock.now();
  const end = sql`${deals.wonAt} + make_interval(months => coalesce(${deals.contractTerm}, 24))`;
  const rows = await ctx.db
    .select({
      dealId: deals.id,
      customerId: deals.customerId,
      title: deals.title,
      customerCompany: customers.companyName,
      monthlyRevenueCents: deals.monthlyRevenueCents,
      wonAt: deals.wonAt,
      contractTerm: deals.contractTerm,
    })
    .from(deals)
    .innerJoin(customers, eq(customers.id, deals.customerId))
    .where(
      and(
        await dealScope(ctx),
        eq(deals.status, "closed_won"),
        isNotNull(deals.wonAt),
        gte(end, now),
        lte(end, new Date(now.getTime() + days * 24 * 60 * 60 * 1000)),
      ),
    )
    .orderBy(asc(end), desc(deals.id));
  return rows.flatMap((row) => {
    const endsAt = contractEnd(row.wonAt, row.contractTerm);
    return endsAt ? [{ ...row, contractEnd: endsAt }] : [];
  });
}

export type DealMatch = { id: string; title: string; customerCompany: string; status: DealStatus };

/** The command palette's deals: the title or the customer's company name holds the text. */
export async function findDeals(
  ctx: UserContext,
  input: { q: string; limit: number },
): Promise<DealMatch[]> {
  const q = input.q.trim();
  if (q === "") return [];
  return ctx.db
    .select({
      id: deals.id,
      title: deals.title,
      customerCompany: customers.companyName,
      status: deals.status,
    })
    .from(deals)
    .innerJoin(customers, eq(customers.id, deals.customerId))
    .where(and(await dealScope(ctx), dealSearchMatches(q)))
    .orderBy(desc(deals.createdAt), desc(deals.id))
    .limit(input.limit);
}
