import { beforeAll, describe, expect, it } from "vitest";
import { reportQuerySchema } from "#app/lib/schemas/reports.ts";
import { seedDemoData } from "#server/db/seed/index.ts";
import type { UserContext } from "#server/platform/context.ts";
import {
  activityReport,
  dealsReport,
  performanceReport,
  reportScope,
} from "#server/reports/index.ts";
import { at, userContextFor } from "./helpers/contexts.ts";
import { setUpTestRuntime } from "./helpers/fixture.ts";

// The reports on the demo data as a visitor finds it: the seed's history (deals opened, won and
// lost over the past year) must show in the periods, not every deal in every one.

const world = setUpTestRuntime();
// Seeded and read at one instant, so a run across midnight cannot move a deal between periods.
const NOW = new Date("2026-11-27T15:00:00Z");
let agent: UserContext;

beforeAll(async () => {
  const { rt } = world();
  const { agentId } = await seedDemoData({
    db: rt.database.db,
    auth: rt.auth,
    storage: rt.storage,
    config: rt.config,
    now: NOW,
  });
  agent = at(await userContextFor(rt, { id: agentId }), NOW);
});

const scope = (period: string) => reportScope(agent, reportQuerySchema.parse({ period }));

describe("the demo's reports by period", () => {
  it("keeps older deals out of the recent periods of the Deals Report", async () => {
    // Last 30 Days: the six deals opened this month and the two won in it (Northwind, Summit).
    expect(await dealsReport(agent, scope("30"))).toMatchObject({
      deals: 8,
      valueCents: 43_308_000,
    });
    // Last 90 Days adds Brightline (opened 40 days ago) and Pinecrest's lost deal (lost 50 ago).
    expect(await dealsReport(agent, scope("90"))).toMatchObject({
      deals: 10,
      valueCents: 45_165_600,
    });
    // All Time adds the Harbor fleet, won 300 days ago and installed two weeks later.
    expect(await dealsReport(agent, scope("all"))).toMatchObject({
      deals: 11,
      valueCents: 50_205_600,
    });
  });

  it("counts the demo's wins, loss and sent quotes in the periods they happened", async () => {
    const row = async (period: string) => {
      const [own] = (await performanceReport(agent, scope(period))).agents;
      return { won: own?.won, lost: own?.lost, quotesSent: own?.quotesSent };
    };
    expect(await row("30")).toEqual({ won: 2, lost: 0, quotesSent: 2 });
    expect(await row("90")).toEqual({ won: 2, lost: 1, quotesSent: 2 });
    expect(await row("all")).toEqual({ won: 3, lost: 1, quotesSent: 2 });
  });

  it("shows the demo agent's work in the Activity Report: moves, notes, quotes and a bill", async () => {
    const mine = async (period: string) => {
      const [own] = (await activityReport(agent, scope(period))).perAgent;
      return own;
    };
    // Last 30 Days: ten moves on the board (two deals won, four open ones moved up), the notes
    // of the last 30 days, three quotes generated and saved, two proposals sent, Summit's bill.
    expect(await mine("30")).toMatchObject({
      agent: "demo",
      dealMoves: 10,
      notes: 2,
      quotesGenerated: 3,
      quotesSaved: 3,
      proposalsSent: 2,
      billsAnalysed: 1,
      total: 21,
    });
    // Last 90 Days adds Brightline's and the lost deal's moves, the wins' earlier ones, a note.
    expect(await mine("90")).toMatchObject({ dealMoves: 20, notes: 3, total: 32 });
    expect(await mine("all")).toMatchObject({ dealMoves: 24, notes: 3, total: 36 });
  });
});
