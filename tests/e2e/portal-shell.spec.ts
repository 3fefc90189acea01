import { expect, type Locator, test } from "@playwright/test";
import { signIn } from "./support/auth.ts";
import { resumeSession } from "./support/session.ts";

/** The links, in order, by accessible name (a tool with no screen yet would read "… (coming soon)"). */
async function expectLinkNames(links: Locator, names: readonly string[]) {
  await expect(links).toHaveCount(names.length);
  for (const [i, name] of names.entries()) await expect(links.nth(i)).toHaveAccessibleName(name);
}

test.beforeEach(async ({ page }) => {
  await resumeSession(page);
  await page.goto("/dashboard");
});

test("the sidebar lists the tools by category, with Analytics disabled and marked Soon", async ({
  page,
}) => {
  const nav = page.getByRole("navigation", { name: "Tools" });
  const groups = {
    "AI Tools": ["AI Sales Assistant", "Bill Analyzer"],
    "Sales Tools": [
      "Quote Generator",
      "Plan Comparison",
      "Sales Resources",
      "Carrier Promos",
      "Certified Devices",
    ],
    Management: ["My Deals", "Customers", "Reports"],
  };
  for (const [category, tools] of Object.entries(groups)) {
    const section = nav.getByRole("region", { name: category });
    await expectLinkNames(section.getByRole("link"), tools);
  }
  const analytics = nav
    .getByRole("region", { name: "Management" })
    .locator("[aria-disabled=true]", { hasText: "Analytics" });
  await expect(analytics).toBeVisible();
  await expect(nav.getByRole("link", { name: /Analytics/ })).toHaveCount(0);
  await expect(analytics.getByText("Soon", { exact: true })).toBeVisible();
  await expect(page.getByRole("link", { name: "Carrierline" }).first()).toHaveAttribute(
    "href",
    "/dashboard",
  );
});

test("tool search matches title or description, ignoring case", async ({ page }) => {
  const nav = page.getByRole("navigation", { name: "Tools" });
  const search = page.getByPlaceholder("Search tools...");
  await search.fill("CERTIFIED");
  await expect(nav.getByRole("link")).toHaveText(["Dashboard", "Certified Devices"]);
  await search.fill("savings");
  await expectLinkNames(nav.getByRole("link"), ["Dashboard", "Bill Analyzer"]);
  await search.fill("no such tool");
  await expect(nav.getByText("No results found")).toBeVisible();
  await search.fill("");
  await expect(nav.getByRole("link")).toHaveCount(11);
});

test("each tool's description shows in a tooltip after the 700 ms delay", async ({ page }) => {
  const link = page
    .getByRole("navigation", { name: "Tools" })
    .getByRole("link", { name: "Certified Devices" });
  // The page notes when the pointer arrives and when the tooltip appears, so a busy test machine
  // cannot blur the delay.
  await link.evaluate((element) => {
    const marks = document.documentElement.dataset;
    element.addEventListener("pointerenter", () => {
      marks.hoverAt ??= String(performance.now());
    });
    new MutationObserver(() => {
      if (!marks.tooltipAt && document.querySelector('[role="tooltip"]')) {
        marks.tooltipAt = String(performance.now());
      }
    }).observe(document.body, { childList: true, subtree: true });
  });
  await link.hover();
  await expect(page.getByRole("tooltip")).toHaveText(
    "Search the devices each carrier has certified for its network.",
  );
  const delay = await page.evaluate(() => {
    const marks = document.documentElement.dataset;
    return Number(marks.tooltipAt) - Number(marks.hoverAt);
  });
  expect(delay).toBeGreaterThanOrEqual(690);
});

test("the header names the current tool, and every tool but Analytics opens its own screen", async ({
  page,
}) => {
  await expect(page.getByRole("banner").getByRole("heading", { level: 1 })).toHaveText("Dashboard");
  await page
    .getByRole("navigation", { name: "Tools" })
    .getByRole("link", { name: "Bill Analyzer" })
    .click();
  await expect(page).toHaveURL(/\/dashboard\/bill-analyzer$/);
  await expect(page.getByRole("banner").getByRole("heading", { level: 1 })).toHaveText(
    "Bill Analyzer",
  );
  await expect(page.getByRole("heading", { name: "Past analyses" })).toBeVisible();
  await expect(page.getByText("coming in the next release")).toHaveCount(0);
  await page.getByRole("link", { name: "Back to Dashboard" }).click();
  await expect(page.getByRole("heading", { name: "Your Telecom at a Glance" })).toBeVisible();
  await page.getByRole("link", { name: "My Account" }).click();
  await expect(page).toHaveURL(/\/dashboard\/account$/);
  await expect(page.getByRole("banner").getByRole("heading", { level: 1 })).toHaveText(
    "My Account",
  );
});

test("the dashboard shows figures computed from the company's data", async ({ page }) => {
  await expect(page.getByTestId("mrr")).toHaveText("$12,500");
  const pipeline = page.getByRole("region", { name: "Pipeline Snapshot" });
  await expect(pipeline.getByRole("definition")).toHaveText(["3", "2", "1"]);
  await expect(
    page.getByText("Summit Dental Group is 20% over data usage. Upgrade recommended."),
  ).toBeVisible();
  for (const [name, href] of [
    ["AI Bill Analyzer", "/dashboard/bill-analyzer"],
    ["Create Proposal", "/dashboard/quotes/new"],
    ["Match Offers to a Customer", "/dashboard/plans"],
  ] as const) {
    await expect(page.getByRole("link", { name: new RegExp(name) })).toHaveAttribute("href", href);
  }
  await expect(
    page.getByText(
      /^Harbor Logistics's contract ends [A-Z][a-z]{2} \d{1,2}, \d{4}\. Time to talk renewal\.$/,
    ),
  ).toBeVisible();
  // The customers needing attention, each with its reason.
  const rows = page.getByRole("row");
  await expect(rows).toHaveCount(5);
  await expect(rows.nth(1)).toContainText("Harbor Logistics");
  await expect(rows.nth(1)).toContainText("Renewal due");
  await expect(rows.nth(2)).toContainText("No answer");
  await expect(rows.nth(4)).toContainText("Summit Dental Group");
  await expect(rows.nth(4)).toContainText("Bill saves $4,200/yr, not quoted yet");
});

test("Send Proposal for a customer without a quote leads to the Quote Generator for them", async ({
  page,
}) => {
  const link = page.getByRole("link", { name: "Send Proposal to Harbor Logistics" });
  await expect(link).toHaveAttribute("href", /^\/dashboard\/quotes\/new\?customer=[0-9a-f-]{36}$/);
});

test("on a small screen the tools open in a 280 px drawer that traps focus and closes on Escape", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await expect(page.getByRole("navigation", { name: "Tools" })).toBeHidden();
  await page.getByRole("button", { name: "Open tools menu" }).click();
  const drawer = page.getByRole("dialog", { name: "Tools" });
  await expect(drawer).toBeVisible();
  expect(await drawer.evaluate((el) => getComputedStyle(el).width)).toBe("280px");
  for (let i = 0; i < 20; i++) await page.keyboard.press("Tab");
  expect(await drawer.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  // From a tool link, Escape first closes that link's tooltip (the top layer); from the search box,
  // where no tooltip is open, it closes the drawer.
  await drawer.getByPlaceholder("Search tools...").focus();
  await page.keyboard.press("Escape");
  await expect(drawer).toBeHidden();
  await page.getByRole("button", { name: "Open tools menu" }).click();
  await page.getByRole("dialog", { name: "Tools" }).getByRole("link", { name: "My Deals" }).click();
  await expect(page).toHaveURL(/\/dashboard\/deals$/);
  await expect(page.getByRole("dialog", { name: "Tools" })).toBeHidden();
});

test("Sign Out in the sidebar returns to /login", async ({ page }) => {
  // A session of its own, signed in through the form: signing out must not end the session this
  // worker's other tests resume. Without the kept cookie, /login shows its form.
  await page.context().clearCookies();
  await signIn(page);
  await page
    .getByRole("navigation", { name: "Tools" })
    .locator("..")
    .getByRole("button", { name: "Sign Out" })
    .click();
  await expect(page).toHaveURL(/\/login$/);
});
