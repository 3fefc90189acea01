import { expect, type Page, test } from "@playwright/test";

/** Fills and submits the form without expecting success (some tests expect a refusal). */
async function submitLogin(page: Page, username: string, password: string) {
  await page.goto("/login");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Password").fill(password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

test("the demo agent signs in, reaches the dashboard, and signs out", async ({ page }) => {
  await page.goto("/");
  await submitLogin(page, "demo", "carrierline-demo");
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("heading", { name: "Your Telecom at a Glance" })).toBeVisible();

  // Success replaced the login entry: Back skips it and returns to where the user came from.
  await page.goBack();
  await expect(page).toHaveURL(/\/$/);
  await page.goForward();
  await expect(page).toHaveURL(/\/dashboard$/);

  await page.getByRole("button", { name: "Sign Out" }).click();
  await expect(page).toHaveURL(/\/login$/);
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard$/);
});

test("a wrong password shows 'Invalid credentials' and keeps the username", async ({ page }) => {
  await submitLogin(page, "demo", "wrong-password");
  await expect(page.getByRole("alert")).toHaveText("Invalid credentials");
  await expect(page.getByLabel("Username")).toHaveValue("demo");
  await expect(page).toHaveURL(/\/login$/);
});

test("an unknown user gets the very same answer", async ({ page }) => {
  await submitLogin(page, "no-such-agent", "whatever-password");
  await expect(page.getByRole("alert")).toHaveText("Invalid credentials");
});

test("both fields are required, checked on the server too", async ({ page }) => {
  await page.goto("/login");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByText("Username is required")).toBeVisible();
  await expect(page.getByText("Password is required")).toBeVisible();
});

test("the button reads 'Signing in...' while the sign-in is on its way", async ({ page }) => {
  await page.goto("/login");
  await page.getByLabel("Username").fill("demo");
  await page.getByLabel("Password").fill("carrierline-demo");
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/login*", async (route) => {
    if (route.request().method() === "POST") await held;
    await route.continue();
  });
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("button", { name: "Signing in..." })).toBeDisabled();
  release();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("the dashboard refuses a visitor, whatever localStorage says", async ({ page }) => {
  await page.goto("/");
  await page.evaluate(() => localStorage.setItem("isAuthenticated", "true"));
  const response = await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fdashboard$/);
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { name: "Agent Portal Login" })).toBeVisible();
});

test("the server itself redirects a visitor away from the dashboard", async ({ request }) => {
  const response = await request.get("/dashboard", { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect(response.headers().location).toBe("/login?redirectTo=%2Fdashboard");
});

test("signing in returns the agent to the page they asked for", async ({ page }) => {
  await page.goto("/dashboard");
  await expect(page).toHaveURL(/redirectTo=%2Fdashboard/);
  await page.getByLabel("Username").fill("demo");
  await page.getByLabel("Password").fill("carrierline-demo");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("an agent already signed in skips the login page", async ({ page }) => {
  await submitLogin(page, "demo", "carrierline-demo");
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/login");
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("demo mode prints the demo credentials on the login page", async ({ page }) => {
  await page.goto("/login");
  await expect(page.getByText("Demo credentials")).toBeVisible();
  await expect(page.getByText("carrierline-demo")).toBeVisible();
});

test("the session cookie is httpOnly and SameSite=Lax", async ({ page, context }) => {
  await submitLogin(page, "demo", "carrierline-demo");
  await expect(page).toHaveURL(/\/dashboard$/);
  const session = (await context.cookies()).find((c) => c.name.includes("session_token"));
  expect(session?.httpOnly).toBe(true);
  expect(session?.sameSite).toBe("Lax");
  expect(await page.evaluate(() => document.cookie)).not.toContain("session_token");
});
