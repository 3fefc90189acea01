import { expect, test } from "@playwright/test";
import { ACTIVITY_GROUP_LABELS } from "#app/lib/schemas/reports.ts";
import { DEMO_ADMIN, hydrated } from "./support/auth.ts";
import { resumeSession } from "./support/session.ts";

// The Reports screen (issue 18): the period in the URL, a chart per figure on each card, and
// each card's Export downloading its file, or telling the agent when it fails.

const REPORTS = [
  ["Deals Report", "deals"],
  ["Customer Report", "customer"],
  ["Activity Report", "activity"],
  ["Performance Report", "performance"],
] as const;

test.beforeEach(async ({ page }) => {
  await resumeSession(page, DEMO_ADMIN);
  await page.goto("/dashboard/reports");
  await hydrated(page);
});

test("four report cards, each with its charts", async ({ page }) => {
  const charts: Record<string, string[]> = {
    "Deals Report": ["Pipeline value by stage", "Won monthly revenue by month"],
    "Customer Report": ["New customers by month", "New customers by industry"],
    "Activity Report": ["Activity per agent", "Activity by type"],
    "Performance Report": ["Won MRR per agent", "Deals by carrier"],
  };
  for (const [title] of REPORTS) {
    const card = page.getByRole("region", { name: title });
    await expect(card).toBeVisible();
    for (const chart of charts[title] ?? []) {
      await expect(card.getByRole("figure", { name: chart })).toBeVisible();
    }
  }
  // What kinds of work the activity was, as a table for the keyboard and screen reader too.
  const byType = page.getByRole("figure", { name: "Activity by type" });
  await byType.getByRole("button", { name: "Show as table" }).click();
  const rows = byType.getByRole("row");
  for (const [, kind] of ACTIVITY_GROUP_LABELS) {
    await expect(rows.filter({ hasText: kind })).toHaveCount(1);
  }
  await page.getByRole("searchbox", { name: "Search reports" }).fill("perf");
  await expect(page).toHaveURL(/q=perf/);
  await expect(page.getByRole("region", { name: "Performance Report" })).toBeVisible();
  await expect(page.getByRole("region", { name: "Deals Report" })).toHaveCount(0);
});

test("the period selector keeps the period in the URL and refuses a backwards range", async ({
  page,
}) => {
  // All Time when the URL names no period.
  await expect(page.getByText("All Time: up to", { exact: false })).toBeVisible();
  await page.getByLabel("Period").selectOption({ label: "Last 30 Days" });
  await expect(page).toHaveURL(/period=30/);
  await expect(page.getByText("Last 30 Days:", { exact: false })).toBeVisible();
  await page.getByLabel("Period").selectOption({ label: "Last 90 Days" });
  await expect(page).toHaveURL(/period=90/);
  await expect(page.getByText("Last 90 Days:", { exact: false })).toBeVisible();
  await page.getByLabel("Period").selectOption({ label: "All Time" });
  await expect(page).not.toHaveURL(/period=/);
  await expect(page.getByText("All Time: up to", { exact: false })).toBeVisible();
  await page.getByLabel("Period").selectOption({ label: "Custom Range" });
  await expect(page).toHaveURL(/period=custom/);
  await page.getByLabel("Start date").fill("2026-06-15");
  await page.getByLabel("End date").fill("2026-06-01");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page).toHaveURL(/from=2026-06-15&to=2026-06-01/);
  await expect(
    page.getByText("The end date must be on or after the start date").first(),
  ).toBeVisible();
  await page.getByLabel("End date").fill("2026-06-30");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText("Custom Range: Jun 15, 2026 to Jun 30, 2026")).toBeVisible();
});

test("each Export downloads its report file", async ({ page }) => {
  for (const [title, type] of REPORTS) {
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: `Export ${title}` }).click();
    expect((await download).suggestedFilename()).toMatch(
      new RegExp(`^${type}_report_\\d{4}-\\d{2}-\\d{2}\\.xlsx$`),
    );
  }
});

test("a failed export is shown to the agent", async ({ page }) => {
  await page.route("**/dashboard/reports/deals/export**", (route) =>
    route.fulfill({ status: 500, body: "boom" }),
  );
  await page.getByRole("button", { name: "Export Deals Report" }).click();
  await expect(page.getByText("Deals Report export failed").first()).toBeVisible();
});
