import { type APIRequestContext, expect, test } from "@playwright/test";
import { gzipBytes, pageScriptUrls } from "#tests/support/page-scripts.ts";
import { DEMO_ADMIN } from "./support/auth.ts";
import { resumeSession } from "./support/session.ts";

// The scripts a first visit loads, gzip-compressed, against the budgets of decisions 0015 (public
// pages, 130 KB) and 0034 (portal pages, 160 KB). Sizes of one build, not timings: a schema module
// that pulled zod back into every portal page (about 28 KB) went unseen until this was measured.

const PUBLIC_BUDGET = 130_000;
const PORTAL_BUDGET = 160_000;

const PUBLIC_PAGES = ["/", "/features", "/how-it-works", "/blog", "/login"];
const PORTAL_PAGES = [
  "/dashboard",
  "/dashboard/devices",
  "/dashboard/resources",
  "/dashboard/promos",
  "/dashboard/plans",
  "/dashboard/deals",
  "/dashboard/deals/new",
  "/dashboard/customers",
  "/dashboard/customers/new",
  "/dashboard/quotes",
  "/dashboard/quotes/new",
  "/dashboard/bill-analyzer",
  "/dashboard/reports",
  "/dashboard/agent",
  "/dashboard/account",
];
// An admin's screens; the demo admin is also a platform operator, who sees the waitlist.
const ADMIN_PAGES = [
  "/dashboard/admin/users",
  "/dashboard/admin/company",
  "/dashboard/admin/outbox",
  "/dashboard/admin/waitlist",
];

async function scriptBytes(request: APIRequestContext, path: string): Promise<number> {
  const page = await request.get(path, { maxRedirects: 0 });
  expect(page.status(), path).toBe(200);
  const urls = pageScriptUrls(await page.text());
  expect(urls.length, path).toBeGreaterThan(0);
  let total = 0;
  for (const url of urls) {
    const script = await request.get(url);
    expect(script.status(), url).toBe(200);
    total += gzipBytes(await script.body());
  }
  return total;
}

test("each public page loads at most 130 KB of script", async ({ playwright, baseURL }) => {
  const visitor = await playwright.request.newContext({ baseURL });
  for (const path of PUBLIC_PAGES) {
    expect(await scriptBytes(visitor, path), path).toBeLessThanOrEqual(PUBLIC_BUDGET);
  }
  await visitor.dispose();
});

test("each portal screen loads at most 160 KB of script", async ({ page }) => {
  await resumeSession(page);
  for (const path of PORTAL_PAGES) {
    expect(await scriptBytes(page.request, path), path).toBeLessThanOrEqual(PORTAL_BUDGET);
  }
});

test("each admin screen loads at most 160 KB of script", async ({ page }) => {
  await resumeSession(page, DEMO_ADMIN);
  for (const path of ADMIN_PAGES) {
    expect(await scriptBytes(page.request, path), path).toBeLessThanOrEqual(PORTAL_BUDGET);
  }
});
