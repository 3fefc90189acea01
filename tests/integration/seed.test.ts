import { and, eq, inArray, isNotNull, isNull, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { billAnalysisResultSchema } from "#app/lib/bill-analysis.ts";
import { passwordProblems } from "#server/auth/password-policy.ts";
import {
  agent_users,
  auth_accounts,
  billAnalyses,
  blogPosts,
  certifiedDevices,
  companies,
  customers,
  deals,
  notifications,
  promotions,
  quotes,
  ratePlans,
  salesResources,
} from "#server/db/schema/index.ts";
import {
  DEMO_COMPANY,
  MFA_DEMO_ACCOUNT,
  SCOPES_DEMO_ACCOUNT,
  seedDemoData,
} from "#server/db/seed/index.ts";
import { setUpTestRuntime } from "./helpers/fixture.ts";
import type { TestRuntime } from "./helpers/runtime.ts";

const world = setUpTestRuntime();
let rt: TestRuntime;

const count = (table: Parameters<TestRuntime["database"]["db"]["$count"]>[0]) =>
  rt.database.db.$count(table);

const warnings: string[] = [];

beforeAll(async () => {
  ({ rt } = world());
  const deps = { db: rt.database.db, auth: rt.auth, storage: rt.storage, config: rt.config };
  const listen = (warning: Error) => warnings.push(warning.message);
  process.on("warning", listen);
  try {
    await seedDemoData(deps);
    // A second run must add nothing: the seed runs on every demo start.
    await seedDemoData(deps);
    await new Promise((r) => setImmediate(r));
  } finally {
    process.off("warning", listen);
  }
});

describe(`migrations and demo seed (${process.env.TEST_DATABASE_URL ? "PostgreSQL" : "PGlite"})`, () => {
  it("never sends two queries at once down the one client of its transaction", () => {
    // pg queues them with a deprecation warning today and refuses them from pg 9.
    expect(warnings.filter((w) => w.includes("already executing a query"))).toEqual([]);
  });

  it("creates exactly one demo company with its agent and admin", async () => {
    const rows = await rt.database.db
      .select()
      .from(companies)
      .where(eq(companies.slug, DEMO_COMPANY.slug));
    expect(rows).toHaveLength(1);
    expect(rows[0]?.name).toBe("Demo Wireless Partners");
    const users = await rt.database.db
      .select({
        username: agent_users.username,
        role: agent_users.role,
        companyId: agent_users.companyId,
      })
      .from(agent_users)
      .orderBy(agent_users.username);
    expect(users).toEqual([
      { username: "admin", role: "admin", companyId: rows[0]?.id },
      { username: "demo", role: "agent", companyId: rows[0]?.id },
      // Used only by the second-factor browser test.
      { username: "mfa_demo", role: "agent", companyId: rows[0]?.id },
      // Used only by the sign-out scopes browser test.
      { username: "scopes_demo", role: "agent", companyId: rows[0]?.id },
    ]);
  });

  it("stores passwords hashed, never as typed", async () => {
    const accounts = await rt.database.db
      .select({ password: auth_accounts.password })
      .from(auth_accounts);
    expect(accounts).toHaveLength(4);
    for (const { password } of accounts) {
      expect(password).toBeTruthy();
      expect(password).not.toContain("carrierline-");
    }
  });

  it("gives the browser tests' own agents passwords the policy accepts", () => {
    expect(passwordProblems(SCOPES_DEMO_ACCOUNT.password, SCOPES_DEMO_ACCOUNT)).toEqual([]);
    expect(passwordProblems(MFA_DEMO_ACCOUNT.password, MFA_DEMO_ACCOUNT)).toEqual([]);
  });

  it("fills the catalog the screens need", async () => {
    expect(await count(ratePlans)).toBeGreaterThanOrEqual(12);
    expect(await count(certifiedDevices)).toBeGreaterThanOrEqual(300);
    expect(await count(promotions)).toBe(3);
    expect(await count(salesResources)).toBe(5);
    expect(await count(blogPosts)).toBe(8);

    const carriers = await rt.database.db.selectDistinct({ c: ratePlans.carrier }).from(ratePlans);
    expect(carriers.map((r) => r.c).sort()).toEqual(["att", "tmobile", "verizon"]);
    const types = await rt.database.db
      .selectDistinct({ t: certifiedDevices.deviceType })
      .from(certifiedDevices);
    expect(types.length).toBeGreaterThanOrEqual(20);
  });

  it("keeps a real file in storage for every sales resource", async () => {
    const resources = await rt.database.db.select().from(salesResources);
    for (const r of resources) {
      const bytes = await rt.storage.get(r.fileKey);
      expect(bytes, r.fileName).not.toBeNull();
      expect(bytes?.byteLength).toBe(r.sizeBytes);
    }
  });

  it("gives the dashboard the spec's sample figures", async () => {
    const db = rt.database.db;
    const won = await db
      .select({ mrr: sql<number>`sum(${deals.monthlyRevenueCents})::bigint` })
      .from(deals)
      .where(eq(deals.status, "closed_won"));
    expect(Number(won[0]?.mrr)).toBe(1_250_000);
    expect(await db.$count(quotes, inArray(quotes.status, ["draft", "sent"]))).toBe(3);
    expect(
      await db.$count(
        deals,
        and(eq(deals.status, "closed_won"), isNotNull(deals.orderedAt), isNull(deals.installedAt)),
      ),
    ).toBe(2);
    expect(
      await db.$count(deals, and(eq(deals.status, "closed_won"), isNotNull(deals.installedAt))),
    ).toBe(1);
  });

  it("keeps deal money consistent with lines × rate × term", async () => {
    const rows = await rt.database.db.select().from(deals);
    expect(rows.length).toBeGreaterThanOrEqual(10);
    for (const d of rows) {
      const lines = d.voiceLines + d.mobileInternetLines + d.fixedWirelessLines;
      expect(d.monthlyRevenueCents % lines).toBe(0);
      expect(d.valueCents).toBe(d.monthlyRevenueCents * (d.contractTerm ?? 24));
    }
  });

  it("seeds an analysed bill 20% over its data plan, and the agent's notifications", async () => {
    const [bill] = await rt.database.db.select().from(billAnalyses);
    expect(bill?.totalDataUsageGb).toBe(240);
    expect(bill?.dataAllowanceGb).toBe(200);
    expect(await count(notifications)).toBe(4);
    expect(await count(customers)).toBe(8);
  });

  it("seeds a bill whose lines add up to its departments and its total", async () => {
    const [bill] = await rt.database.db.select().from(billAnalyses);
    const result = billAnalysisResultSchema.parse(bill?.result);
    const departments = Object.entries(result.departmentBreakdown);
    for (const [name, d] of departments) {
      const lines = result.lines.filter((l) => l.department === name);
      expect(lines.length, name).toBe(d.lines);
      expect(
        lines.reduce((sum, l) => sum + l.planCost, 0),
        name,
      ).toBeCloseTo(d.cost, 2);
      expect(
        lines.reduce((sum, l) => sum + l.dataUsageGB, 0),
        name,
      ).toBeCloseTo(d.dataUsage, 6);
    }
    expect(result.lines.length).toBe(departments.reduce((sum, [, d]) => sum + d.lines, 0));
    expect(result.lines.reduce((sum, l) => sum + l.planCost, 0)).toBeCloseTo(
      result.totalMonthlyBill,
      2,
    );
    expect(result.totalMonthlyBill / result.lines.length).toBeCloseTo(
      result.businessMetrics.costPerEmployee,
      2,
    );
  });
});
