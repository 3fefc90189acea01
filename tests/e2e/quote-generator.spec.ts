import { expect, type Page, test } from "@playwright/test";
import { hydrated } from "./support/auth.ts";
import { seriousViolations, THEMES, useTheme } from "./support/axe.ts";
import { resumeSession } from "./support/session.ts";
import { withOwnAgent } from "./support/users.ts";

// The Quote Generator (issue 15): the form checked in the browser, Generate's quote with the
// recommended option first, the draft kept over a reload, and Start Over. An agent of their own,
// so the generator's per-agent rate limit is theirs alone.
const AGENT = { username: "quote_agent", name: "Quinn Quote", password: "quote-agent-password-1" };

test.describe.configure({ mode: "serial" });

withOwnAgent(AGENT);

async function openGenerator(page: Page) {
  await resumeSession(page, AGENT);
  await page.goto("/dashboard/quotes/new");
  await hydrated(page);
}

async function fillForm(page: Page, email = "sam@harbor.example") {
  await page.getByLabel("Company name *").fill("Harbor Logistics");
  await page.getByLabel("Company website *").fill("harbor.example");
  await page.getByLabel("Contact name *").fill("Sam Ortiz");
  await page.getByLabel("Contact email *").fill(email);
  await page.getByLabel("Description *").fill("12 phones and 3 hotspots on Verizon for 24 months");
}

test("names a bad email in the browser and sends nothing", async ({ page }) => {
  await openGenerator(page);
  let posted = false;
  page.on("request", (request) => {
    if (request.method() === "POST" && /quotes\/new|generate-quote/.test(request.url())) {
      posted = true;
    }
  });
  await fillForm(page, "sam-at-harbor");
  await page.getByRole("button", { name: "Generate Quote" }).click();
  await expect(page.getByText("Enter a valid email address")).toBeVisible();
  await expect(page.getByLabel("Contact email *")).toBeFocused();
  expect(posted).toBe(false);
});

test("generates a quote, keeps the draft over a reload, and Start Over clears it", async ({
  page,
}) => {
  await openGenerator(page);
  await fillForm(page);
  await page.getByRole("button", { name: "Generate Quote" }).click();

  const options = page.getByTestId("quote-option");
  await expect(options.first()).toBeVisible();
  const recommended = options.first();
  await expect(recommended).toContainText("Recommended");
  await expect(recommended).toContainText("Verizon");
  await expect(recommended.getByTestId("quote-monthly")).toHaveText(/^\$[\d,]+\.\d\d$/);
  await expect(recommended.getByRole("table")).toContainText("Unit monthly");
  await expect(page.getByRole("heading", { name: "Assumptions" })).toBeVisible();
  await expect(
    page.getByRole("heading", { name: /Draft quote for Harbor Logistics/ }),
  ).toBeVisible();
  const monthly = await recommended.getByTestId("quote-monthly").textContent();

  // A reload keeps the draft and the form it came from.
  await page.reload();
  await hydrated(page);
  await expect(page.getByTestId("quote-option").first().getByTestId("quote-monthly")).toHaveText(
    monthly ?? "",
  );
  await expect(page.getByLabel("Company name *")).toHaveValue("Harbor Logistics");

  await page.getByRole("link", { name: "Start Over" }).click();
  await expect(page.getByTestId("quote-option")).toHaveCount(0);
  for (const label of [
    "Company name *",
    "Company website *",
    "Contact name *",
    "Contact email *",
    "Description *",
  ]) {
    await expect(page.getByLabel(label)).toHaveValue("");
  }
  await page.reload();
  await hydrated(page);
  await expect(page.getByTestId("quote-option")).toHaveCount(0);
});

test("an email another company's customer has is the email field's error after Save", async ({
  page,
}) => {
  await openGenerator(page);
  await fillForm(page, "kmorgan@bluewatermarine.example");
  await page.getByRole("button", { name: "Generate Quote" }).click();
  await expect(page.getByTestId("quote-option").first()).toBeVisible();
  await page.getByRole("button", { name: "Save Quote" }).click();
  // The message and the link stay under Save Quote; the email field says it too, and has focus.
  await expect(
    page.getByText("kmorgan@bluewatermarine.example is already Keisha Morgan"),
  ).toBeVisible();
  await expect(page.getByRole("link", { name: "Open Keisha Morgan" })).toBeVisible();
  const email = page.getByLabel("Contact email *");
  await expect(email).toHaveAttribute("aria-invalid", "true");
  await expect(email).toHaveAccessibleDescription(
    "Already the email of Keisha Morgan (Bluewater Marine Services)",
  );
  await expect(email).toBeFocused();

  // Corrected there, the error goes, and Save Quote saves the quote for that email.
  await email.fill("sam.ortiz@harbor.example");
  await expect(email).not.toHaveAttribute("aria-invalid");
  await expect(page.getByText("Sam Ortiz · sam.ortiz@harbor.example")).toBeVisible();
  await page.getByRole("button", { name: "Save Quote" }).click();
  await expect(page).toHaveURL(/\/dashboard\/quotes$/);
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  for (const theme of THEMES) {
    test(`the quote has no serious axe violation in the ${theme} theme`, async ({ page }) => {
      await useTheme(page, theme);
      await openGenerator(page);
      await fillForm(page);
      await page.getByRole("button", { name: "Generate Quote" }).click();
      await expect(page.getByTestId("quote-option").first()).toBeVisible();
      expect(await seriousViolations(page, `quote, ${theme}`)).toEqual([]);
    });
  }

  test("the quote fits the screen: nothing widens the page", async ({ page }) => {
    await openGenerator(page);
    await fillForm(page);
    await page.getByRole("button", { name: "Generate Quote" }).click();
    await expect(page.getByTestId("quote-option").first()).toBeVisible();
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
  });
});
