import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { dataOverageMessage } from "#app/lib/dashboard.ts";
import {
  completeCheckIn,
  dueCheckIns,
  getDashboardSummary,
  notifyDueCheckIns,
  scheduleCheckIn,
  shellNotifications,
} from "#server/dashboard/index.ts";
import {
  billAnalyses,
  checkInReminders,
  companies,
  customers,
  deals,
  notifications,
  promotions,
  quoteItems,
  quoteOptions,
  quotes,
} from "#server/db/schema/index.ts";
import { listNotifications, notify } from "#server/notifications/index.ts";
import type { UserContext } from "#server/platform/context.ts";
import { isDomainError } from "#server/platform/errors.ts";
import { createCompanyWithAgent } from "./helpers/accounts.ts";
import { at, userContextFor } from "./helpers/contexts.ts";
import { setUpTestRuntime } from "./helpers/fixture.ts";
import type { TestRuntime } from "./helpers/runtime.ts";

// The dashboard home's services (issue 18): its figures on the demo data, each signal of the AI
// Alerts and the Quick Actions on a company built for them, and the check-in reminders' rules.

const world = setUpTestRuntime({ demo: true });
let rt: TestRuntime;
let demoAgentId: string;

// The demo agent, as the portal's guard would hand them to the dashboard's services.
let demo: UserContext;
beforeAll(async () => {
  ({
    rt,
    demo: { agentId: demoAgentId },
  } = world());
  demo = await userContextFor(rt, { id: demoAgentId });
});

const DAY_MS = 24 * 60 * 60 * 1000;
/** The signals' clock: every date below is counted from it. */
const NOW = new Date("2026-11-20T15:00:00Z");
const daysFromNow = (days: number) => new Date(NOW.getTime() + days * DAY_MS);
const dayFromNow = (days: number) => daysFromNow(days).toISOString().slice(0, 10);

async function rejection(work: Promise<unknown>) {
  try {
    await work;
  } catch (error) {
    if (isDomainError(error)) return { kind: error.kind, message: error.message };
    throw error;
  }
  throw new Error("expected a refusal");
}

describe("dashboard figures", () => {
  it("come from the demo company's data: the spec's samples, and its customers needing attention", async () => {
    const summary = await getDashboardSummary(demo);
    expect(summary.mrrCents).toBe(1_250_000);
    expect(summary.pipeline).toEqual({ quotes: 3, orders: 2, installs: 1 });
    expect(summary.alerts.map((a) => a.kind)).toEqual(["data_overage", "renewal_due"]);
    const [overage, renewal] = summary.alerts;
    expect(overage).toMatchObject({ customerName: "Summit Dental Group", percentOver: 20 });
    expect(renewal).toMatchObject({ customerName: "Harbor Logistics" });
    if (overage?.kind !== "data_overage") throw new Error("no overage alert");
    expect(dataOverageMessage(overage.customerName, overage.percentOver)).toBe(
      "Summit Dental Group is 20% over data usage. Upgrade recommended.",
    );
    expect(
      summary.quickActions.map((r) => [r.customer, r.services, r.reasons.map((x) => x.kind)]),
    ).toEqual([
      ["Harbor Logistics", "60 lines · AT&T", ["renewal_due"]],
      ["Cascade Home Health", "No active services", ["quote_unanswered"]],
      ["Pinecrest Property Management", "No active services", ["quote_unanswered"]],
      ["Summit Dental Group", "50 lines · T-Mobile", ["savings_not_quoted"]],
    ]);
    expect(summary.quickActions.find((r) => r.customer === "Summit Dental Group")?.reasons).toEqual(
      [expect.objectContaining({ annualSavingsCents: 420_000 })],
    );
    expect(summary.renewals.map((r) => r.customerCompany)).toEqual(["Harbor Logistics"]);
  });

  it("are zero for a company with no data, and never count another company's rows", async () => {
    const other = await createCompanyWithAgent(rt, {
      company: "Empty Reseller",
      username: "empty",
      password: "empty-password-1",
    });
    expect(await getDashboardSummary(await userContextFor(rt, { id: other.userId }))).toEqual({
      mrrCents: 0,
      pipeline: { quotes: 0, orders: 0, installs: 0 },
      alerts: [],
      quickActions: [],
      renewals: [],
    });
  });
});

describe("dashboard figures, whose", () => {
  it("count what the acting user may see: an expired quote is not open, and under agents-see-own-only an agent's figures are their own", async () => {
    const company = "Scoped Figures Reseller";
    const a = await createCompanyWithAgent(rt, {
      company,
      username: "scoped_a",
      password: "scoped-password-1",
    });
    const b = await createCompanyWithAgent(rt, {
      company,
      username: "scoped_b",
      password: "scoped-password-1",
    });
    const admin = await createCompanyWithAgent(rt, {
      company,
      username: "scoped_admin",
      password: "scoped-password-1",
      role: "admin",
    });
    const { companyId } = a;
    const [customer] = await rt.database.db
      .insert(customers)
      .values({ companyId, name: "Scoped Contact", companyName: "Scoped Customer" })
      .returning({ id: customers.id });
    if (!customer) throw new Error("no customer");
    const won = (assignedTo: string, monthlyRevenueCents: number, installed: boolean) => ({
      companyId,
      customerId: customer.id,
      title: "Scoped fleet",
      status: "closed_won" as const,
      stage: "closing" as const,
      carrier: "VERIZON" as const,
      voiceLines: 10,
      monthlyRevenueCents,
      wonAt: daysFromNow(-30),
      orderedAt: daysFromNow(-20),
      installedAt: installed ? daysFromNow(-10) : null,
      assignedTo,
    });
    await rt.database.db
      .insert(deals)
      .values([won(a.userId, 50_000, false), won(b.userId, 30_000, true)]);
    const quote = (agentId: string, status: "draft" | "sent", validDays: number) => ({
      companyId,
      customerId: customer.id,
      agentId,
      status,
      companyName: "Scoped Customer",
      contactName: "Scoped Contact",
      contactEmail: "contact@scoped.example",
      description: "10 lines",
      validUntil: dayFromNow(validDays),
    });
    // A's open draft, A's draft past its validity date (the quotes list shows it Expired), B's sent.
    await rt.database.db
      .insert(quotes)
      .values([
        quote(a.userId, "draft", 30),
        quote(a.userId, "draft", -1),
        quote(b.userId, "sent", 30),
      ]);

    const figures = async (userId: string) => {
      const { mrrCents, pipeline } = await getDashboardSummary(
        at(await userContextFor(rt, { id: userId }), NOW),
      );
      return { mrrCents, pipeline };
    };
    const companyWide = { mrrCents: 80_000, pipeline: { quotes: 2, orders: 1, installs: 1 } };
    expect(await figures(a.userId)).toEqual(companyWide);

    await rt.database.db
      .update(companies)
      .set({ agentsSeeOwnOnly: true })
      .where(eq(companies.id, companyId));
    expect(await figures(a.userId)).toEqual({
      mrrCents: 50_000,
      pipeline: { quotes: 1, orders: 1, installs: 0 },
    });
    expect(await figures(b.userId)).toEqual({
      mrrCents: 30_000,
      pipeline: { quotes: 1, orders: 0, installs: 1 },
    });
    expect(await figures(admin.userId)).toEqual(companyWide);
  });
});

describe("the signals", () => {
  let ctx: UserContext;
  let companyId: string;
  let agentId: string;
  const ids: Record<string, string> = {};

  async function customer(key: string) {
    const [row] = await rt.database.db
      .insert(customers)
      .values({ companyId, name: `Contact ${key}`, companyName: `Signals ${key}` })
      .returning({ id: customers.id });
    if (!row) throw new Error("no customer");
    ids[key] = row.id;
    return row.id;
  }

  async function wonDeal(customerId: string, wonDaysAgo: number) {
    await rt.database.db.insert(deals).values({
      companyId,
      customerId,
      title: "Fleet",
      status: "closed_won",
      stage: "closing",
      carrier: "VERIZON",
      voiceLines: 10,
      monthlyRevenueCents: 50_000,
      contractTerm: 12,
      wonAt: daysFromNow(-wonDaysAgo),
      assignedTo: agentId,
    });
  }

  async function quote(
    customerId: string,
    status: "draft" | "sent" | "accepted",
    sentDaysAgo: number | null,
    promotionId?: string,
  ) {
    const [row] = await rt.database.db
      .insert(quotes)
      .values({
        companyId,
        customerId,
        agentId,
        status,
        companyName: "Signals",
        contactName: "Contact",
        contactEmail: "contact@signals.example",
        description: "10 lines",
        validUntil: dayFromNow(60),
        sentAt: sentDaysAgo === null ? null : daysFromNow(-sentDaysAgo),
        createdAt: daysFromNow(-(sentDaysAgo ?? 0) - 1),
      })
      .returning({ id: quotes.id });
    if (!row) throw new Error("no quote");
    if (promotionId) {
      const [option] = await rt.database.db
        .insert(quoteOptions)
        .values({
          quoteId: row.id,
          position: 0,
          carrier: "verizon",
          label: "Verizon",
          monthlyCents: 1,
          oneTimeCents: 0,
          termCents: 24,
          termMonths: 24,
          lines: 1,
        })
        .returning({ id: quoteOptions.id });
      if (!option) throw new Error("no option");
      await rt.database.db.insert(quoteItems).values({
        quoteId: row.id,
        optionId: option.id,
        position: 0,
        kind: "discount",
        promotionId,
        description: "Promotion credit",
        unitMonthlyCents: -1000,
      });
    }
    return row.id;
  }

  async function bill(
    customerId: string,
    usedGb: number,
    allowanceGb: number,
    savingsCents: number,
    daysAgo = 1,
  ) {
    const [row] = await rt.database.db
      .insert(billAnalyses)
      .values({
        companyId,
        customerId,
        uploadedBy: agentId,
        fileName: "bill.pdf",
        mimeType: "application/pdf",
        sizeBytes: 1,
        status: "completed",
        totalDataUsageGb: usedGb,
        dataAllowanceGb: allowanceGb,
        annualSavingsCents: savingsCents,
        createdAt: daysFromNow(-daysAgo),
      })
      .returning({ id: billAnalyses.id });
    if (!row) throw new Error("no bill");
    return row.id;
  }

  async function promotion(title: string, endsInDays: number) {
    const [row] = await rt.database.db
      .insert(promotions)
      .values({
        carrier: "verizon",
        deviceType: "phones",
        title,
        description: title,
        value: "$10 off",
        endsOn: dayFromNow(endsInDays),
      })
      .returning({ id: promotions.id });
    if (!row) throw new Error("no promotion");
    return row.id;
  }

  beforeAll(async () => {
    const made = await createCompanyWithAgent(rt, {
      company: "Signals Reseller",
      username: "signals",
      password: "signals-password-1",
    });
    ({ companyId, userId: agentId } = made);
    ctx = at(await userContextFor(rt, { id: agentId }), NOW);

    // Renewals: a one-year contract won 300 days ago ends in about 65 days (due); one won 200
    // days ago ends in 165 (not yet); one won 400 days ago has ended.
    await wonDeal(await customer("renewing"), 300);
    await wonDeal(await customer("later"), 200);
    await wonDeal(await customer("ended"), 400);

    // Quotes: sent 10 days ago (due a nudge); sent 3 days ago (not yet); sent 10 days ago and
    // accepted; an older sent quote superseded by a newer draft (the latest is what counts).
    const nudge = await customer("unanswered");
    await customer("recent");
    await customer("answered");
    await customer("superseded");
    const ending = await promotion("Signals Ends Soon", 10);
    const endingLater = await promotion("Signals Ends Later", 20);
    const endingButDecided = await promotion("Signals Ends Decided", 5);
    await quote(nudge, "sent", 10, ending);
    await quote(ids.recent ?? "", "sent", 3, endingLater);
    await quote(ids.answered ?? "", "accepted", 10, endingButDecided);
    await quote(ids.superseded ?? "", "sent", 12);
    await quote(ids.superseded ?? "", "draft", null, ending);

    // Bills: 30% over with savings not quoted; 19% over with savings quoted; savings of nothing;
    // a newer bill within its plan replaces an older one over it.
    await bill(await customer("saver"), 260, 200, 120_000);
    const quotedBill = await bill(await customer("quoted"), 119, 100, 50_000);
    const [quotedFromBill] = await rt.database.db
      .insert(quotes)
      .values({
        companyId,
        customerId: ids.quoted ?? "",
        agentId,
        status: "draft",
        companyName: "Signals",
        contactName: "Contact",
        contactEmail: "contact@signals.example",
        description: "From the bill",
        billAnalysisId: quotedBill,
        validUntil: dayFromNow(60),
        createdAt: daysFromNow(-1),
      })
      .returning({ id: quotes.id });
    expect(quotedFromBill).toBeDefined();
    await bill(await customer("nothing"), 50, 100, 0);
    const changed = await customer("changed");
    await bill(changed, 300, 100, 0, 10);
    await bill(changed, 90, 100, 0, 2);
  });

  it("raise AI alerts only from real signals: data 20% over, a relied-on promotion ending in 14 days, a renewal due", async () => {
    const { alerts } = await getDashboardSummary(ctx);
    expect(alerts).toEqual([
      {
        kind: "data_overage",
        customerId: ids.saver,
        customerName: "Signals saver",
        percentOver: 30,
      },
      {
        kind: "promotion_ending",
        promotionId: expect.any(String),
        title: "Signals Ends Soon",
        endsOn: dayFromNow(10),
        // The unanswered sent quote and the superseding draft both price it in.
        openQuotes: 2,
      },
      {
        kind: "renewal_due",
        dealId: expect.any(String),
        customerId: ids.renewing,
        customerName: "Signals renewing",
        contractEnd: expect.any(Date),
      },
    ]);
  });

  it("list the customers needing attention, each with its reason", async () => {
    const { quickActions } = await getDashboardSummary(ctx);
    expect(quickActions.map((r) => [r.customer, r.reasons.map((x) => x.kind)])).toEqual([
      ["Signals renewing", ["renewal_due"]],
      ["Signals unanswered", ["quote_unanswered"]],
      ["Signals saver", ["savings_not_quoted"]],
    ]);
    const unanswered = quickActions[1];
    // Send Proposal names whom it emails before it sends: the quote's own contact.
    expect(unanswered?.latestQuote).toMatchObject({
      id: expect.any(String),
      companyName: "Signals",
      contactName: "Contact",
      contactEmail: "contact@signals.example",
    });
    expect(unanswered?.reasons[0]).toMatchObject({ sentAt: daysFromNow(-10) });
    expect(quickActions[2]?.reasons[0]).toMatchObject({ annualSavingsCents: 120_000 });
    expect(quickActions[0]?.services).toBe("10 lines · Verizon");
    expect(quickActions[2]?.services).toBe("No active services");
  });

  it("a quote becomes due a nudge on its seventh day, not before", async () => {
    const names = async (days: number) =>
      (await getDashboardSummary(at(ctx, daysFromNow(days)))).quickActions.map((r) => r.customer);
    // The quote sent 3 days ago: 7 days after it was sent (4 from now), not a minute before.
    const recentSent = daysFromNow(-3).getTime();
    const sevenDays = 7 * DAY_MS;
    const justBefore = (recentSent + sevenDays - 60_000 - NOW.getTime()) / DAY_MS;
    const onTheDay = (recentSent + sevenDays - NOW.getTime()) / DAY_MS;
    expect(await names(justBefore)).not.toContain("Signals recent");
    expect(await names(onTheDay)).toContain("Signals recent");
  });
});

describe("check-in reminders", () => {
  let agent: UserContext;
  let colleague: UserContext;
  let stranger: UserContext;
  let customerId: string;
  const TODAY = new Date("2026-11-21T10:00:00Z");

  beforeAll(async () => {
    const a = await createCompanyWithAgent(rt, {
      company: "Reminders Reseller",
      username: "reminders_a",
      password: "reminders-password-1",
    });
    const b = await createCompanyWithAgent(rt, {
      company: "Reminders Reseller",
      username: "reminders_b",
      password: "reminders-password-2",
    });
    const c = await createCompanyWithAgent(rt, {
      company: "Stranger Reseller",
      username: "reminders_c",
      password: "reminders-password-3",
    });
    agent = at(await userContextFor(rt, { id: a.userId }), TODAY);
    colleague = at(await userContextFor(rt, { id: b.userId }), TODAY);
    stranger = at(await userContextFor(rt, { id: c.userId }), TODAY);
    const [row] = await rt.database.db
      .insert(customers)
      .values({ companyId: a.companyId, name: "Dana Whitfield", companyName: "Reminder Freight" })
      .returning({ id: customers.id });
    customerId = row?.id ?? "";
  });

  const notificationsOf = (ctx: UserContext) =>
    rt.database.db
      .select()
      .from(notifications)
      .where(and(eq(notifications.userId, ctx.user.id), eq(notifications.title, "Check-in due")));

  it("schedules a dated reminder, with its note, and confirms it in words", async () => {
    const message = await scheduleCheckIn(agent, {
      customerId,
      dueOn: "2026-11-28",
      note: "Ask about the warehouse",
    });
    expect(message).toBe(
      "Check-in with Dana Whitfield at Reminder Freight scheduled for Nov 28, 2026.",
    );
    const rows = await rt.database.db
      .select()
      .from(checkInReminders)
      .where(eq(checkInReminders.userId, agent.user.id));
    expect(rows).toEqual([
      expect.objectContaining({
        customerId,
        dueOn: "2026-11-28",
        note: "Ask about the warehouse",
        notifiedAt: null,
        doneAt: null,
      }),
    ]);
  });

  it("refuses another company's customer as not found, and stores nothing", async () => {
    expect(
      await rejection(scheduleCheckIn(stranger, { customerId, dueOn: "2026-11-28", note: null })),
    ).toEqual({ kind: "not_found", message: "Customer not found." });
    const rows = await rt.database.db
      .select()
      .from(checkInReminders)
      .where(eq(checkInReminders.userId, stranger.user.id));
    expect(rows).toEqual([]);
  });

  it("is not due, nor notified, before its day", async () => {
    expect(await dueCheckIns(agent)).toEqual([]);
    expect(await notifyDueCheckIns(agent)).toBe(0);
    expect(await notificationsOf(agent)).toEqual([]);
  });

  it("on its day becomes one notification, however many requests sweep at once", async () => {
    const onTheDay = at(agent, new Date("2026-11-28T08:00:00Z"));
    const counts = await Promise.all([
      notifyDueCheckIns(onTheDay),
      notifyDueCheckIns(onTheDay),
      notifyDueCheckIns(onTheDay),
    ]);
    expect(counts.reduce((a, b) => a + b, 0)).toBe(1);
    expect(await notifyDueCheckIns(onTheDay)).toBe(0);
    expect((await notificationsOf(agent)).map((n) => [n.type, n.message])).toEqual([
      [
        "info",
        "Check in with Dana Whitfield at Reminder Freight (due Nov 28, 2026). Note: Ask about the warehouse",
      ],
    ]);
    // Another agent of the company is told nothing of it.
    expect(await notificationsOf(colleague)).toEqual([]);
  });

  it("shows on the dashboard from its day until it is marked done, to its agent alone", async () => {
    const later = at(agent, new Date("2026-12-03T08:00:00Z"));
    const due = await dueCheckIns(later);
    expect(due).toEqual([
      expect.objectContaining({
        customer: "Reminder Freight",
        contactName: "Dana Whitfield",
        dueOn: "2026-11-28",
        note: "Ask about the warehouse",
      }),
    ]);
    expect(await dueCheckIns(at(colleague, new Date("2026-12-03T08:00:00Z")))).toEqual([]);
    const id = due[0]?.id ?? "";
    // Neither a colleague nor another company can close it: not found.
    expect(await rejection(completeCheckIn(colleague, { id }))).toMatchObject({
      kind: "not_found",
    });
    expect(await rejection(completeCheckIn(stranger, { id }))).toMatchObject({
      kind: "not_found",
    });
    await completeCheckIn(later, { id });
    expect(await dueCheckIns(later)).toEqual([]);
    // Done once is done: a second time finds nothing open.
    expect(await rejection(completeCheckIn(later, { id }))).toMatchObject({ kind: "not_found" });
  });

  it("done before its day, it is never notified", async () => {
    await scheduleCheckIn(agent, { customerId, dueOn: "2026-12-10", note: null });
    const [open] = await rt.database.db
      .select()
      .from(checkInReminders)
      .where(eq(checkInReminders.dueOn, "2026-12-10"));
    await completeCheckIn(agent, { id: open?.id ?? "" });
    const before = (await notificationsOf(agent)).length;
    expect(await notifyDueCheckIns(at(agent, new Date("2026-12-11T08:00:00Z")))).toBe(0);
    expect(await notificationsOf(agent)).toHaveLength(before);
  });
});

describe("the portal shell's notifications (one statement, decision 0035)", () => {
  let agent: UserContext;
  let customerId: string;
  const TODAY = new Date("2026-11-21T10:00:00Z");

  beforeAll(async () => {
    const a = await createCompanyWithAgent(rt, {
      company: "Shell Reseller",
      username: "shell_bell_a",
      password: "shell-bell-password-1",
    });
    agent = at(await userContextFor(rt, { id: a.userId }), TODAY);
    const [row] = await rt.database.db
      .insert(customers)
      .values({ companyId: a.companyId, name: "Lee Ortega", companyName: "Shell Freight" })
      .returning({ id: customers.id });
    customerId = row?.id ?? "";
  });

  it("is an empty list for an agent never told anything", async () => {
    expect(await shellNotifications(agent)).toEqual([]);
  });

  it("is the bell's list field for field: newest first, read or not, to the millisecond", async () => {
    await notify(agent, { type: "success", title: "Deal won", message: "Fleet refresh" });
    await notify(agent, { type: "warning", title: "Heads up", message: "Contract ends soon" });
    await rt.database.db
      .update(notifications)
      .set({ readAt: TODAY })
      .where(eq(notifications.title, "Deal won"));
    const listed = await listNotifications(agent);
    expect(listed).toHaveLength(2);
    expect(await shellNotifications(agent)).toEqual(listed);
    // Another agent's page shows none of them.
    expect(await shellNotifications(demo)).toEqual(await listNotifications(demo));
    expect((await shellNotifications(demo)).map((n) => n.title)).not.toContain("Heads up");
  });

  it("turns a check-in that fell due into a notification before it lists, once", async () => {
    await scheduleCheckIn(agent, { customerId, dueOn: "2026-11-20", note: null });
    const shown = await shellNotifications(agent);
    expect(shown[0]).toMatchObject({
      type: "info",
      title: "Check-in due",
      message: "Check in with Lee Ortega at Shell Freight (due Nov 20, 2026).",
      read: false,
    });
    expect(shown).toEqual(await listNotifications(agent));
    expect(await shellNotifications(agent)).toHaveLength(shown.length);
  });
});
