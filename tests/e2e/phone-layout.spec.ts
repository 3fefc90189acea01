import { expect, type Page, test } from "@playwright/test";
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

/** Each shown text field's font size in px, with a name for the failure message. */
async function fieldFontSizes(page: Page): Promise<{ field: string; px: number }[]> {
  return page
    .locator(
      'main :is(input:not([type="checkbox"], [type="radio"], [type="hidden"], [type="file"]), select, textarea):visible',
    )
    .evaluateAll((fields) =>
      fields.map((f) => ({
        field: f.getAttribute("name") ?? f.getAttribute("id") ?? f.outerHTML.slice(0, 60),
        px: Number.parseFloat(getComputedStyle(f).fontSize),
      })),
    );
}

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

  test("without a touch screen, the small fields keep their 14px text", async ({ page }) => {
    await resumeSession(page);
    await page.goto("/dashboard/devices");
    await hydrated(page);
    // The list toolbar's search and sort are `text-sm`, 16px on a touch screen (below).
    const sizes = await fieldFontSizes(page);
    expect(sizes.length).toBeGreaterThan(0);
    expect(sizes.filter((s) => s.px !== 14)).toEqual([]);
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

// Safari on an iPhone zooms into a field whose text is under 16px as it takes focus. On a touch
// screen every field is 16px, and the larger text widens no screen past the phone.
test.describe("a touch phone, 390 px", () => {
  test.use({ viewport: PHONE, hasTouch: true, isMobile: true });

  test("every field's text is at least 16px, and no screen scrolls sideways", async ({ page }) => {
    test.setTimeout(120_000);
    await resumeSession(page);
    let fieldsSeen = 0;
    for (const path of AGENT_PAGES) {
      await page.goto(path);
      await hydrated(page);
      const sizes = await fieldFontSizes(page);
      fieldsSeen += sizes.length;
      expect(
        sizes.filter((s) => s.px < 16),
        `${path}: fields under 16px`,
      ).toEqual([]);
      await expectNoSidewaysScroll(page, `${path}: the page's width`);
    }
    expect(fieldsSeen).toBeGreaterThan(20);
  });
});
