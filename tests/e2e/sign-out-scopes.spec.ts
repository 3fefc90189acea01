import { type Browser, expect, type Page, test } from "@playwright/test";
import { hydrated, signIn } from "./support/auth.ts";

/** Seeded for this file alone (server/db/seed): these tests end every session of the account. */
const SCOPES_AGENT = { username: "scopes_demo", password: "Harbor-lantern-42" };

// Each test ends sessions of the one account, so they must not overlap.
test.describe.configure({ mode: "serial" });

async function signedInDevice(browser: Browser) {
  const context = await browser.newContext();
  const page = await context.newPage();
  await signIn(page, SCOPES_AGENT);
  await hydrated(page);
  return { context, page };
}

/** What the tab does on coming back into view: the session manager checks the session at once. */
async function becomeVisible(page: Page) {
  await page.evaluate(() => document.dispatchEvent(new Event("visibilitychange")));
}

test("signing out other devices sends the other device to /login and keeps this one", async ({
  browser,
}) => {
  const a = await signedInDevice(browser);
  const b = await signedInDevice(browser);
  await a.page.goto("/dashboard/account");
  await hydrated(a.page);
  await a.page.getByRole("button", { name: "Sign out other devices" }).click();
  await expect(a.page.getByText("Every other device is signed out")).toBeVisible();

  // B's manager learns at its next check, without B reloading.
  await becomeVisible(b.page);
  await expect(b.page).toHaveURL(/\/login\?redirectTo=%2Fdashboard$/);
  await expect(b.page.getByRole("button", { name: "Sign In" })).toBeVisible();

  await a.page.goto("/dashboard/plans");
  await expect(a.page).toHaveURL(/\/dashboard\/plans$/);
  await becomeVisible(a.page);
  await a.page.waitForTimeout(500);
  await expect(a.page).toHaveURL(/\/dashboard\/plans$/);
  await a.context.close();
  await b.context.close();
});

test("signing out everywhere sends both devices to /login", async ({ browser }) => {
  const a = await signedInDevice(browser);
  const b = await signedInDevice(browser);
  await a.page.goto("/dashboard/account");
  await hydrated(a.page);
  await a.page.getByRole("button", { name: "Sign out everywhere" }).click();
  await expect(a.page).toHaveURL(/\/login$/);

  // B finds out on its next navigation too, not only through its session manager.
  await b.page.goto("/dashboard/plans");
  await expect(b.page).toHaveURL(/\/login\?redirectTo=%2Fdashboard%2Fplans$/);
  await a.context.close();
  await b.context.close();
});

test("signing out this device leaves the other device signed in", async ({ browser }) => {
  const a = await signedInDevice(browser);
  const b = await signedInDevice(browser);
  await a.page.getByRole("button", { name: "Sign Out", exact: true }).click();
  await expect(a.page).toHaveURL(/\/login$/);
  await a.page.goto("/dashboard");
  await expect(a.page).toHaveURL(/\/login\?redirectTo=%2Fdashboard$/);

  await becomeVisible(b.page);
  await b.page.waitForTimeout(500);
  await expect(b.page).toHaveURL(/\/dashboard$/);
  await b.page.goto("/dashboard/plans");
  await expect(b.page).toHaveURL(/\/dashboard\/plans$/);
  await a.context.close();
  await b.context.close();
});

test("signing out in one tab sends the browser's other tab to /login without a reload", async ({
  browser,
}) => {
  const { context, page: first } = await signedInDevice(browser);
  const second = await context.newPage();
  await second.goto("/dashboard/plans");
  await hydrated(second);
  // Gone if the tab reloads; kept through the router's own navigation.
  await second.evaluate(() => Reflect.set(window, "__sameDocument", true));

  await first.getByRole("button", { name: "Sign Out", exact: true }).click();
  await expect(first).toHaveURL(/\/login$/);
  await expect(second).toHaveURL(/\/login\?redirectTo=%2Fdashboard%2Fplans$/);
  await expect(second.getByRole("button", { name: "Sign In" })).toBeVisible();
  expect(await second.evaluate(() => Reflect.get(window, "__sameDocument"))).toBe(true);
  await context.close();
});
