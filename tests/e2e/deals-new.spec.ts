import { expect, type Page, test } from "@playwright/test";
import { hydrated } from "./support/auth.ts";
import { holdScripts } from "./support/held-scripts.ts";
import { openPalette } from "./support/palette.ts";
import { resumeSession } from "./support/session.ts";
import { withOwnAgent } from "./support/users.ts";

// New Deal and the deal page, as an agent of their own so the demo agent's figures stay put.
const AGENT = { username: "newdeal_agent", name: "Nia Deal", password: "newdeal-password-1" };

test.describe.configure({ mode: "serial" });

withOwnAgent(AGENT);

async function openForm(page: Page) {
  await resumeSession(page, AGENT);
  await page.goto("/dashboard/deals/new");
  await hydrated(page);
}

const section = (page: Page, name: string) => page.getByRole("region", { name });

test("checks the form in the browser and names each problem", async ({ page }) => {
  await openForm(page);
  await expect(page.getByLabel("Probability (%)")).toHaveValue("20");
  await expect(page.getByLabel("Status")).toHaveValue("lead");
  await expect(page.getByLabel("Stage")).toHaveValue("discovery");
  await expect(page.getByLabel("Carrier")).toHaveValue("ATT");
  await expect(page.getByLabel("Hardware source")).toHaveValue("carrier");
  await page.getByLabel("Probability (%)").fill("120");
  await page.getByRole("button", { name: "Create Deal" }).click();
  await expect(page.getByText("Company name is required")).toBeVisible();
  await expect(page.getByText("Contact name is required")).toBeVisible();
  await expect(page.getByText("Deal title is required")).toBeVisible();
  await expect(page.getByText("Probability must be a whole number from 0 to 100")).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Company name" })).toBeFocused();
  await expect(page).toHaveURL(/\/dashboard\/deals\/new$/);
});

test("checks the form before sending even when its check is still loading", async ({ page }) => {
  await openForm(page);
  // The shared schema loads on the form's first use (decision 0036): hold it back, then send.
  const { release, posts } = await holdScripts(page);
  await page.getByRole("button", { name: "Create Deal" }).click();
  await expect(page.getByText("Deal title is required")).toHaveCount(0);
  release();
  await expect(page.getByText("Deal title is required")).toBeVisible();
  await expect(page.getByRole("combobox", { name: "Company name" })).toBeFocused();
  await expect(page).toHaveURL(/\/dashboard\/deals\/new$/);
  expect(posts).toEqual([]);
});

test("prices from the carrier's plans as the agent types, and creates the deal with a new customer", async ({
  page,
}) => {
  await openForm(page);
  await page.getByRole("combobox", { name: "Company name" }).fill("Quayside Bakery");
  await page.getByLabel("Contact name").fill("Rosa Quay");
  await page.getByLabel("Company website").fill("quayside.example");
  await page.getByLabel("Deal title").fill("Quayside delivery phones");
  await page.getByLabel("Carrier").selectOption("VERIZON");
  const plan = page.getByLabel("Rate plan (Verizon)");
  await expect(plan.locator("option")).not.toHaveCount(1);
  const firstPlan = plan.locator("option").nth(1);
  const label = (await firstPlan.textContent()) ?? "";
  await plan.selectOption({ index: 1 });
  const price = /\$([\d,.]+)\/line/.exec(label)?.[1]?.replace(",", "") ?? "";
  await expect(page.getByLabel("Monthly rate per line ($)")).toHaveValue(price);
  // Another carrier drops the plan, and the price it filled in with it; a rate the agent typed
  // stays.
  await page.getByLabel("Carrier").selectOption("TMOBILE");
  await expect(page.getByLabel("Rate plan (T-Mobile)")).toHaveValue("");
  await expect(page.getByLabel("Monthly rate per line ($)")).toHaveValue("");
  await page.getByLabel("Monthly rate per line ($)").fill("41.50");
  await page.getByLabel("Carrier").selectOption("VERIZON");
  await expect(page.getByLabel("Monthly rate per line ($)")).toHaveValue("41.50");
  await plan.selectOption({ index: 1 });
  await expect(page.getByLabel("Monthly rate per line ($)")).toHaveValue(price);
  // The plan's price replaced the agent's own rate: said, and undone with one click.
  await page.getByRole("button", { name: "Restore $41.50" }).click();
  await expect(page.getByLabel("Monthly rate per line ($)")).toHaveValue("41.50");
  await expect(page.getByText("Set to the plan's price.")).toHaveCount(0);
  await plan.selectOption({ index: 0 });
  await plan.selectOption({ index: 1 });
  await expect(page.getByLabel("Monthly rate per line ($)")).toHaveValue(price);

  await page.getByLabel("Voice lines").fill("8");
  await page.getByLabel("Mobile internet lines").fill("2");
  await page.getByLabel("Contract term (months)").fill("36");
  const figures = section(page, "Rate Plan Details (Optional)");
  const monthly = Math.round(Number(price) * 100) * 10;
  const usd = (cents: number) =>
    new Intl.NumberFormat("en-US", { style: "currency", currency: "USD" }).format(cents / 100);
  await expect(figures.getByText("Total lines").locator("..")).toContainText("10");
  await expect(figures.getByText("Monthly revenue").locator("..")).toContainText(usd(monthly));
  await expect(figures.getByText("Deal value").locator("..")).toContainText(usd(monthly * 36));

  await page.getByRole("button", { name: "Create Deal" }).click();
  await expect(page).toHaveURL(/\/dashboard\/deals$/);
  const lead = page.getByTestId("deal-column-lead");
  const card = lead.getByTestId("deal-card").filter({ hasText: "Quayside delivery phones" });
  await expect(card).toContainText("Quayside Bakery");
  await expect(card).toContainText(usd(monthly * 36).replace(/\.00$/, ""));

  // The deal page keeps every field, and its timeline says who created it.
  await card.click();
  await expect(page.getByRole("heading", { name: "Quayside delivery phones" })).toBeVisible();
  await expect(page.getByLabel("Contract term (months)")).toHaveValue("36");
  await expect(page.getByText(`${AGENT.username} created the deal`)).toBeVisible();
  // A note keeps its lines; Ctrl+Enter adds it, as the button does.
  await page.getByLabel("Add a note").fill("Wants delivery before the holidays\nCall Tuesdays");
  await page.getByLabel("Add a note").press("Control+Enter");
  const note = page.getByText(/^Wants delivery before the holidays\s+Call Tuesdays$/);
  await expect(note).toBeVisible();
  expect(await note.evaluate((el) => el.textContent)).toBe(
    "Wants delivery before the holidays\nCall Tuesdays",
  );
  await expect(page.getByLabel("Add a note")).toHaveValue("");

  // Closed Lost needs its reason, and counts as 0% whatever the estimate was.
  await page.getByLabel("Status").selectOption("closed_lost");
  await expect(page.getByLabel("Probability (%)", { exact: true })).toHaveValue("0");
  await expect(page.getByLabel("Probability (%)", { exact: true })).toBeDisabled();
  await expect(page.getByText("A lost deal counts as 0%.")).toBeVisible();
  await expect(page.getByLabel("Probability (%) *")).toBeHidden();
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Say why the deal was lost")).toBeVisible();
  await page.getByLabel("Why was it lost?").fill("Budget frozen until spring");
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Deal saved")).toBeVisible();
  await expect(
    page.getByText(
      `${AGENT.username} moved the deal from Lead to Closed Lost: Budget frozen until spring`,
    ),
  ).toBeVisible();
});

test("picks one of the company's customers by typing its name", async ({ page }) => {
  await openForm(page);
  const company = page.getByRole("combobox", { name: "Company name" });
  await company.fill("Harb");
  const option = page.getByRole("option", { name: /Harbor Logistics/ });
  await expect(option).toBeVisible();
  await company.press("ArrowDown");
  await company.press("Enter");
  await expect(company).toHaveValue("Harbor Logistics");
  await expect(page.getByLabel("Contact name")).toHaveValue("Dana Whitfield");
  await page.getByLabel("Deal title").fill("Harbor renewal");
  await page.getByRole("button", { name: "Create Deal" }).click();
  await expect(page).toHaveURL(/\/dashboard\/deals$/);
  await expect(
    page
      .getByTestId("deal-column-lead")
      .getByTestId("deal-card")
      .filter({ hasText: "Harbor renewal" }),
  ).toContainText("Harbor Logistics");
});

test("a company typed in full and not picked goes to the customer already there", async ({
  page,
}) => {
  await openForm(page);
  const company = page.getByRole("combobox", { name: "Company name" });
  await company.fill("Northwind Retail");
  await expect(page.getByRole("option", { name: /Northwind Retail/ })).toBeVisible();
  // Esc closes the suggestions: the agent never picks the customer, only types their names.
  await company.press("Escape");
  await expect(page.getByRole("option", { name: /Northwind Retail/ })).toHaveCount(0);
  await page.getByLabel("Contact name").fill("Tom Becker");
  await page.getByLabel("Deal title").fill("Northwind extra tablets");
  await page.getByRole("button", { name: "Create Deal" }).click();
  await expect(page).toHaveURL(/\/dashboard\/deals\?addedTo=/);
  await expect(page.getByRole("status").filter({ hasText: "Deal created for" })).toHaveText(
    "Deal created for Tom Becker (Northwind Retail), who was already your customer. Open Tom Becker",
  );
  await page.getByRole("link", { name: "Open Tom Becker" }).click();
  await expect(page.getByRole("heading", { level: 2, name: "Northwind Retail" })).toBeVisible();
  await expect(page.getByRole("link", { name: /Northwind extra tablets/ }).first()).toBeVisible();
  // One Tom Becker at Northwind Retail, not a copy beside him.
  await page.goto("/dashboard/customers?q=northwind");
  await expect(page.getByRole("heading", { level: 3, name: "Tom Becker" })).toHaveCount(1);
});

test("the command palette finds the company's deals and customers", async ({ page }) => {
  await resumeSession(page, AGENT);
  await page.goto("/dashboard");
  const palette = await openPalette(page);
  const box = palette.getByRole("combobox", { name: "Search tools, pages, customers and deals" });
  await box.fill("harbor");
  const deals = palette.getByRole("group", { name: "Deals" });
  await expect(
    deals.getByRole("option", { name: /Harbor Logistics driver fleet refresh/ }),
  ).toBeVisible();
  await expect(
    palette
      .getByRole("group", { name: "Customers" })
      .getByRole("option", { name: /Harbor Logistics/ }),
  ).toBeVisible();
  await deals.getByRole("option", { name: /Harbor Logistics driver fleet refresh/ }).click();
  await expect(
    page.getByRole("heading", { name: "Harbor Logistics driver fleet refresh" }),
  ).toBeVisible();
});
