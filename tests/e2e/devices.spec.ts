import { expect, type Page, test } from "@playwright/test";
import { hydrated } from "./support/auth.ts";
import { resumeSession } from "./support/session.ts";

const bodyRows = (page: Page) => page.locator("tbody tr");
/** A column's cells, once the rows of the last filter or sort have arrived (the chips and the
 * URL change a moment before the rows do). */
const column = async (page: Page, index: number) => {
  await expect(page.locator('[aria-busy="true"]')).toHaveCount(0);
  return bodyRows(page).evaluateAll(
    (rows, i) => rows.map((r) => r.children[i]?.textContent ?? ""),
    index,
  );
};

test.beforeEach(async ({ page }) => {
  await resumeSession(page);
  await page.goto("/dashboard/devices");
  await hydrated(page);
});

test("opens with the page title, the guide, 50 rows sorted by manufacturer, and the count", async ({
  page,
}) => {
  await expect(page).toHaveTitle("Certified Devices - Agent Portal");
  await expect(page.getByText(/Only sell devices certified/)).toBeVisible();
  await expect(bodyRows(page)).toHaveCount(50);
  await expect(page.getByRole("columnheader", { name: /Manufacturer/ })).toHaveAttribute(
    "aria-sort",
    "ascending",
  );
  await expect(page.getByTestId("device-count")).toHaveText(
    /^Showing \d{3,} devices \(1–50 on this page\)$/,
  );
  const docs = page.getByRole("link", { name: "Documentation" });
  await expect(docs).toHaveAttribute("href", "/docs/certified-devices");
  await expect(docs).toHaveAttribute("target", "_blank");
});

test("searching waits for the typing to stop, then filters on the server", async ({ page }) => {
  await page
    .getByPlaceholder("Search by manufacturer, model, technology...")
    .fill("iphone 16 pro max");
  await expect(page).toHaveURL(/q=iphone\+16\+pro\+max/);
  await expect(page.getByTestId("device-count")).toHaveText(
    /^Showing [1-9] devices? matching "iphone 16 pro max"$/,
  );
  for (const model of await column(page, 2))
    expect(model.toLowerCase()).toContain("iphone 16 pro max");
});

test("filters show as chips that can be removed, and Clear Filters resets everything", async ({
  page,
}) => {
  await page.getByLabel("Carrier").selectOption("verizon");
  await page.getByLabel("Device type").selectOption("Router");
  await page.getByLabel("Technology").selectOption("5G NR");
  const chips = page.getByRole("list", { name: "Active filters" });
  await expect(chips.getByRole("listitem")).toHaveText([
    "Carrier: Verizon",
    "Type: Router",
    "Tech: 5G NR",
  ]);
  for (const carrier of await column(page, 0)) expect(carrier).toBe("Verizon");
  for (const type of await column(page, 3)) expect(type).toBe("Router");
  await page.getByRole("button", { name: "Remove filter Type: Router" }).click();
  await expect(chips.getByRole("listitem")).toHaveText(["Carrier: Verizon", "Tech: 5G NR"]);
  await page.getByRole("button", { name: "Clear Filters" }).click();
  await expect(page.getByRole("list", { name: "Active filters" })).toHaveCount(0);
  await expect(page).toHaveURL(/\/dashboard\/devices$/);
});

test("a column sorts ascending, then flips; another column sorts ascending again", async ({
  page,
}) => {
  const model = page.getByRole("columnheader", { name: /Model/ });
  await model.getByRole("button").click();
  await expect(model).toHaveAttribute("aria-sort", "ascending");
  await model.getByRole("button").click();
  await expect(model).toHaveAttribute("aria-sort", "descending");
  await page
    .getByRole("columnheader", { name: /Operating System/ })
    .getByRole("button")
    .click();
  await expect(page.getByRole("columnheader", { name: /Operating System/ })).toHaveAttribute(
    "aria-sort",
    "ascending",
  );
  await expect(model).toHaveAttribute("aria-sort", "none");
});

test("empty cells show '-', and no match says so", async ({ page }) => {
  await page.getByLabel("Device type").selectOption("Sensor");
  await expect(page).toHaveURL(/type=Sensor/);
  const cells = await page.locator("tbody td").allTextContents();
  expect(cells.length).toBeGreaterThan(0);
  expect(cells.every((value) => value.trim() !== "")).toBe(true);
  // Sensors often have no operating system or 5G bands: those cells read "-".
  expect(cells).toContain("-");
  await page
    .getByPlaceholder("Search by manufacturer, model, technology...")
    .fill("qqqq no such device");
  await expect(page.getByText("No devices found")).toBeVisible();
  await expect(page.getByText("Try adjusting your search or filters")).toBeVisible();
});

test("pages move forward and back with real links", async ({ page }) => {
  const firstRow = await bodyRows(page).first().textContent();
  await page.getByRole("navigation", { name: "Pages" }).getByRole("link", { name: "Next" }).click();
  await expect(page).toHaveURL(/page=2/);
  await expect(page.getByText(/^Page 2 of/)).toBeVisible();
  expect(await bodyRows(page).first().textContent()).not.toBe(firstRow);
});

test("Export CSV downloads certified-devices.csv for the current filters", async ({ page }) => {
  await page.getByLabel("Carrier").selectOption("att");
  await expect(page).toHaveURL(/carrier=att/);
  // The link follows the filters once React has drawn them, a moment after the URL changes.
  const exportLink = page.getByRole("link", { name: "Export CSV" });
  await expect(exportLink).toHaveAttribute("href", /carrier=att/);
  const download = page.waitForEvent("download");
  await exportLink.click();
  const file = await download;
  expect(file.suggestedFilename()).toBe("certified-devices.csv");
  const text = await (await file.createReadStream()).toArray();
  const csv = Buffer.concat(text).toString("utf8");
  expect(
    csv.startsWith(
      '"Carrier","Manufacturer","Model","Device Type","Device Sub","Operating System","Network","Bands","5G Bands"\r\n',
    ),
  ).toBe(true);
  expect(
    csv
      .split("\r\n")
      .slice(1, -1)
      .every((line) => line.startsWith('"att",')),
  ).toBe(true);
});

test("the documentation opens in a new tab", async ({ page, context }) => {
  const opened = context.waitForEvent("page");
  await page.getByRole("link", { name: "Documentation" }).click();
  const guide = await opened;
  await expect(guide.getByRole("heading", { name: "Certified devices", level: 1 })).toBeVisible();
  await expect(guide.getByRole("heading", { name: "What the columns mean" })).toBeVisible();
});

test("the search takes 100 characters, and says what it searched for", async ({ page }) => {
  const search = page.getByRole("searchbox", { name: "Search devices" });
  await expect(search).toHaveAttribute("maxlength", "100");
  await search.pressSequentially(`galaxy ${"x".repeat(100)}`, { delay: 0 });
  await expect(search).toHaveValue(`galaxy ${"x".repeat(93)}`);
  await expect(page.getByTestId("device-count")).toHaveText(
    `Showing 0 devices matching "galaxy ${"x".repeat(93)}"`,
  );
  await expect(page.getByText("No devices found")).toBeVisible();
});

test("a longer search in the address shows in the box as searched: its first 100 characters", async ({
  page,
}) => {
  const typed = `galaxy ${"x".repeat(150)}`;
  const searched = typed.slice(0, 100);
  await page.goto(`/dashboard/devices?q=${encodeURIComponent(typed)}`);
  await hydrated(page);
  const search = page.getByRole("searchbox", { name: "Search devices" });
  await expect(search).toHaveValue(searched);
  await expect(page.getByTestId("device-count")).toHaveText(
    `Showing 0 devices matching "${searched}"`,
  );
  // Typing more into the box searches what the box then shows.
  await search.press("End");
  await search.press("Backspace");
  await expect(page).toHaveURL(new RegExp(`q=${searched.slice(0, -1).replaceAll(" ", "\\+")}$`));
  await expect(search).toHaveValue(searched.slice(0, -1));
});
