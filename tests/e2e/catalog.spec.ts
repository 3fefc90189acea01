import { expect, type Page, test } from "@playwright/test";
import { DEMO_ADMIN, hydrated } from "./support/auth.ts";
import { resumeSession } from "./support/session.ts";

const cards = (page: Page) => page.locator("main article");
const prices = async (page: Page) =>
  (await cards(page).locator("p.text-right > span.text-2xl").allTextContents()).map((t) =>
    Number(t.replace(/[$,]/g, "")),
  );

test.describe("plan comparison", () => {
  test.beforeEach(async ({ page }) => {
    await resumeSession(page);
    await page.goto("/dashboard/plans");
    await hydrated(page);
  });

  test("lists plans by price ascending, with prices to two decimals", async ({ page }) => {
    await expect(page.getByRole("banner").getByRole("heading")).toHaveText("Plan Comparison");
    const list = await prices(page);
    expect(list.length).toBeGreaterThanOrEqual(12);
    expect([...list].sort((a, b) => a - b)).toEqual(list);
    await expect(cards(page).first().locator("p.text-right > span.text-2xl")).toHaveText(
      /^\$\d+\.\d{2}$/,
    );
    await page.getByRole("button", { name: /Sorted ascending/ }).click();
    await expect.poll(async () => (await prices(page))[0]).toBe(Math.max(...list));
  });

  test("filters by carrier, plan type and text, and says when nothing matches", async ({
    page,
  }) => {
    await page.getByLabel("Carrier").selectOption("verizon");
    await expect(page).toHaveURL(/carrier=verizon/);
    await expect(cards(page).locator("span", { hasText: /^(AT&T|T-Mobile)$/ })).toHaveCount(0);
    const types = await page.getByLabel("Plan type").locator("option").allTextContents();
    expect(types[0]).toBe("All Plan Types");
    expect(types.length).toBeGreaterThan(2);
    await page.getByPlaceholder("Search plans...").fill("no plan has this name");
    await expect(page.getByText("No plans found matching your criteria")).toBeVisible();
  });

  test("compares up to three plans side by side", async ({ page }) => {
    const boxes = page.getByRole("checkbox", { name: "Compare" });
    for (let i = 0; i < 3; i++) await boxes.nth(i).check();
    const table = page.getByRole("region", { name: "Plan comparison" });
    await expect(table.getByRole("columnheader")).toHaveCount(3);
    await expect(boxes.nth(3)).toBeDisabled();
    // The ticks show at once; the URL follows when the router's navigation lands. Reloading
    // before that would reload the URL as it was.
    await expect(page).toHaveURL(/compare=[^&]+%2C[^&]+%2C[^&]+/);
    await page.reload();
    await expect(
      page.getByRole("region", { name: "Plan comparison" }).getByRole("columnheader"),
    ).toHaveCount(3);
  });

  test("a shared link to plans no longer in the list leaves every Compare box free", async ({
    page,
  }) => {
    await page.goto("/dashboard/plans?compare=aaa,bbb,ccc");
    await hydrated(page);
    const boxes = page.getByRole("checkbox", { name: "Compare" });
    await expect(
      page.getByText("Tick Compare on up to 3 plans to see them side by side."),
    ).toBeVisible();
    for (const box of await boxes.all()) await expect(box).toBeEnabled();
    await boxes.first().check();
    await expect(
      page.getByRole("region", { name: "Plan comparison" }).getByRole("columnheader"),
    ).toHaveCount(1);
    // The address names the one plan ticked, not the unknown ones.
    await expect(page).toHaveURL(/compare=[^&,%]+$/);
    await expect(page).not.toHaveURL(/aaa|bbb|ccc/);
  });

  test("a plan ticked far down the list leads to the comparison at the top", async ({ page }) => {
    const boxes = page.getByRole("checkbox", { name: "Compare" });
    const last = boxes.last();
    await last.scrollIntoViewIfNeeded();
    await last.check();
    const table = page.getByRole("region", { name: "Plan comparison" });
    await expect(table).not.toBeInViewport();
    await expect(page.getByRole("status").filter({ hasText: "1 of 3 plans chosen" })).toBeVisible();
    await page.getByRole("button", { name: "See side by side" }).click();
    await expect(table).toBeInViewport();
    await expect(table).toBeFocused();
  });

  test("agents do not see the catalog's import or export", async ({ page }) => {
    await expect(page.getByText(/plan list/)).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Import CSV" })).toHaveCount(0);
  });
});

test("a platform operator (the demo admin) imports a plan from CSV and sees row errors otherwise", async ({
  page,
}) => {
  await resumeSession(page, DEMO_ADMIN);
  await page.goto("/dashboard/plans");
  await hydrated(page);
  await page.getByText("Import or export the plan list (platform operator)").click();
  const header = "Carrier,Plan,Plan Type,Price Per Line,Premium Data,Hotspot,Video Streaming";
  await page.getByLabel("CSV file").setInputFiles({
    name: "bad.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(`${header}\nsprint,Nope,BU,10,,,\n`),
  });
  await page.getByRole("button", { name: "Import CSV" }).click();
  await expect(page.getByRole("alert")).toContainText(
    "Line 2: Carrier must be att, verizon or tmobile",
  );
  await page.getByLabel("CSV file").setInputFiles({
    name: "good.csv",
    mimeType: "text/csv",
    buffer: Buffer.from(`${header}\ntmobile,E2E Imported Plan,Business Unlimited,1.23,,,\n`),
  });
  await page.getByRole("button", { name: "Import CSV" }).click();
  await expect(page.getByRole("status")).toHaveText("Imported 1 plans.");
  await expect(page.getByRole("article", { name: "T-Mobile E2E Imported Plan" })).toContainText(
    "$1.23",
  );
  const download = page.waitForEvent("download");
  await page.getByRole("link", { name: "Export CSV" }).click();
  expect((await download).suggestedFilename()).toBe("rate-plans.csv");
});

test("promotions filter by carrier and device, say what is filtered, and say when none match", async ({
  page,
}) => {
  await resumeSession(page);
  await page.goto("/dashboard/promos");
  await hydrated(page);
  await expect(cards(page)).toHaveCount(3);
  await expect(page.getByText(/^Filtered by:/)).toHaveCount(0);
  for (const promo of await cards(page).all()) {
    await expect(promo.getByRole("heading", { name: "Requirements" })).toBeVisible();
    await expect(promo.getByText(/^Ends [A-Z][a-z]{2} \d{1,2}, \d{4}$/)).toBeVisible();
  }
  await page.getByLabel("Carrier").selectOption("att");
  await expect(page.getByText("Filtered by: AT&T")).toBeVisible();
  await expect(cards(page)).toHaveCount(1);
  await page.getByLabel("Device").selectOption("laptops");
  await expect(page.getByText("Filtered by: AT&T, Laptops")).toBeVisible();
  await expect(page.getByText("No promotions found for the selected filters")).toBeVisible();
  await page.getByRole("link", { name: "Back to Dashboard" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("resources filter and sort, and open their file in a new tab, counting the download", async ({
  page,
  context,
}) => {
  await resumeSession(page);
  await page.goto("/dashboard/resources");
  await hydrated(page);
  await expect(cards(page)).toHaveCount(5);
  await page.getByLabel("Sort").selectOption("downloads");
  // React Router commits the URL once the new list has loaded.
  await expect(page).toHaveURL(/sort=downloads/);
  // The URL changes a moment before React draws the new order: wait for the order itself.
  const counts = async () =>
    (
      await cards(page)
        .getByText(/downloads$/)
        .allTextContents()
    ).map((t) => Number(t.replace(/\D/g, "")));
  await expect
    .poll(async () => {
      const shown = await counts();
      return [...shown].sort((a, b) => b - a).join() === shown.join() ? "most first" : shown;
    })
    .toBe("most first");

  const first = cards(page).first();
  const before = Number((await first.getByText(/downloads$/).textContent())?.replace(/\D/g, ""));
  const link = first.getByRole("link", { name: /opens in a new tab/ });
  await expect(link).toHaveAttribute("target", "_blank");
  await expect(link).toHaveText(/^(PDF|Excel|PowerPoint)$/);
  const response = await context.request.get((await link.getAttribute("href")) ?? "");
  expect(response.status()).toBe(200);
  await page.reload();
  await expect(
    cards(page)
      .first()
      .getByText(/downloads$/),
  ).toHaveText(`${(before + 1).toLocaleString("en-US")} downloads`);

  await page.getByPlaceholder("Search resources...").fill("zzzz no such resource");
  await expect(page.getByText("No resources found matching your criteria")).toBeVisible();
});
