import { expect, type Page, test } from "@playwright/test";
import { DEMO_ADMIN, hydrated } from "./support/auth.ts";
import { expectNoSidewaysScroll } from "./support/layout.ts";
import {
  ADMIN_PAGES,
  BILL_ANALYSIS_HREF,
  CUSTOMER_HREF,
  DEAL_HREF,
  firstItemHref,
  QUOTE_HREF,
} from "./support/pages.ts";
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
      ["/dashboard/deals", DEAL_HREF],
      ["/dashboard/customers", CUSTOMER_HREF],
    ] as const) {
      const href = await firstItemHref(page, list, pattern);
      await page.goto(href);
      await hydrated(page);
      await expectNoSidewaysScroll(page, `${href}: the page's width`);
    }
  });

  test("a quote's totals stay inside their tiles", async ({ page }) => {
    await resumeSession(page);
    await page.goto(await firstItemHref(page, "/dashboard/quotes", QUOTE_HREF));
    await hydrated(page);
    await expectNoSidewaysScroll(page, "the quote page's width");
    const tiles = page.locator("main dl > div");
    expect(await tiles.count()).toBeGreaterThan(0);
    const spilled = await tiles.evaluateAll((all) =>
      all.filter((tile) => tile.scrollWidth > tile.clientWidth).map((tile) => tile.textContent),
    );
    expect(spilled).toEqual([]);
  });

  test("the assistant fills the window: its messages scroll, the page does not", async ({
    page,
  }) => {
    await resumeSession(page);
    await page.goto("/dashboard/agent?new");
    await hydrated(page);
    const pageHeight = () =>
      page.evaluate(() => [document.documentElement.scrollHeight, window.innerHeight]);
    const [scrollHeight, innerHeight] = await pageHeight();
    expect(scrollHeight).toBe(innerHeight);
    // Two long answers are taller than the phone: they scroll inside the chat.
    const answers = page.locator('[data-role="assistant"]');
    const questions = ["Compare unlimited plans for 20 lines", "Which promotions are running?"];
    for (const [i, question] of questions.entries()) {
      await page.getByLabel("Message").fill(question);
      await page.getByRole("button", { name: "Send" }).click();
      await expect(answers).toHaveCount(i + 2, { timeout: 20_000 });
      // The first answer names the new conversation in the address, and the chat starts afresh.
      await expect(page).toHaveURL(/[?&]c=/);
      await expect(page.getByLabel("Message")).toBeEnabled();
    }
    expect(await pageHeight()).toEqual([innerHeight, innerHeight]);
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

  test("Reports: every card's Export sits top right, and a chart's table switch is a finger's size", async ({
    page,
  }) => {
    await resumeSession(page);
    await page.goto("/dashboard/reports");
    await hydrated(page);
    const cards = page.getByRole("main").getByRole("region");
    expect(await cards.count()).toBe(4);
    for (const card of await cards.all()) {
      const title = await card.getByRole("heading", { level: 3 }).textContent();
      const [cardBox, heading, exportBox] = await Promise.all([
        card.boundingBox(),
        card.getByRole("heading", { level: 3 }).boundingBox(),
        card.getByRole("button", { name: /^Export / }).boundingBox(),
      ]);
      if (!cardBox || !heading || !exportBox) throw new Error(`${title}: not drawn`);
      // Level with the title, against the card's right edge (its 20 px padding).
      expect(Math.abs(exportBox.y - heading.y), `${title}: Export beside the title`).toBeLessThan(
        8,
      );
      expect(cardBox.x + cardBox.width - (exportBox.x + exportBox.width)).toBeLessThan(24);
    }
    const switches = page.getByRole("button", { name: "Show as table" });
    expect(await switches.count()).toBeGreaterThan(0);
    for (const box of await switches.evaluateAll((els) =>
      els.map((el) => el.getBoundingClientRect().height),
    )) {
      expect(box).toBeGreaterThanOrEqual(24);
    }
  });
});

// A deal's summary tiles fill whole rows (two, three or six a row), so none stands alone; the
// dates it has follow on one line.
for (const viewport of [PHONE, { width: 1280, height: 900 }]) {
  test.describe(`a deal's page at ${viewport.width} px`, () => {
    test.use({ viewport });

    test("its summary tiles fill whole rows, and its dates follow them", async ({ page }) => {
      await resumeSession(page);
      await page.goto(await firstItemHref(page, "/dashboard/deals", DEAL_HREF));
      await hydrated(page);
      const tiles = page.locator("main dl").first().locator(":scope > div");
      const tops = await tiles.evaluateAll((ts) => ts.map((t) => t.getBoundingClientRect().top));
      const perRow = [...new Set(tops)].map((top) => tops.filter((t) => t === top).length);
      expect(perRow.length).toBeGreaterThan(0);
      expect(new Set(perRow).size, `tiles a row: ${perRow.join(", ")}`).toBe(1);
      await expect(
        page
          .locator("main dl")
          .nth(1)
          .getByText(/^(Close date|Won|Contract ends)$/)
          .first(),
      ).toBeVisible();
    });
  });
}

// A bill analysis' four tabs are wider than a phone: their strip scrolls, and a fade marks the
// side that hides more. Choosing the last tab brings it whole into view.
test.describe("a bill analysis' tabs", () => {
  test("on a phone, a fade marks the hidden tabs, and moves as the strip scrolls", async ({
    page,
  }) => {
    await page.setViewportSize(PHONE);
    await resumeSession(page);
    await page.goto(await firstItemHref(page, "/dashboard/bill-analyzer", BILL_ANALYSIS_HREF));
    await hydrated(page);
    await expect(page.getByTestId("tabs-fade-end")).toBeVisible();
    // A chevron says there is more, where a fade alone read as a cut.
    await expect(page.getByTestId("tabs-fade-end").locator("svg")).toBeVisible();
    await expect(page.getByTestId("tabs-fade-start")).toHaveCount(0);
    const last = page.getByRole("tab", { name: "Compliance & Security" });
    await last.click();
    await expect(last).toHaveAttribute("aria-selected", "true");
    await expect(page.getByTestId("tabs-fade-start")).toBeVisible();
    await expect(page.getByTestId("tabs-fade-end")).toHaveCount(0);
    await expectNoSidewaysScroll(page);

    await page.setViewportSize({ width: 1280, height: 900 });
    await expect(page.getByTestId("tabs-fade-start")).toHaveCount(0);
    await expect(page.getByTestId("tabs-fade-end")).toHaveCount(0);
  });
});
