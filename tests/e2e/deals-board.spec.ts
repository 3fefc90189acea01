import { readFile } from "node:fs/promises";
import { expect, type Locator, type Page, test } from "@playwright/test";
import ExcelJS from "exceljs";
import { hydrated } from "./support/auth.ts";
import { resumeSession } from "./support/session.ts";

// The deals board in a real browser: moves by mouse and keyboard that wait for the server, a
// failed save, the export, and the view in the URL. The demo agent's own deals ("Only mine", so
// deals other browser tests add to the demo company do not count): Lead holds two ($23,520),
// Qualified two ($85,440).

const MOVED = "Bluewater Marine dockside hotspots";

const column = (page: Page, status: string) => page.getByTestId(`deal-column-${status}`);
const card = (scope: Page | Locator, title: string) =>
  scope.getByTestId("deal-card").filter({ hasText: title });

async function figures(page: Page, status: string) {
  const col = column(page, status);
  const text = async (id: string) =>
    ((await col.getByTestId(id).textContent()) ?? "").replace(/\s+/g, " ").trim();
  return { count: await text("column-count"), value: await text("column-value") };
}

/** Puts the moved deal back in Lead, so the demo board is as other tests expect it. */
async function putBack(page: Page) {
  const id = await card(page, MOVED).first().getAttribute("data-deal-id");
  if (!id) return;
  const res = await page.request.post(`/api/deals/${id}/move`, { data: { status: "lead" } });
  expect(res.ok()).toBe(true);
}

test.describe.configure({ mode: "serial" });

test.beforeEach(async ({ page }) => {
  await resumeSession(page);
  await page.goto("/dashboard/deals?mine=1");
  await hydrated(page);
});

test("beside the sidebar at 1280 px, no date on a card breaks inside itself", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  const lines = await page
    .getByTestId("deal-card")
    .locator("dd")
    .evaluateAll((values) =>
      values.map((dd) => ({
        text: dd.textContent ?? "",
        lines: Math.round(
          dd.getBoundingClientRect().height / Number.parseFloat(getComputedStyle(dd).lineHeight),
        ),
      })),
    );
  expect(lines.length).toBeGreaterThan(10);
  expect(lines.filter((l) => l.lines !== 1)).toEqual([]);
});

test("shows the five columns with their totals, and cards that open the deal", async ({ page }) => {
  await expect(page).toHaveTitle("Deals - Agent Portal");
  for (const name of ["Lead", "Qualified", "Proposal", "Negotiation", "Won"]) {
    await expect(page.getByRole("heading", { name, exact: true })).toBeVisible();
  }
  expect(await figures(page, "lead")).toEqual({ count: "2 deals", value: "$23,520" });
  const moved = card(column(page, "lead"), MOVED);
  await expect(moved).toContainText("$4,800");
  await expect(moved).toContainText("20%");
  await expect(moved).toContainText("Bluewater Marine Services");
  // A company name clamped to the column's width reads whole on hover.
  await expect(moved.getByText("Bluewater Marine Services")).toHaveAttribute(
    "title",
    "Bluewater Marine Services",
  );
  // Won deals read 100% whatever their estimate was.
  for (const probability of await column(page, "closed_won")
    .locator(".deal-card-probability")
    .allInnerTexts()) {
    expect(probability).toBe("100%");
  }
  await expect(moved).toHaveAttribute("href", /^\/dashboard\/deals\/[0-9a-f-]{36}$/);
  // A swipe over a card still scrolls the board (a long press lifts it), and it shows the
  // keyboard's focus: the card's own classes reached the stylesheet.
  await expect(moved).toHaveCSS("touch-action", "manipulation");
  await expect(moved).toHaveCSS("user-select", "none");
  await expect(page.getByRole("link", { name: "New Deal" })).toHaveAttribute(
    "href",
    "/dashboard/deals/new",
  );
});

test("drags a card with the mouse to Qualified; both columns' totals change", async ({ page }) => {
  const before = await figures(page, "qualified");
  expect(before).toEqual({ count: "2 deals", value: "$85,440" });
  const source = card(column(page, "lead"), MOVED);
  const target = column(page, "qualified");
  const from = await source.boundingBox();
  const to = await target.boundingBox();
  if (!from || !to) throw new Error("no boxes");
  await page.mouse.move(from.x + from.width / 2, from.y + from.height / 2);
  await page.mouse.down();
  await page.mouse.move(from.x + from.width / 2 + 20, from.y + from.height / 2, { steps: 5 });
  await page.mouse.move(to.x + to.width / 2, to.y + 120, { steps: 10 });
  await page.mouse.up();
  await expect(card(column(page, "qualified"), MOVED)).toBeVisible();
  await expect(card(column(page, "lead"), MOVED)).toHaveCount(0);
  expect(await figures(page, "lead")).toEqual({ count: "1 deal", value: "$18,720" });
  expect(await figures(page, "qualified")).toEqual({ count: "3 deals", value: "$90,240" });
  // The page did not follow the card's link.
  await expect(page).toHaveURL(/\/dashboard\/deals\?mine=1$/);
  await putBack(page);
});

test("moves a card with the keyboard: Space, arrow, Space; Escape cancels", async ({ page }) => {
  const source = card(column(page, "lead"), MOVED);
  await source.focus();
  await page.keyboard.press("Space");
  await page.keyboard.press("ArrowRight");
  await page.keyboard.press("Escape");
  await expect(card(column(page, "lead"), MOVED)).toBeVisible();
  await expect(page.getByRole("status").filter({ hasText: "was cancelled" })).toBeAttached();

  await source.focus();
  await page.keyboard.press("Space");
  // The lifted card is announced at once as over its own column.
  await expect(page.getByText(`Deal ${MOVED} is over the Lead column.`)).toBeAttached();
  await page.keyboard.press("ArrowRight");
  await expect(page.getByText(`Deal ${MOVED} is over the Qualified column.`)).toBeAttached();
  await page.keyboard.press("Space");
  await expect(card(column(page, "qualified"), MOVED)).toBeVisible();
  expect(await figures(page, "lead")).toEqual({ count: "1 deal", value: "$18,720" });
  expect(await figures(page, "qualified")).toEqual({ count: "3 deals", value: "$90,240" });
  await expect(page.getByText(`Deal ${MOVED} moved to Qualified.`)).toBeAttached();
  // The card is drawn anew in its new column; the keyboard user is still on it.
  await expect(card(column(page, "qualified"), MOVED)).toBeFocused();
  await putBack(page);
});

test("at 390 px a card Tabbed to in the next column scrolls into view", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await column(page, "lead").getByTestId("deal-card").last().focus();
  await page.keyboard.press("Tab");
  const next = column(page, "qualified").getByTestId("deal-card").first();
  await expect(next).toBeFocused();
  await expect(async () => {
    const box = await next.boundingBox();
    expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(390);
  }).toPass({ timeout: 3_000 });
});

test.describe("on a touch screen", () => {
  test.use({ hasTouch: true });

  test("a long press lifts a card; dragging it to Qualified moves it", async ({ page }) => {
    // Real touch events through the browser's input pipeline (Playwright only taps).
    const cdp = await page.context().newCDPSession(page);
    const touch = (type: "touchStart" | "touchMove" | "touchEnd", x: number, y: number) =>
      cdp.send("Input.dispatchTouchEvent", {
        type,
        touchPoints: type === "touchEnd" ? [] : [{ x, y }],
      });
    const source = card(column(page, "lead"), MOVED);
    const from = await source.boundingBox();
    const to = await column(page, "qualified").boundingBox();
    if (!from || !to) throw new Error("no boxes");
    const [x, y] = [from.x + from.width / 2, from.y + from.height / 2];
    await touch("touchStart", x, y);
    // The sensor waits 250 ms before it lifts (a quick swipe scrolls instead).
    await page.waitForTimeout(400);
    const [toX, toY] = [to.x + to.width / 2, to.y + 120];
    for (let step = 1; step <= 10; step++) {
      await touch("touchMove", x + ((toX - x) * step) / 10, y + ((toY - y) * step) / 10);
    }
    await touch("touchEnd", toX, toY);
    await expect(card(column(page, "qualified"), MOVED)).toBeVisible();
    await expect(card(column(page, "lead"), MOVED)).toHaveCount(0);
    expect(await figures(page, "qualified")).toEqual({ count: "3 deals", value: "$90,240" });
    await expect(page).toHaveURL(/\/dashboard\/deals\?mine=1$/);
    await putBack(page);
  });
});

test("a failed save keeps the card where it was and says why", async ({ page }) => {
  await page.route("**/api/deals/*/move*", (route) =>
    route.fulfill({ status: 503, json: { error: "The database is not answering." } }),
  );
  await card(column(page, "lead"), MOVED).focus();
  await page.keyboard.press("Space");
  await expect(page.getByText(`Deal ${MOVED} is over the Lead column.`)).toBeAttached();
  await page.keyboard.press("ArrowRight");
  // A drop before the board has seen the card over Qualified leaves it in Lead and sends nothing,
  // so the keys wait for the announcements, as in the keyboard test above.
  await expect(page.getByText(`Deal ${MOVED} is over the Qualified column.`)).toBeAttached();
  await page.keyboard.press("Space");
  await expect(page.getByText("Failed to move the deal", { exact: true })).toBeVisible();
  await expect(page.getByText("The database is not answering.", { exact: true })).toBeVisible();
  await expect(card(column(page, "lead"), MOVED)).toBeVisible();
  await expect(card(column(page, "qualified"), MOVED)).toHaveCount(0);
  expect(await figures(page, "lead")).toEqual({ count: "2 deals", value: "$23,520" });
});

test("exports the board's view as a workbook with the 13 columns", async ({ page }) => {
  await page.getByPlaceholder("Search deals...").fill("harbor");
  await expect(page).toHaveURL(/q=harbor/);
  // The link follows the view once the board's data for the search has arrived.
  await expect(page.getByRole("link", { name: "Export" })).toHaveAttribute("href", /q=harbor/);
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export" }).click();
  const file = await download;
  expect(file.suggestedFilename()).toMatch(/^deals_export_\d{4}-\d{2}-\d{2}\.xlsx$/);
  const path = await file.path();
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(new Uint8Array(await readFile(path)).buffer);
  const sheet = workbook.worksheets[0];
  const header = sheet?.getRow(1).values;
  expect(Array.isArray(header) ? header.slice(1) : []).toEqual([
    "Deal Title",
    "Customer",
    "Status",
    "Value",
    "Close Date",
    "Probability",
    "Carrier",
    "Product Type",
    "Monthly Revenue",
    "One Time Revenue",
    "Total Revenue",
    "Assigned To",
    "Created At",
  ]);
  const customers: string[] = [];
  sheet?.eachRow((row, n) => {
    if (n > 1) customers.push(String(row.getCell(2).value));
  });
  expect(customers.length).toBeGreaterThan(0);
  for (const customer of customers) expect(customer).toContain("Harbor");
});

test("search, status filter and sort live in the URL and change the cards", async ({ page }) => {
  await page.getByPlaceholder("Search deals...").fill("harbor");
  await expect(page).toHaveURL(/q=harbor/);
  // The URL may change before the searched board is drawn: wait for the cards themselves.
  await expect(page.getByTestId("deal-card").first()).toBeVisible();
  await expect(page.getByTestId("deal-card").filter({ hasNotText: "Harbor" })).toHaveCount(0);
  await page.getByPlaceholder("Search deals...").fill("");
  await expect(page).not.toHaveURL(/q=/);

  await page.getByLabel("Status").selectOption("proposal");
  await expect(page).toHaveURL(/status=proposal/);
  await expect(column(page, "lead")).toHaveCount(0);
  await expect(column(page, "proposal")).toBeVisible();
  await page.getByLabel("Status").selectOption("all");

  await page.getByLabel("Sort by").selectOption("value");
  await expect(page).toHaveURL(/sort=value/);
  await expect(column(page, "lead")).toBeVisible();
  const wonValues = async () =>
    (await column(page, "closed_won").getByTestId("deal-card").allInnerTexts()).map((text) =>
      Number(/\$([\d,]+)/.exec(text)?.[1]?.replaceAll(",", "")),
    );
  await expect.poll(async () => (await wonValues())[0]).toBe(109_200);
  const values = await wonValues();
  expect(values).toEqual([...values].sort((a, b) => b - a));

  // The view survives a reload.
  await page.reload();
  await hydrated(page);
  await expect(page.getByLabel("Sort by")).toHaveValue("value");
});
