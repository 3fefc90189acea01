import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { dataOverageMessage } from "#app/lib/dashboard.ts";
import { getDashboardSummary, scheduleCheckIn } from "#server/dashboard/index.ts";
import { notifications } from "#server/db/schema/index.ts";
import type { UserContext } from "#server/platform/context.ts";
import { createCompanyWithAgent } from "./helpers/accounts.ts";
import { at, userContextFor } from "./helpers/contexts.ts";
import { setUpTestRuntime } from "./helpers/fixture.ts";
import type { TestRuntime } from "./helpers/runtime.ts";

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

describe("dashboard figures", () => {
  it("equal the spec's samples on the demo company's data", async () => {
    const summary = await getDashboardSummary(demo);
    expect(summary.mrrCents).toBe(1_250_000);
    expect(summary.pipeline).toEqual({ quotes: 3, orders: 2, installs: 1 });
    expect(summary.alerts).toEqual([
      expect.objectContaining({ customerName: "Summit Dental Group", percentOver: 20 }),
    ]);
    const [alert] = summary.alerts;
    expect(dataOverageMessage(alert?.customerName ?? "", alert?.percentOver ?? 0)).toBe(
      "Summit Dental Group is 20% over data usage. Upgrade recommended.",
    );
    expect(summary.quickActions.map((r) => [r.customer, r.services, r.health])).toEqual([
      ["Northwind Retail", "70 lines · Verizon", "Healthy"],
      ["Harbor Logistics", "60 lines · AT&T", "Healthy"],
      ["Summit Dental Group", "50 lines · T-Mobile", "Needs attention"],
    ]);
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
    });
  });
});

describe("scheduling a check-in", () => {
  it("reminds the agent through a notification", async () => {
    const summary = await getDashboardSummary(demo);
    const harbor = summary.quickActions.find((r) => r.customer === "Harbor Logistics");
    const message = await scheduleCheckIn(at(demo, new Date(2026, 10, 21)), {
      customerId: harbor?.customerId ?? "",
    });
    expect(message).toBe("Check in with Dana Whitfield at Harbor Logistics by Nov 28, 2026.");
    const rows = await rt.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, demoAgentId));
    expect(rows.some((n) => n.title === "Check-in scheduled" && n.message === message)).toBe(true);
  });

  it("refuses a customer of another company", async () => {
    const other = await createCompanyWithAgent(rt, {
      company: "Other Reseller",
      username: "other",
      password: "other-password-1",
    });
    const summary = await getDashboardSummary(demo);
    const customerId = summary.quickActions[0]?.customerId ?? "";
    expect(
      await scheduleCheckIn(await userContextFor(rt, { id: other.userId }), { customerId }),
    ).toBeNull();
  });
});
