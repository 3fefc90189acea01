import { expect, type Page, test } from "@playwright/test";
import { hydrated } from "./support/auth.ts";
import { BILL_ANALYSIS_HREF, CUSTOMER_HREF, DEAL_HREF, firstItemHref } from "./support/pages.ts";
import { resumeSession } from "./support/session.ts";

// The server writes dates in its own time zone (UTC); an agent's browser is in theirs. A date the
// two zones put on different days used to hydrate with one text and show another, and React threw
// (error #418) on the Resource Hub and the assistant. Two zones between them put every hour of the
// day on another date than UTC: UTC+14 from 10:00 UTC on, UTC−11 until 11:00 UTC. The public
// blog too: its pages are one cached copy for every visitor, so the browser writes the dates.
const ZONES = ["Pacific/Kiritimati", "Pacific/Pago_Pago"] as const;

/** The pages that show a stored time, and where to find the item pages among them. */
const PAGES = [
  "/dashboard",
  "/dashboard/resources",
  "/dashboard/agent",
  "/dashboard/quotes",
  "/dashboard/bill-analyzer",
] as const;
const ITEM_PAGES = [
  { list: "/dashboard/deals", pattern: DEAL_HREF },
  { list: "/dashboard/customers", pattern: CUSTOMER_HREF },
  { list: "/dashboard/bill-analyzer", pattern: BILL_ANALYSIS_HREF },
] as const;

/** "Nov 21, 2026" in `zone`, as formatDate writes a date ("November 21, 2026" with long months,
 * as formatLongDate does for a blog post's byline). */
const dayIn = (zone: string, iso: string, month: "short" | "long" = "short") =>
  new Intl.DateTimeFormat("en-US", {
    timeZone: zone,
    month,
    day: "numeric",
    year: "numeric",
  }).format(new Date(iso));

/** Every stored time the page shows, as its text and the instant it stands for. */
const shownTimes = (page: Page) =>
  page
    .locator("main time[datetime]")
    .evaluateAll((times) =>
      times.map((t) => ({ text: t.textContent ?? "", iso: t.getAttribute("datetime") ?? "" })),
    );

for (const zone of ZONES) {
  test.describe(`an agent whose browser is in ${zone}`, () => {
    test.use({ timezoneId: zone });

    test("sees every stored date on their own calendar, with no hydration error", async ({
      page,
    }) => {
      const errors: string[] = [];
      let at = "";
      page.on("pageerror", (error) => errors.push(`${at}: ${error.message}`));
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(`${at}: ${message.text()}`);
      });
      await resumeSession(page);
      // A conversation, so that the assistant's list has a date.
      const asked = await page.request.post("/api/chat/stream", {
        data: { message: "What promotions are running?" },
      });
      expect(asked.status()).toBe(200);

      const paths: string[] = [...PAGES];
      for (const { list, pattern } of ITEM_PAGES) {
        paths.push(await firstItemHref(page, list, pattern));
      }
      let checked = 0;
      for (const path of paths) {
        at = path;
        await page.goto(path);
        await hydrated(page);
        // Once hydrated, each time is written again in the browser's zone.
        await expect
          .poll(async () =>
            (await shownTimes(page))
              .filter(({ text, iso }) => !text.includes(dayIn(zone, iso)))
              .map(({ text, iso }) => `${path}: ${iso} shown as ${text}`),
          )
          .toEqual([]);
        checked += (await shownTimes(page)).length;
      }
      // The pages above hold dates in the demo data: a page that stopped marking them fails here.
      expect(checked).toBeGreaterThanOrEqual(paths.length);
      expect(errors).toEqual([]);
    });

    test("a visitor sees the blog's dates on their own calendar, from the shared page", async ({
      page,
    }) => {
      const errors: string[] = [];
      page.on("pageerror", (error) => errors.push(error.message));
      page.on("console", (message) => {
        if (message.type() === "error") errors.push(message.text());
      });
      // Signed out: the page every visitor gets, kept by the public page cache (decision 0032)
      // and written in the server's zone; the browser writes its own once hydrated.
      const first = await page.goto("/blog");
      expect(first?.headers()["cache-control"]).toContain("public");
      await hydrated(page);
      const wrong = async (month: "short" | "long") =>
        (await shownTimes(page))
          .filter(({ text, iso }) => !text.includes(dayIn(zone, iso, month)))
          .map(({ text, iso }) => `${page.url()}: ${iso} shown as ${text}`);
      await expect.poll(() => wrong("short")).toEqual([]);
      expect((await shownTimes(page)).length).toBeGreaterThanOrEqual(6);

      // A post's page, reached by its link and loaded whole (the cached copy).
      const href = await page.locator("main article a").first().getAttribute("href");
      expect(href).toMatch(/^\/blog\/./);
      await page.goto(href ?? "/blog");
      await hydrated(page);
      await expect.poll(() => wrong("long")).toEqual([]);
      expect((await shownTimes(page)).length).toBe(1);
      expect(errors).toEqual([]);
    });
  });
}
