import { execFileSync } from "node:child_process";
import { expect, type Page, test } from "@playwright/test";
import { hydrated } from "./support/auth.ts";
import { seriousViolations, THEMES, useTheme } from "./support/axe.ts";
import { readOutbox } from "./support/outbox.ts";
import { resumeSession } from "./support/session.ts";
import { withOwnAgent } from "./support/users.ts";

// Saved quotes (issue 15): Save Quote lands on the list, the quote page opens, an option is
// chosen and the quote becomes a deal with its figures; an option is edited and re-priced. An
// agent of their own, so the generator's rate limit and the list are theirs alone.
const AGENT = {
  username: "saved_quoter",
  name: "Sage Quoter",
  password: "saved-quoter-password-1",
};
const COMPANY = "Lighthouse Freight";

test.describe.configure({ mode: "serial" });

withOwnAgent(AGENT);

async function saveAQuote(
  page: Page,
  company = COMPANY,
  email = "lee@lighthouse.example",
  contact = "Lee Keeper",
  description = "10 phones and 2 tablets, unlimited data, 24 months",
) {
  await resumeSession(page, AGENT);
  await page.goto("/dashboard/quotes/new");
  await hydrated(page);
  await page.getByLabel("Company name *").fill(company);
  await page.getByLabel("Company website *").fill("lighthouse.example");
  await page.getByLabel("Contact name *").fill(contact);
  await page.getByLabel("Contact email *").fill(email);
  await page.getByLabel("Description *").fill(description);
  await page.getByRole("button", { name: "Generate Quote" }).click();
  await expect(page.getByTestId("quote-option").first()).toBeVisible();
  await page.getByRole("button", { name: "Save Quote" }).click();
  await expect(page).toHaveURL(/\/dashboard\/quotes$/);
  await hydrated(page);
}

async function openQuote(page: Page, company = COMPANY) {
  await page.goto(`/dashboard/quotes?q=${encodeURIComponent(company)}`);
  await hydrated(page);
  await page.getByRole("link", { name: company }).first().click();
  await expect(page.getByRole("heading", { level: 2, name: `Quote for ${company}` })).toBeVisible();
  await hydrated(page);
}

test("saves a generated quote, opens it, chooses an option and converts it to a deal", async ({
  page,
}) => {
  await saveAQuote(page);
  const table = page.getByRole("table", { name: "Saved quotes" });
  await expect(table).toContainText(COMPANY);
  await expect(table).toContainText("Draft");
  // Saving cleared the generator's draft.
  await page.goto("/dashboard/quotes/new");
  await hydrated(page);
  await expect(page.getByTestId("quote-option")).toHaveCount(0);

  await openQuote(page);
  const options = page.getByTestId("quote-option");
  await expect(options.first()).toContainText("Recommended");
  const second = options.nth(1);
  const label = (await second.getByRole("heading", { level: 4 }).textContent()) ?? "";
  const monthly = (await second.getByTestId("quote-monthly").textContent()) ?? "";
  await second.getByRole("button", { name: `Choose ${label}` }).click();
  await expect(page.getByText("Option chosen")).toBeVisible();
  await expect(options.nth(1)).toContainText("Chosen");

  await page.getByRole("button", { name: "Convert to Deal" }).click();
  await expect(page).toHaveURL(/\/dashboard\/deals\/[0-9a-f-]{36}$/);
  const carrier = label.replace(/ \(.*\)$/, "");
  await expect(
    page.getByRole("heading", { level: 2, name: `${COMPANY} — ${carrier} 12 lines` }),
  ).toBeVisible();
  await expect(page.getByText("Proposal").first()).toBeVisible();
  // The deal's monthly revenue is the option's monthly, to the cent, in the form's figures too
  // (decision 0021), not the rate per line (rounded to cents) × 12.
  const cents = Math.round(Number(monthly.replace(/[$,]/g, "")) * 100);
  await expect(
    page
      .locator("form dt", { hasText: /^Monthly revenue$/ })
      .locator("xpath=following-sibling::dd"),
  ).toHaveText(monthly);
  // That rate a line is the option's whole monthly, so no plan's price stands beside it; a plan
  // chosen after says what its price replaced, and Restore brings the quote's figure back.
  const rate = page.getByLabel("Monthly rate per line ($)");
  const allIn = (Math.round(cents / 12) / 100).toFixed(2);
  await expect(rate).toHaveValue(allIn);
  const plan = page.getByLabel(/^Rate plan/);
  await expect(plan).toHaveValue("");
  await plan.selectOption({ index: 1 });
  await expect(rate).not.toHaveValue(allIn);
  await expect(page.getByText("Set to the plan's price.")).toBeVisible();
  await page.getByRole("button", { name: `Restore $${allIn}` }).click();
  await expect(rate).toHaveValue(allIn);
  await expect(page.getByText("Set to the plan's price.")).toHaveCount(0);

  // Back on the quote, the deal is a link.
  await page.goBack();
  await page.reload();
  await expect(page.getByRole("link", { name: "Open deal" })).toBeVisible();
});

test("a converted deal's form shows the quote's stored figures until the lines change", async ({
  page,
}) => {
  // A credit over 12 of the 36 months: lines × rate × term is not the quote's value.
  const company = "Credit Term Freight";
  await saveAQuote(
    page,
    company,
    "cory@creditterm.example",
    "Cory Term",
    "30 phones and 2 5G business internet lines on T-Mobile, 36 months",
  );
  await openQuote(page, company);
  await page.getByRole("button", { name: "Convert to Deal" }).click();
  await expect(page).toHaveURL(/\/dashboard\/deals\/[0-9a-f-]{36}$/);
  await hydrated(page);
  const figure = (label: string) =>
    page
      .locator("dt", { hasText: new RegExp(`^${label}$`) })
      .locator("xpath=following-sibling::dd");
  const stored = (await figure("Value").textContent()) ?? "";
  expect(stored).toMatch(/^\$[\d,]+\.\d\d$/);
  await expect(figure("Deal value")).toHaveText(stored);
  const source = page.getByText("The quote's own figures, credits and devices included.");
  await expect(source).toBeVisible();

  // One more voice line: lines × rate × term, as the server would store it.
  const voice = page.getByLabel("Voice lines");
  const lines = Number(await voice.inputValue());
  const rate = Number(await page.getByLabel("Monthly rate per line ($)").inputValue());
  const term = Number(await page.getByLabel("Contract term (months)").inputValue());
  const total =
    lines +
    1 +
    Number(await page.getByLabel("Mobile internet lines").inputValue()) +
    Number(await page.getByLabel("Fixed wireless lines").inputValue());
  await voice.fill(String(lines + 1));
  const computed = (Math.round(rate * 100) * total * term) / 100;
  await expect(figure("Deal value")).toHaveText(
    `$${computed.toLocaleString("en-US", { minimumFractionDigits: 2 })}`,
  );
  await expect(source).toHaveCount(0);
  // Back to the lines it had: the quote's figures again.
  await voice.fill(String(lines));
  await expect(figure("Deal value")).toHaveText(stored);
  await expect(source).toBeVisible();
});

test("edits an option and re-prices it", async ({ page }) => {
  // Each company its own contact email: one email at two companies is refused as a duplicate.
  await saveAQuote(page, "Beacon Couriers", "lee@beacon.example");
  await openQuote(page, "Beacon Couriers");
  const first = page.getByTestId("quote-option").first();
  await first.getByText("Edit and re-price").click();
  const lines = first.getByLabel("Lines").first();
  const before = Number(await lines.inputValue());
  await lines.fill(String(before + 5));
  await first.getByRole("button", { name: "Re-price" }).click();
  await expect(page.getByText("Option re-priced from today's catalog")).toBeVisible();
  await expect(
    page
      .getByTestId("quote-option")
      .first()
      .getByRole("cell", { name: String(before + 5) })
      .first(),
  ).toBeVisible();
});

test("downloads the proposal PDF and sends it to the contact, who finds it in the outbox", async ({
  page,
  browser,
}) => {
  await saveAQuote(page, "Harbor Proposals", "lee@harborproposals.example");
  await openQuote(page, "Harbor Proposals");
  const monthly = (await page.getByTestId("quote-monthly").first().textContent()) ?? "";

  const [download] = await Promise.all([
    page.waitForEvent("download"),
    page.getByRole("link", { name: "Download Proposal" }).click(),
  ]);
  expect(download.suggestedFilename()).toMatch(/^proposal-harbor-proposals-q-[0-9a-f]{8}-v1\.pdf$/);
  const path = await download.path();
  const text = execFileSync("pdftotext", ["-layout", path, "-"], { encoding: "utf8" });
  expect(text).toContain("Harbor Proposals");
  expect(text).toContain("Lee Keeper");
  expect(text).toContain(monthly.trim());

  // Sending emails the customer, so the agent is shown to whom before it goes.
  await page.getByRole("button", { name: "Send Proposal" }).click();
  const confirm = page.getByRole("dialog", { name: "Send this proposal?" });
  await expect(confirm).toContainText(
    "The proposal for Harbor Proposals goes by email to Lee Keeper at lee@harborproposals.example",
  );
  await confirm.getByRole("button", { name: "Send Proposal" }).click();
  await expect(confirm).toBeHidden();
  await expect(page.getByText("Proposal sent to lee@harborproposals.example")).toBeVisible();
  await expect(page.getByText("Sent", { exact: true }).first()).toBeVisible();

  // Without a mail relay the message waits in the outbox, with its PDF, for the admin to see.
  await readOutbox(
    browser,
    { to: "lee@harborproposals.example", hasText: "Your wireless proposal from" },
    (message) =>
      expect(message).toContainText(
        /Attached: proposal-harbor-proposals-q-[0-9a-f]{8}-v1\.pdf \(\d+ kB\)/,
      ),
  );
});

test("a sent quote offers New Version, not Edit or Choose; the new version is a draft to edit", async ({
  page,
}) => {
  await saveAQuote(page, "Keel Sent Marine", "kim@keelsent.example");
  await openQuote(page, "Keel Sent Marine");
  const options = page.getByTestId("quote-option");
  await expect(options.first().getByText("Edit and re-price")).toBeVisible();
  await page.getByRole("button", { name: "Send Proposal" }).click();
  await page
    .getByRole("dialog", { name: "Send this proposal?" })
    .getByRole("button", { name: "Send Proposal" })
    .click();
  await expect(page.getByText("Proposal sent to kim@keelsent.example")).toBeVisible();

  // The customer holds version 1: nothing on the page changes it any more, and it says why.
  await expect(page.getByTestId("quote-sent-note")).toHaveText(
    "Sent to the customer as version 1, so its options stay as sent. To change them, use New Version.",
  );
  await expect(page.getByText("Edit and re-price")).toHaveCount(0);
  await expect(page.getByRole("button", { name: /^Choose / })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Mark Accepted" })).toBeVisible();

  await page.getByRole("button", { name: "New Version" }).click();
  await expect(page.getByRole("navigation", { name: "Versions" })).toContainText("v2");
  await hydrated(page);
  await expect(page.getByTestId("quote-sent-note")).toHaveCount(0);
  await expect(options.first().getByText("Edit and re-price")).toBeVisible();
  await expect(page.getByRole("button", { name: /^Choose / }).first()).toBeVisible();
});

test("the dashboard's Send Proposal and Requote act on the customer's latest quote", async ({
  page,
}) => {
  // A quote for a customer the dashboard lists, known again by the contact's email (decision
  // 0016: a company name alone is no match).
  await saveAQuote(
    page,
    "Summit Dental Group",
    "priya.raman@summitdental.example",
    "Dr. Priya Raman",
  );
  await page.goto("/dashboard");
  await hydrated(page);
  const row = page.getByRole("row", { name: /Summit Dental Group/ });
  const send = row.getByRole("button", { name: "Send Proposal to Summit Dental Group" });
  const confirm = page.getByRole("dialog", { name: "Send this proposal?" });
  // Cancel sends nothing and gives the keyboard back to the button.
  await send.click();
  await expect(confirm).toContainText(
    "The proposal for Summit Dental Group goes by email to Dr. Priya Raman at priya.raman@summitdental.example",
  );
  await confirm.getByRole("button", { name: "Cancel" }).click();
  await expect(confirm).toBeHidden();
  await expect(send).toBeFocused();
  await expect(page.getByText("Proposal sent to")).toHaveCount(0);
  await send.click();
  await confirm.getByRole("button", { name: "Send Proposal" }).click();
  await expect(
    page.getByText("Proposal sent to priya.raman@summitdental.example").first(),
  ).toBeVisible();
  await row.getByRole("button", { name: "Requote Summit Dental Group" }).click();
  await expect(page).toHaveURL(/\/dashboard\/quotes\/[0-9a-f-]{36}$/);
  await expect(
    page.getByRole("heading", { level: 2, name: "Quote for Summit Dental Group" }),
  ).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Versions" })).toContainText("v2");
});

test("a customer's quotes name the customer, lead back to them and offer their first quote", async ({
  page,
}) => {
  const company = `Tidewater Charters ${Date.now().toString(36)}`;
  await resumeSession(page, AGENT);
  await page.goto("/dashboard/customers/new");
  await hydrated(page);
  await page.getByLabel("Contact name *").fill("Marin Tide");
  await page.getByLabel("Company name *").fill(company);
  await page.getByRole("button", { name: "Create Customer" }).click();
  await expect(page).toHaveURL(/\/dashboard\/customers$/);
  await page
    .getByRole("list", { name: "Customers" })
    .locator(":scope > li")
    .filter({ hasText: company })
    .getByRole("link")
    .first()
    .click();
  await expect(page).toHaveURL(/\/dashboard\/customers\/[0-9a-f-]{36}$/);
  const customerPage = new URL(page.url()).pathname;
  const customerId = customerPage.split("/").at(-1);
  await hydrated(page);

  await page.getByRole("link", { name: "Quotes", exact: true }).click();
  await expect(page).toHaveURL(`/dashboard/quotes?customerId=${customerId}`);
  await expect(
    page.getByRole("heading", { level: 2, name: `Quotes for ${company}` }),
  ).toBeVisible();
  await expect(page.getByText(`No quotes for ${company} yet`)).toBeVisible();
  // Nothing was searched or filtered, so nothing says so.
  await expect(page.getByText("No quotes found")).toHaveCount(0);
  await expect(page.getByText("Try a different search or status.")).toHaveCount(0);
  const newQuote = page.getByRole("link", { name: "New Quote" });
  for (const link of await newQuote.all()) {
    await expect(link).toHaveAttribute("href", `/dashboard/quotes/new?customer=${customerId}`);
  }

  // A search among their quotes that finds nothing still says that.
  await page.goto(`/dashboard/quotes?customerId=${customerId}&q=no-such-contact`);
  await expect(
    page.getByRole("heading", { level: 2, name: `Quotes for ${company}` }),
  ).toBeVisible();
  await expect(page.getByText("No quotes found")).toBeVisible();
  await expect(page.getByText(`No quotes for ${company} yet`)).toHaveCount(0);

  // The empty state's New Quote opens the generator with the customer filled in.
  await page.goto(`/dashboard/quotes?customerId=${customerId}`);
  await hydrated(page);
  await newQuote.last().click();
  await expect(page).toHaveURL(`/dashboard/quotes/new?customer=${customerId}`);
  await expect(page.getByLabel("Company name *")).toHaveValue(company);
  await page.goBack();

  await page.getByRole("link", { name: `Back to ${company}` }).click();
  await expect(page).toHaveURL(customerPage);
  await expect(page.getByRole("heading", { level: 2, name: company })).toBeVisible();

  // An id of no customer the agent may see names nobody: the list of all their quotes.
  await page.goto("/dashboard/quotes?customerId=00000000-0000-4000-8000-000000000000");
  await expect(page.getByRole("heading", { level: 2, name: "Saved Quotes" })).toBeVisible();
  await expect(page.getByRole("link", { name: "Back to Dashboard" })).toBeVisible();
  await expect(page.getByText("Show all quotes")).toHaveCount(0);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const theme of THEMES) {
    test(`the list and the quote have no serious axe violation in the ${theme} theme`, async ({
      page,
    }) => {
      await useTheme(page, theme);
      await resumeSession(page, AGENT);
      await page.goto("/dashboard/quotes");
      await hydrated(page);
      expect(await seriousViolations(page, `quotes list, ${theme}`)).toEqual([]);
      await openQuote(page, "Beacon Couriers");
      expect(await seriousViolations(page, `quote page, ${theme}`)).toEqual([]);
      expect(
        await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
      ).toBe(true);
    });
  }
});
