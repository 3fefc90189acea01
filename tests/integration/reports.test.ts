import { and, eq } from "drizzle-orm";
import ExcelJS from "exceljs";
import { beforeAll, describe, expect, it } from "vitest";
import {
  RANGE_ORDER_MESSAGE,
  RANGE_SPAN_MESSAGE,
  reportQuerySchema,
} from "#app/lib/schemas/reports.ts";
import {
  activities,
  agent_users,
  billAnalyses,
  companies,
  customers,
  deals,
  quotes,
} from "#server/db/schema/index.ts";
import type { UserContext } from "#server/platform/context.ts";
import {
  activityDays,
  activityReport,
  customerReport,
  dealsReport,
  exportReportXlsx,
  performanceReport,
  reportFileName,
  reportScope,
} from "#server/reports/index.ts";
import { createCompanyWithAgent, signInCookie } from "./helpers/accounts.ts";
import { at, nextRequest, userContextFor } from "./helpers/contexts.ts";
import { setUpTestRuntime } from "./helpers/fixture.ts";
import type { TestRuntime } from "./helpers/runtime.ts";

// The four reports over seeded rows with known figures: periods, the custom range's edges,
// whose figures each role sees, and the files read back.

const world = setUpTestRuntime({ pages: true });
let rt: TestRuntime;
const NOW = new Date("2026-06-30T12:00:00Z");
let ada: UserContext; // agent
let ben: UserContext; // agent
let boss: UserContext; // manager
let rival: UserContext; // manager of another company

const query = (raw: Record<string, string> = {}) => reportQuerySchema.parse(raw);
const CUSTOM = { period: "custom", from: "2026-06-01", to: "2026-06-15" };
const t = (iso: string) => new Date(iso);

beforeAll(async () => {
  rt = world().rt;
  const db = rt.database.db;
  const make = async (company: string, username: string, role: "agent" | "manager") => {
    const made = await createCompanyWithAgent(rt, {
      company,
      username,
      password: `${username}-pass-1`,
    });
    if (role === "manager") {
      await db.update(agent_users).set({ role }).where(eq(agent_users.id, made.userId));
    }
    return { ...made, ctx: at(await userContextFor(rt, { id: made.userId }), NOW) };
  };
  const a = await make("Report Works", "ada", "agent");
  const b = await make("Report Works", "ben", "agent");
  const m = await make("Report Works", "boss", "manager");
  const r = await make("Rival Reports", "rival_boss", "manager");
  ada = a.ctx;
  ben = b.ctx;
  boss = m.ctx;
  rival = r.ctx;
  const companyId = a.companyId;

  const customer = async (
    fields: { companyName: string; industry: string | null; assignedTo: string; createdAt: Date },
    company = companyId,
  ) => {
    const [row] = await db
      .insert(customers)
      .values({ companyId: company, name: `${fields.companyName} contact`, ...fields })
      .returning({ id: customers.id });
    if (!row) throw new Error("no customer");
    return row.id;
  };
  // The custom range's first instant, its last second, and the first instant after it.
  const c1 = await customer({
    companyName: "Acme",
    industry: "Retail",
    assignedTo: a.userId,
    createdAt: t("2026-06-01T00:00:00Z"),
  });
  const c2 = await customer({
    companyName: "Birch",
    industry: "Retail",
    assignedTo: b.userId,
    createdAt: t("2026-06-15T23:59:59Z"),
  });
  const c3 = await customer({
    companyName: "Cedar",
    industry: null,
    assignedTo: a.userId,
    createdAt: t("2026-06-16T00:00:00Z"),
  });
  const c4 = await customer({
    companyName: "Dune",
    industry: "Health",
    assignedTo: a.userId,
    createdAt: t("2026-01-10T09:00:00Z"),
  });
  const c5 = await customer(
    {
      companyName: "Rival Co",
      industry: "Retail",
      assignedTo: r.userId,
      createdAt: t("2026-06-10T09:00:00Z"),
    },
    r.companyId,
  );

  const deal = async (
    fields: Partial<typeof deals.$inferInsert> & { customerId: string; title: string },
  ) => {
    const [row] = await db
      .insert(deals)
      .values({ companyId, ...fields })
      .returning({ id: deals.id });
    if (!row) throw new Error("no deal");
    return row.id;
  };
  await deal({
    title: "D1 won in June",
    customerId: c1,
    assignedTo: a.userId,
    status: "closed_won",
    stage: "closing",
    carrier: "VERIZON",
    valueCents: 240_000,
    monthlyRevenueCents: 10_000,
    voiceLines: 5,
    mobileInternetLines: 1,
    createdAt: t("2026-05-01T00:00:00Z"),
    wonAt: t("2026-06-05T10:00:00Z"),
    updatedAt: t("2026-06-05T10:00:00Z"),
  });
  await deal({
    title: "D2 open proposal",
    customerId: c1,
    assignedTo: a.userId,
    status: "proposal",
    stage: "proposal",
    carrier: "ATT",
    valueCents: 120_000,
    monthlyRevenueCents: 5_000,
    voiceLines: 10,
    createdAt: t("2026-06-10T00:00:00Z"),
    updatedAt: t("2026-06-10T00:00:00Z"),
  });
  const d3 = await deal({
    title: "D3 lost",
    customerId: c2,
    assignedTo: b.userId,
    status: "closed_lost",
    stage: "negotiation",
    carrier: "TMOBILE",
    valueCents: 60_000,
    monthlyRevenueCents: 2_500,
    fixedWirelessLines: 3,
    createdAt: t("2026-06-02T00:00:00Z"),
    updatedAt: t("2026-06-12T00:00:00Z"),
  });
  await deal({
    title: "D4 after the range",
    customerId: c2,
    assignedTo: b.userId,
    status: "lead",
    stage: "discovery",
    carrier: "ATT",
    valueCents: 30_000,
    monthlyRevenueCents: 1_250,
    createdAt: t("2026-06-20T00:00:00Z"),
    updatedAt: t("2026-06-20T00:00:00Z"),
  });
  await deal({
    title: "D5 won in January",
    customerId: c4,
    assignedTo: a.userId,
    status: "closed_won",
    stage: "closing",
    carrier: "ATT",
    valueCents: 480_000,
    monthlyRevenueCents: 20_000,
    createdAt: t("2026-01-01T00:00:00Z"),
    wonAt: t("2026-01-31T00:00:00Z"),
    updatedAt: t("2026-01-31T00:00:00Z"),
  });
  // Old, last updated after the range, but noted inside it: the log says it changed in the range.
  const d6 = await deal({
    title: "D6 noted in the range",
    customerId: c4,
    assignedTo: a.userId,
    status: "qualified",
    stage: "qualification",
    carrier: "VERIZON",
    valueCents: 90_000,
    monthlyRevenueCents: 3_750,
    voiceLines: 4,
    createdAt: t("2026-02-01T00:00:00Z"),
    updatedAt: t("2026-06-16T00:00:00Z"),
  });
  // Old and changed only at the first instant after the range.
  await deal({
    title: "D7 changed after the range",
    customerId: c3,
    assignedTo: b.userId,
    status: "negotiation",
    stage: "negotiation",
    carrier: "TMOBILE",
    valueCents: 10_000,
    monthlyRevenueCents: 400,
    createdAt: t("2026-03-01T00:00:00Z"),
    updatedAt: t("2026-06-16T00:00:00Z"),
  });
  await db.insert(deals).values({
    companyId: r.companyId,
    customerId: c5,
    title: "Rival won",
    assignedTo: r.userId,
    status: "closed_won",
    carrier: "ATT",
    valueCents: 999_900,
    monthlyRevenueCents: 99_900,
    createdAt: t("2026-06-01T00:00:00Z"),
    wonAt: t("2026-06-05T00:00:00Z"),
    updatedAt: t("2026-06-05T00:00:00Z"),
  });

  const log = (
    actorId: string,
    kind: typeof activities.$inferInsert.kind,
    createdAt: string,
    dealId?: string,
    company = companyId,
  ) =>
    db
      .insert(activities)
      .values({ companyId: company, actorId, kind, createdAt: t(createdAt), dealId });
  await log(a.userId, "deal_status_changed", "2026-06-05T10:00:00Z");
  await log(a.userId, "deal_note", "2026-06-03T09:00:00Z", d6);
  await log(a.userId, "quote_generated", "2026-06-05T11:00:00Z");
  await log(a.userId, "quote_saved", "2026-06-05T11:05:00Z");
  await log(a.userId, "quote_sent", "2026-06-06T08:00:00Z");
  await log(a.userId, "customer_created", "2026-06-01T00:00:00Z"); // not a counted kind
  await log(b.userId, "deal_stage_changed", "2026-06-12T15:00:00Z", d3);
  await log(b.userId, "deal_note", "2026-06-16T00:00:00Z", d3); // just after the range
  await log(r.userId, "deal_note", "2026-06-05T10:00:00Z", undefined, r.companyId);

  // An analysis as the job leaves it: a completed one is logged as it completes (jobs.ts).
  const bill = async (
    uploadedBy: string,
    status: "completed" | "failed",
    completedAt: string,
    company = companyId,
  ) => {
    const [row] = await db
      .insert(billAnalyses)
      .values({
        companyId: company,
        uploadedBy,
        status,
        completedAt: t(completedAt),
        fileName: "bill.pdf",
        mimeType: "application/pdf",
        sizeBytes: 1_000,
      })
      .returning({ id: billAnalyses.id });
    if (status !== "completed" || !row) return;
    await db.insert(activities).values({
      companyId: company,
      actorId: uploadedBy,
      kind: "bill_analyzed",
      details: { analysisId: row.id, fileName: "bill.pdf" },
      createdAt: t(completedAt),
    });
  };
  await bill(a.userId, "completed", "2026-06-05T12:00:00Z");
  await bill(a.userId, "failed", "2026-06-05T12:30:00Z");
  await bill(b.userId, "completed", "2026-06-20T12:00:00Z");
  await bill(r.userId, "completed", "2026-06-05T12:00:00Z", r.companyId);

  const quote = (agentId: string, sentAt: string, company = companyId) =>
    db.insert(quotes).values({
      companyId: company,
      agentId,
      status: "sent",
      sentAt: t(sentAt),
      companyName: "Acme",
      contactName: "Casey",
      contactEmail: "casey@acme.example",
      description: "10 lines",
    });
  await quote(a.userId, "2026-06-06T08:00:00Z");
  await quote(b.userId, "2026-06-20T08:00:00Z");
  await quote(r.userId, "2026-06-06T08:00:00Z", r.companyId);
});

describe("the period", () => {
  it("refuses a custom range whose end is before its start, with a message", () => {
    const parsed = reportQuerySchema.safeParse({
      period: "custom",
      from: "2026-06-10",
      to: "2026-06-09",
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]).toMatchObject({ path: ["to"], message: RANGE_ORDER_MESSAGE });
    expect(
      reportQuerySchema.safeParse({ period: "custom", from: "2026-06-10", to: "2026-06-10" })
        .success,
    ).toBe(true);
  });

  it("resolves each period to days, a fresh custom range being the last 30 days", () => {
    expect(reportScope(boss, query({ period: "30" })).period).toMatchObject({
      label: "Last 30 Days",
      from: "2026-05-31",
      to: "2026-06-30",
    });
    expect(reportScope(boss, query({ period: "90" })).period).toMatchObject({
      from: "2026-04-01",
      to: "2026-06-30",
    });
    expect(reportScope(boss, query({ period: "all" })).period).toMatchObject({
      label: "All Time",
      from: null,
      start: null,
    });
    expect(reportScope(boss, query({ period: "custom" })).period).toMatchObject({
      from: "2026-05-31",
      to: "2026-06-30",
    });
    expect(reportScope(boss, query(CUSTOM)).period).toMatchObject({
      start: t("2026-06-01T00:00:00Z"),
      end: t("2026-06-16T00:00:00Z"),
    });
    expect(reportScope(boss, query()).period.label).toBe("All Time");
    expect(reportScope(boss, query({ period: "nonsense" })).period.label).toBe("All Time");
  });
});

describe("the Deals Report", () => {
  it("counts the deals created or changed in a custom range, edges included", async () => {
    const report = await dealsReport(boss, reportScope(boss, query(CUSTOM)));
    expect(report).toMatchObject({ deals: 4, valueCents: 510_000, monthlyRevenueCents: 21_250 });
    expect(report.pipelineByStage).toEqual([
      { stage: "discovery", valueCents: 0 },
      { stage: "qualification", valueCents: 90_000 },
      { stage: "solution", valueCents: 0 },
      { stage: "proposal", valueCents: 120_000 },
      { stage: "negotiation", valueCents: 0 },
      { stage: "closing", valueCents: 0 },
    ]);
    expect(report.wonRevenueByMonth).toEqual([{ month: "2026-06", monthlyRevenueCents: 10_000 }]);
  });

  it("widens with the period", async () => {
    expect((await dealsReport(boss, reportScope(boss, query({ period: "30" })))).deals).toBe(6);
    const all = await dealsReport(boss, reportScope(boss, query({ period: "all" })));
    expect(all.deals).toBe(7);
    // Every month from the first win to today's, the months without a win as zero.
    expect(all.wonRevenueByMonth).toEqual([
      { month: "2026-01", monthlyRevenueCents: 20_000 },
      { month: "2026-02", monthlyRevenueCents: 0 },
      { month: "2026-03", monthlyRevenueCents: 0 },
      { month: "2026-04", monthlyRevenueCents: 0 },
      { month: "2026-05", monthlyRevenueCents: 0 },
      { month: "2026-06", monthlyRevenueCents: 10_000 },
    ]);
  });
});

describe("the Customer Report", () => {
  it("counts customers added in the range by month and industry", async () => {
    expect(await customerReport(boss, reportScope(boss, query(CUSTOM)))).toEqual({
      customers: 2,
      byMonth: [{ month: "2026-06", customers: 2 }],
      byIndustry: [{ industry: "Retail", customers: 2 }],
    });
    const month = await customerReport(boss, reportScope(boss, query({ period: "30" })));
    expect(month.byIndustry).toEqual([
      { industry: "Retail", customers: 2 },
      { industry: "Not set", customers: 1 },
    ]);
    expect(
      (await customerReport(boss, reportScope(boss, query({ period: "all" })))).customers,
    ).toBe(4);
  });
});

describe("the Activity Report", () => {
  it("counts each agent's activity per day, bills analysed included", async () => {
    const scope = reportScope(boss, query(CUSTOM));
    const days = await activityDays(boss, scope);
    expect(days.map(({ agentId: _id, ...row }) => row)).toEqual([
      {
        agent: "ada",
        day: "2026-06-03",
        dealMoves: 0,
        notes: 1,
        quotesGenerated: 0,
        quotesSaved: 0,
        proposalsSent: 0,
        billsAnalysed: 0,
      },
      {
        agent: "ada",
        day: "2026-06-05",
        dealMoves: 1,
        notes: 0,
        quotesGenerated: 1,
        quotesSaved: 1,
        proposalsSent: 0,
        billsAnalysed: 1,
      },
      {
        agent: "ada",
        day: "2026-06-06",
        dealMoves: 0,
        notes: 0,
        quotesGenerated: 0,
        quotesSaved: 0,
        proposalsSent: 1,
        billsAnalysed: 0,
      },
      {
        agent: "ben",
        day: "2026-06-12",
        dealMoves: 1,
        notes: 0,
        quotesGenerated: 0,
        quotesSaved: 0,
        proposalsSent: 0,
        billsAnalysed: 0,
      },
    ]);
    const report = await activityReport(boss, scope);
    expect(report.activities).toBe(7);
    expect(
      report.perAgent.map((row) => [
        row.agent,
        row.dealMoves +
          row.notes +
          row.quotesGenerated +
          row.quotesSaved +
          row.proposalsSent +
          row.billsAnalysed,
      ]),
    ).toEqual([
      ["ada", 6],
      ["ben", 1],
    ]);
  });
});

describe("bills analysed, once an analysis is deleted", () => {
  it("are still counted on the day they were analysed, on the card and in its file", async () => {
    // ada's bill of 2026-06-05 (the one the Activity Report counts above), deleted later.
    const before = await activityDays(boss, reportScope(boss, query(CUSTOM)));
    const rows = await rt.database.db
      .select({ id: billAnalyses.id })
      .from(billAnalyses)
      .where(eq(billAnalyses.completedAt, t("2026-06-05T12:00:00Z")));
    expect(rows.length).toBeGreaterThan(0);
    await rt.database.db
      .delete(billAnalyses)
      .where(eq(billAnalyses.completedAt, t("2026-06-05T12:00:00Z")));
    const after = await activityDays(boss, reportScope(boss, query(CUSTOM)));
    expect(after).toEqual(before);
    expect(after.find((d) => d.day === "2026-06-05")?.billsAnalysed).toBe(1);
    const file = await readBack(await exportReportXlsx(boss, "activity", query(CUSTOM)));
    // The file's rows: agent, Bills Analyzed and Total; ada's 2026-06-05 keeps its bill.
    expect(file.rows.slice(4).map((row) => [row[0], row.at(-2), row.at(-1)])).toEqual([
      ["ada", 0, 1],
      ["ada", 1, 4],
      ["ada", 0, 1],
      ["ben", 0, 1],
      ["Total", 1, 7],
    ]);
  });
});

describe("the Performance Report", () => {
  it("gives each agent's wins, losses, win rate, MRR, deal size, days to win and quotes sent", async () => {
    const report = await performanceReport(boss, reportScope(boss, query(CUSTOM)));
    expect(report.agents.map(({ agentId: _id, ...row }) => row)).toEqual([
      {
        agent: "ada",
        won: 1,
        lost: 0,
        winRate: 100,
        wonMonthlyRevenueCents: 10_000,
        averageDealCents: 240_000,
        averageDaysToWin: 35.4,
        quotesSent: 1,
      },
      {
        agent: "ben",
        won: 0,
        lost: 1,
        winRate: 0,
        wonMonthlyRevenueCents: 0,
        averageDealCents: null,
        averageDaysToWin: null,
        quotesSent: 0,
      },
    ]);
    expect(report.dealsByCarrier).toEqual([
      { carrier: "ATT", deals: 1 },
      { carrier: "VERIZON", deals: 2 },
      { carrier: "TMOBILE", deals: 1 },
    ]);
  });
});

describe("whose figures", () => {
  it("gives an agent their own figures only, whatever agent they ask for", async () => {
    const asked = query({ ...CUSTOM, agent: ben.user.id });
    expect((await dealsReport(ada, reportScope(ada, asked))).deals).toBe(3);
    expect(
      (await performanceReport(ada, reportScope(ada, asked))).agents.map((r) => r.agent),
    ).toEqual(["ada"]);
    expect(
      (await activityReport(ben, reportScope(ben, query(CUSTOM)))).perAgent.map((r) => r.agent),
    ).toEqual(["ben"]);
    expect((await customerReport(ben, reportScope(ben, query(CUSTOM)))).customers).toBe(1);
  });

  it("keeps agents to their own figures when the company restricts them too", async () => {
    await rt.database.db
      .update(companies)
      .set({ agentsSeeOwnOnly: true })
      .where(eq(companies.id, ada.user.companyId));
    try {
      const fresh = nextRequest(ada);
      expect((await dealsReport(fresh, reportScope(fresh, query(CUSTOM)))).deals).toBe(3);
      const manager = nextRequest(boss);
      expect((await dealsReport(manager, reportScope(manager, query(CUSTOM)))).deals).toBe(4);
    } finally {
      await rt.database.db
        .update(companies)
        .set({ agentsSeeOwnOnly: false })
        .where(eq(companies.id, ada.user.companyId));
    }
  });

  it("lets a manager filter by agent, and another company see nothing of ours", async () => {
    const forBen = reportScope(boss, query({ ...CUSTOM, agent: ben.user.id }));
    expect((await dealsReport(boss, forBen)).deals).toBe(1);
    expect((await performanceReport(boss, forBen)).agents.map((r) => r.agent)).toEqual(["ben"]);
    const theirs = reportScope(rival, query(CUSTOM));
    expect(await dealsReport(rival, theirs)).toMatchObject({ deals: 1, valueCents: 999_900 });
    expect((await customerReport(rival, theirs)).customers).toBe(1);
    expect((await activityReport(rival, theirs)).perAgent.map((r) => r.agent)).toEqual([
      "rival_boss",
    ]);
    const ours = reportScope(rival, query({ ...CUSTOM, agent: ada.user.id }));
    expect((await dealsReport(rival, ours)).deals).toBe(0);
    expect((await performanceReport(rival, ours)).agents).toEqual([]);
  });
});

async function readBack(bytes: Uint8Array<ArrayBuffer>) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes.buffer);
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error("no worksheet");
  // Empty cells read back as holes (undefined).
  const rows: ExcelJS.CellValue[][] = [];
  sheet.eachRow({ includeEmpty: true }, (row) => {
    rows.push((row.values as ExcelJS.CellValue[]).slice(1));
  });
  return { sheet, rows };
}

describe("the report files", () => {
  it("names each file by type and day", () => {
    expect(reportFileName("deals", NOW)).toBe("deals_report_2026-06-30.xlsx");
    expect(reportFileName("performance", NOW)).toBe("performance_report_2026-06-30.xlsx");
  });

  it("writes the Deals Report's rows with the period on top, a frozen header and totals", async () => {
    const { sheet, rows } = await readBack(await exportReportXlsx(boss, "deals", query(CUSTOM)));
    expect(rows[0]).toEqual(["Deals Report"]);
    expect(rows[1]).toEqual(["Period: Custom Range, 2026-06-01 to 2026-06-15"]);
    expect(rows[3]).toEqual([
      "Deal Title",
      "Customer",
      "Status",
      "Stage",
      "Carrier",
      "Lines",
      "Value",
      "Monthly Revenue",
      "Assigned To",
      "Created At",
      "Updated At",
    ]);
    expect(sheet.views[0]).toMatchObject({ state: "frozen", ySplit: 4 });
    expect(rows.slice(4, -1).map((row) => row.slice(0, 9))).toEqual([
      [
        "D6 noted in the range",
        "Dune",
        "Qualified",
        "Qualification",
        "Verizon",
        4,
        900,
        37.5,
        "ada",
      ],
      ["D1 won in June", "Acme", "Won", "Closing", "Verizon", 6, 2_400, 100, "ada"],
      ["D3 lost", "Birch", "Closed Lost", "Negotiation", "T-Mobile", 3, 600, 25, "ben"],
      ["D2 open proposal", "Acme", "Proposal", "Proposal", "AT&T", 10, 1_200, 50, "ada"],
    ]);
    expect(rows.at(-1)?.slice(0, 8)).toEqual([
      "Total",
      undefined,
      undefined,
      undefined,
      undefined,
      23,
      5_100,
      212.5,
    ]);
    expect(sheet.getRow(5).getCell(7).numFmt).toBe('"$"#,##0.00');
    expect(sheet.getRow(5).getCell(10).value).toBeInstanceOf(Date);
  });

  it("counts on an agent's customer file only the agent's own deals, as the screen does", async () => {
    const db = rt.database.db;
    const [birch] = await db
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.companyId, ben.user.companyId), eq(customers.companyName, "Birch")));
    if (!birch) throw new Error("no Birch");
    // Ada wins a deal on Ben's customer: Ben may see the customer, not Ada's revenue.
    const [colleagues] = await db
      .insert(deals)
      .values({
        companyId: ben.user.companyId,
        title: "Ada's win at Birch",
        customerId: birch.id,
        assignedTo: ada.user.id,
        status: "closed_won",
        stage: "closing",
        carrier: "ATT",
        valueCents: 12_000,
        monthlyRevenueCents: 500,
        wonAt: t("2026-06-05T00:00:00Z"),
      })
      .returning({ id: deals.id });
    if (!colleagues) throw new Error("no deal");
    try {
      const own = await readBack(await exportReportXlsx(ben, "customer", query(CUSTOM)));
      expect(own.rows.slice(4).map((row) => [row[0], row[3], row[5], row[6]])).toEqual([
        ["Birch", "ben", 2, 0],
        ["Total", undefined, 2, 0],
      ]);
      const whole = await readBack(await exportReportXlsx(boss, "customer", query(CUSTOM)));
      expect(whole.rows.slice(4).map((row) => [row[0], row[5], row[6]])).toEqual([
        ["Acme", 2, 100],
        ["Birch", 3, 5],
        ["Total", 5, 105],
      ]);
    } finally {
      await db.delete(deals).where(eq(deals.id, colleagues.id));
    }
  });

  it("writes the Customer, Activity and Performance Reports' rows and totals", async () => {
    const customersFile = await readBack(await exportReportXlsx(boss, "customer", query(CUSTOM)));
    expect(
      customersFile.rows.slice(4).map((row) => [row[0], row[2], row[3], row[5], row[6]]),
    ).toEqual([
      ["Acme", "Retail", "ada", 2, 100],
      ["Birch", "Retail", "ben", 2, 0],
      ["Total", undefined, undefined, 4, 100],
    ]);
    const activity = await readBack(await exportReportXlsx(boss, "activity", query(CUSTOM)));
    expect(activity.rows[3]).toEqual([
      "Agent",
      "Day",
      "Deal Moves",
      "Notes",
      "Quotes Generated",
      "Quotes Saved",
      "Proposals Sent",
      "Bills Analyzed",
      "Total",
    ]);
    expect(activity.rows.slice(4).map((row) => [row[0], row.at(-1)])).toEqual([
      ["ada", 1],
      ["ada", 4],
      ["ada", 1],
      ["ben", 1],
      ["Total", 7],
    ]);
    expect(activity.rows[4]?.[1]).toEqual(t("2026-06-03T00:00:00Z"));
    const performance = await readBack(await exportReportXlsx(boss, "performance", query(CUSTOM)));
    expect(performance.rows.slice(4)).toEqual([
      ["ada", 1, 0, 1, 100, 2_400, 35.4, 1],
      ["ben", 0, 1, 0, 0, undefined, undefined, 0],
      ["Total", 1, 1, undefined, 100, undefined, undefined, 1],
    ]);
  });

  it("writes only the agent's own rows for an agent", async () => {
    const { rows } = await readBack(await exportReportXlsx(ben, "deals", query(CUSTOM)));
    expect(rows.slice(4).map((row) => row[0])).toEqual(["D3 lost", "Total"]);
  });
});

describe("the Reports page and its files over HTTP", () => {
  const range = "period=custom&from=2026-06-01&to=2026-06-15";
  const get = (path: string, cookie = "") =>
    fetch(`${world().pages.url}${path}`, { headers: { cookie }, redirect: "manual" });

  it("sends a signed-out visitor to sign in, for the page and for a file", async () => {
    for (const path of ["/dashboard/reports", "/dashboard/reports/deals/export"]) {
      const res = await get(path);
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toMatch(/^\/login/);
    }
  });

  it("downloads a report file with its name, the period's rows and the agent's own only", async () => {
    const cookie = await signInCookie(world().pages.url, "ben", "ben-pass-1");
    const res = await get(`/dashboard/reports/deals/export?${range}`, cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="deals_report_\d{4}-\d{2}-\d{2}\.xlsx"$/,
    );
    const { rows } = await readBack(new Uint8Array(await res.arrayBuffer()));
    expect(rows[1]).toEqual(["Period: Custom Range, 2026-06-01 to 2026-06-15"]);
    expect(rows.slice(4).map((row) => row[0])).toEqual(["D3 lost", "Total"]);
    expect((await get(`/dashboard/reports/quotes/export?${range}`, cookie)).status).toBe(404);
  });

  it("refuses a range whose end is before its start, on the page and for a file", async () => {
    const cookie = await signInCookie(world().pages.url, "boss", "boss-pass-1");
    const backwards = "period=custom&from=2026-06-15&to=2026-06-01";
    const file = await get(`/dashboard/reports/performance/export?${backwards}`, cookie);
    expect(file.status).toBe(400);
    expect(await file.text()).toBe(RANGE_ORDER_MESSAGE);
    const page = await get(`/dashboard/reports?${backwards}`, cookie);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(RANGE_ORDER_MESSAGE);
  });

  it("refuses at once a day outside 2000-2099 or a range over ten years, which once held the server", async () => {
    const cookie = await signInCookie(world().pages.url, "boss", "boss-pass-1");
    const cases = [
      ["from=1000-01-01&to=2026-11-29", "Start date must be between 2000-01-01 and 2099-12-31"],
      ["from=2026-01-01&to=9999-12-31", "End date must be between 2000-01-01 and 2099-12-31"],
      ["from=2000-01-01&to=2099-12-31", RANGE_SPAN_MESSAGE],
    ] as const;
    for (const [dates, message] of cases) {
      const file = await get(`/dashboard/reports/deals/export?period=custom&${dates}`, cookie);
      expect(file.status).toBe(400);
      expect(await file.text()).toBe(message);
      const page = await get(`/dashboard/reports?period=custom&${dates}`, cookie);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain(message);
    }
    // A blank day is filled by its default (today, or 30 days ago), and the range checked again.
    const filled = [
      ["to=2099-12-31", RANGE_SPAN_MESSAGE],
      ["from=2099-01-01", RANGE_ORDER_MESSAGE],
    ] as const;
    for (const [dates, message] of filled) {
      const page = await get(`/dashboard/reports?period=custom&${dates}`, cookie);
      expect(page.status).toBe(200);
      expect(await page.text()).toContain(message);
      const file = await get(`/dashboard/reports/deals/export?period=custom&${dates}`, cookie);
      expect(file.status).toBe(400);
    }
    const decade = await get(
      "/dashboard/reports?period=custom&from=2016-11-29&to=2026-11-29",
      cookie,
    );
    expect(decade.status).toBe(200);
    expect(await decade.text()).not.toContain(RANGE_SPAN_MESSAGE);
  });

  it("shows another company's manager none of our agents or figures", async () => {
    const cookie = await signInCookie(world().pages.url, "rival_boss", "rival_boss-pass-1");
    const page = await (await get(`/dashboard/reports?${range}`, cookie)).text();
    expect(page).toContain("rival_boss");
    expect(page).not.toContain(">ada<");
    expect(page).not.toContain(">ben<");
  });
});
