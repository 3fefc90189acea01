import { expect, test } from "@playwright/test";
import { DEMO_ADMIN, hydrated } from "./support/auth.ts";
import { expectNoSidewaysScroll } from "./support/layout.ts";
import { ADMIN_PAGES } from "./support/pages.ts";
import { resumeSession } from "./support/session.ts";

// On a 390 px phone no portal screen scrolls sideways as a whole: what is wider than the phone
// (the deals board's columns, a wide table) scrolls inside its own box. The deals board once
// widened its page to 1,642 px through the visually hidden labels of its column counts.

const PHONE = { width: 390, height: 844 };

const AGENT_PAGES = [
  "/dashboard",
  "/dashboard/deals",
  "/dashboard/deals/new",
  "/dashboard/customers",
  "/dashboard/customers/new",
  "/dashboard/quotes/new",
  "/dashboard/bill-analyzer",
  "/dashboard/plans",
  "/dashboard/promos",
  "/dashboard/devices",
  "/dashboard/resources",
  "/dashboard/reports",
  "/dashboard/agent",
  "/dashboard/account",
] as const;

test.describe("a phone, 390 px", () => {
  test.use({ viewport: PHONE });

  test("no agent screen scrolls sideways", async ({ page }) => {
    test.setTimeout(120_000);
    await resumeSession(page);
    for (const path of AGENT_PAGES) {
      await page.goto(path);
      await hydrated(page);
      await expectNoSidewaysScroll(page, `${path}: the page's width`);
    }
    // A deal's own page and a customer's.
    for (const [list, pattern] of [
      ["/dashboard/deals", /^\/dashboard\/deals\/[0-9a-f-]{36}$/],
      ["/dashboard/customers", /^\/dashboard\/customers\/[0-9a-f-]{36}$/],
    ] as const) {
      await page.goto(list);
      const hrefs = await page
        .locator("main a[href]")
        .evaluateAll((links) => links.map((a) => a.getAttribute("href") ?? ""));
      const href = hrefs.find((h) => pattern.test(h));
      if (!href) throw new Error(`no link to one item on ${list}`);
      await page.goto(href);
      await hydrated(page);
      await expectNoSidewaysScroll(page, `${href}: the page's width`);
    }
  });

  test("no admin screen scrolls sideways", async ({ page }) => {
    // A long address in the waitlist and the outbox (its confirmation), as real ones can be.
    const stamp = Date.now();
    const signup = await page.request.post("/api/waitlist", {
      data: {
        name: `Maximilian Alexander Featherstonehaugh-Worthington ${stamp}`,
        email: `maximilian.alexander.featherstonehaugh.phone.${stamp}@very-long-company-domain.example`,
        company: "Featherstonehaugh Telecommunications and Managed Mobility Services Incorporated",
        phone: "(555) 010-1000",
        source: "features_get_started",
      },
    });
    expect(await signup.json()).toEqual({ success: true });
    await resumeSession(page, DEMO_ADMIN);
    for (const path of ADMIN_PAGES) {
      await page.goto(path);
      await hydrated(page);
      await expectNoSidewaysScroll(page, `${path}: the page's width`);
    }
  });
});
