import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { DESCRIPTION_TOO_LONG, type GeneratedQuote } from "#app/lib/schemas/quote.ts";
import { carrierFees, deviceOffers, promotions, ratePlans } from "#server/db/schema/index.ts";
import { GENERATE_QUOTE_LIMIT } from "#server/quotes/index.ts";
import { createCompanyWithAgent, signInCookie } from "./helpers/accounts.ts";
import { setUpTestRuntime, type TestServer } from "./helpers/fixture.ts";
import { TEST_BASE_URL, type TestRuntime } from "./helpers/runtime.ts";

// POST /api/generate-quote (issue 15): signed-in agents only, the shared schema's messages for a
// bad body and never a 500, a priced quote from the catalog, the bill shape, a per-agent limit.

const world = setUpTestRuntime({ demo: true, api: true });
let rt: TestRuntime;
let server: TestServer;
let demo: string;
const PASSWORD = "quote-sturdy-password-9";

beforeAll(async () => {
  ({ rt, api: server } = world());
  demo = await signInCookie(server.url, "demo", "carrierline-demo");
});

const customerInfo = {
  companyName: "Harbor Logistics",
  companyWebsite: "harbor.example",
  contactName: "Sam Ortiz",
  contactEmail: "sam@harbor.example",
};

function post(cookie: string | null, body: string, type = "application/json") {
  const headers: Record<string, string> = { origin: TEST_BASE_URL, "content-type": type };
  if (cookie) headers.cookie = cookie;
  return fetch(`${server.url}/api/generate-quote`, { method: "POST", headers, body });
}
const generate = (cookie: string | null, body: unknown) => post(cookie, JSON.stringify(body));

/** A fresh agent of their own, so each test has a whole rate-limit window. */
async function freshAgent(username: string) {
  await createCompanyWithAgent(rt, { company: `Co ${username}`, username, password: PASSWORD });
  return signInCookie(server.url, username, PASSWORD);
}

describe("POST /api/generate-quote", () => {
  it("refuses a signed-out caller with 401", async () => {
    const res = await generate(null, { description: "5 phones", customerInfo });
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: "You must be signed in." });
  });

  it("refuses bad bodies with the schema's messages, never a 500", async () => {
    const cookie = await freshAgent("quote_bad_bodies");
    const missing = await generate(cookie, { description: "  ", customerInfo: {} });
    expect(missing.status).toBe(400);
    const body = (await missing.json()) as { error: string; fieldErrors: Record<string, string> };
    expect(body.fieldErrors).toMatchObject({
      description: "Description is required",
      "customerInfo.companyName": "Company name is required",
      "customerInfo.companyWebsite": "Company website is required",
      "customerInfo.contactName": "Contact name is required",
      "customerInfo.contactEmail": "Contact email is required",
    });

    const badEmail = await generate(cookie, {
      description: "5 phones",
      customerInfo: { ...customerInfo, contactEmail: "not-an-email" },
    });
    expect(badEmail.status).toBe(400);
    const emailBody = (await badEmail.json()) as { fieldErrors: Record<string, string> };
    expect(Object.keys(emailBody.fieldErrors)).toEqual(["customerInfo.contactEmail"]);

    const long = await generate(cookie, { description: "phone ".repeat(2_000), customerInfo });
    expect(long.status).toBe(400);
    expect(((await long.json()) as { error: string }).error).toBe(DESCRIPTION_TOO_LONG);

    for (const res of [
      await post(cookie, "{not json"),
      await post(cookie, "null"),
      await post(cookie, "[1,2,3]"),
      await post(cookie, '"a string"'),
      await generate(cookie, { description: 42, customerInfo: "x" }),
      await generate(cookie, { currentBill: { lines: "none" } }),
    ]) {
      expect(res.status).toBe(400);
      expect(((await res.json()) as { error: string }).error.length).toBeGreaterThan(0);
    }

    const huge = await post(cookie, JSON.stringify({ description: "x".repeat(2_000_000) }));
    expect(huge.status).toBe(413);

    // Emoji only: read into no lines at all, still a clear answer.
    const emoji = await generate(cookie, { description: "📱🔥📶".repeat(100), customerInfo });
    expect(emoji.status).toBeLessThan(500);
  });

  it("prices a description from the catalog and answers {quote}", async () => {
    const res = await generate(demo, {
      description: "12 iPhones and 3 hotspots on Verizon for 24 months",
      customerInfo,
    });
    expect(res.status).toBe(200);
    const { quote } = (await res.json()) as { quote: GeneratedQuote & { customerInfo: unknown } };
    expect(quote.source).toBe("description");
    expect(quote.customerInfo).toEqual({
      ...customerInfo,
      companyWebsite: "https://harbor.example",
    });
    expect(quote.needs.lines).toMatchObject({ voice: 12, hotspot: 3 });
    const [recommended, ...rest] = quote.options;
    expect(recommended?.recommended).toBe(true);
    expect(recommended?.carrier).toBe("verizon");
    expect(rest.every((o) => !o.recommended)).toBe(true);
    expect(recommended?.totals.monthlyCents).toBeGreaterThan(0);
    const db = rt.database.db;
    const tables = {
      rate_plans: ratePlans,
      device_offers: deviceOffers,
      promotions,
      carrier_fees: carrierFees,
    } as const;
    for (const item of quote.options.flatMap((o) => o.items)) {
      const table = tables[item.ref.table];
      const rows = await db.select({ id: table.id }).from(table).where(eq(table.id, item.ref.id));
      expect(rows, JSON.stringify(item)).toHaveLength(1);
    }
  });

  it("quotes a bill analysis ({currentBill}) with the saving", async () => {
    const res = await generate(demo, {
      currentBill: {
        totalMonthlyBill: 1200,
        dueDate: "2026-11-28",
        totalDataUsageGB: 60,
        businessMetrics: {
          costPerEmployee: 80,
          complianceStatus: { policyCompliant: true, issues: [] },
          internationalUsage: { cost: 0, countries: [] },
        },
        potentialSavings: { annualSavings: 0, enterpriseOpportunities: [] },
        departmentBreakdown: { Sales: { lines: 3, cost: 1200, dataUsage: 60 } },
        lines: ["1", "2", "3"].map((phoneNumber) => ({
          lineType: "voice" as const,
          phoneNumber,
          department: "Sales",
          planCost: 80,
          dataUsageGB: 20,
          equipment: { deviceName: "iPhone 16", monthlyPayment: 33.33, remainingBalance: 600 },
        })),
        competitiveAnalysis: {
          currentProvider: "AT&T",
          marketComparison: { costDifference: 0, featureGaps: [], advantages: [] },
          enterpriseDiscounts: { available: false, potentialSavings: 0, requirements: [] },
        },
      },
    });
    expect(res.status).toBe(200);
    const { quote } = (await res.json()) as { quote: GeneratedQuote & { customerInfo: unknown } };
    expect(quote.source).toBe("bill");
    expect(quote.customerInfo).toBeNull();
    expect(quote.needs.lines.voice).toBe(3);
    const monthly = quote.options[0]?.totals.monthlyCents ?? 0;
    // The 3 plans at $80, not the $1,200 bill with its installments and taxes (decision 0019).
    expect(quote.saving).toEqual({
      currentMonthlyCents: 24_000,
      monthlyCents: 24_000 - monthly,
      yearlyCents: (24_000 - monthly) * 12,
    });
  });

  it(`allows ${GENERATE_QUOTE_LIMIT} calls a minute per agent, then 429 with Retry-After`, async () => {
    const cookie = await freshAgent("quote_limited");
    const other = await freshAgent("quote_unlimited");
    for (let n = 0; n < GENERATE_QUOTE_LIMIT; n++) {
      expect((await generate(cookie, {})).status).toBe(400);
    }
    const refused = await generate(cookie, { description: "5 phones", customerInfo });
    expect(refused.status).toBe(429);
    const retryAfter = Number(refused.headers.get("retry-after"));
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(60);
    expect(((await refused.json()) as { error: string }).error).toMatch(/Too many quotes/);
    // Another agent has a window of their own.
    expect((await generate(other, { description: "5 phones", customerInfo })).status).toBe(200);
  });
});
