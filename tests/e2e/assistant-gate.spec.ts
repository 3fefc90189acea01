import { expect, test } from "@playwright/test";
import { hydrated } from "./support/auth.ts";
import { resumeSession } from "./support/session.ts";

// The standalone assistant behind 'Secure Access' (issue 17, decision 0025): a visitor needs the
// password, a wrong one says 'Incorrect password' for 3 seconds, the right one opens the chat
// full page through a signed httpOnly cookie (nothing in the browser's storage unlocks it), and
// a signed-in agent walks straight in. The e2e server runs in demo mode with the demo password.

const DEMO_PASSWORD = "carrierline-assistant";
const GATE_COOKIE = "carrierline_assistant_gate";

test("a visitor is asked for the password; a wrong one is refused for 3 seconds", async ({
  page,
}) => {
  await page.goto("/assistant");
  await hydrated(page);
  await expect(page.getByRole("heading", { name: "Secure Access" })).toBeVisible();
  await expect(page.getByLabel("Message")).toHaveCount(0);
  await page.getByLabel("Password").fill("not-the-password");
  await page.getByLabel("Password").press("Enter");
  const alert = page.getByRole("alert").filter({ hasText: "Incorrect password" });
  await expect(alert).toBeVisible();
  const shownAt = Date.now();
  await expect(alert).toHaveCount(0, { timeout: 6_000 });
  // Gone after its 3 seconds, not before (the assertion polls, so allow for its step).
  expect(Date.now() - shownAt).toBeGreaterThanOrEqual(2_500);
  expect((await page.context().cookies()).some((c) => c.name === GATE_COOKIE)).toBe(false);
});

test("the right password opens the chat full page, held by an httpOnly cookie alone", async ({
  page,
}) => {
  await page.goto("/assistant");
  await hydrated(page);
  await page.getByLabel("Password").fill(DEMO_PASSWORD);
  await page.getByRole("button", { name: "Enter" }).click();
  await expect(page.getByLabel("Message")).toBeVisible();
  await expect(page.getByText("Online", { exact: true })).toBeVisible();
  const cookie = (await page.context().cookies()).find((c) => c.name === GATE_COOKIE);
  expect(cookie?.httpOnly).toBe(true);
  expect(await page.evaluate(() => document.cookie)).not.toContain(GATE_COOKIE);

  // The public catalog answers; the sales pipeline is not behind the gate, nor offered there.
  await hydrated(page);
  const answers = page.locator('[data-role="assistant"]');
  await expect(answers.first()).toHaveText(
    "Hello! I'm your AI sales assistant. I can help with product recommendations, pricing and technical specifications for telecom solutions. Ask me about rate plans, certified devices, promotions or sales resources.",
  );
  await page.getByLabel("Message").fill("What promotions are running on Verizon?");
  await page.getByRole("button", { name: "Send" }).click();
  await expect(answers.nth(1)).toContainText("Verizon");
  await expect(answers.nth(1)).not.toContainText("Failed to get response");
  await expect(page.getByText("Thinking...")).toHaveCount(0, { timeout: 15_000 });
  // The box is focused again: the next question is typed straight away.
  await expect(page.getByLabel("Message")).toBeFocused();
  await page.keyboard.type("what can you do?");
  await page.keyboard.press("Enter");
  await expect(answers.nth(2)).toContainText("certified devices");
  await expect(answers.nth(2)).not.toContainText("pipeline");

  // Without the cookie the gate is back: nothing else unlocks it.
  await page.context().clearCookies();
  await page.reload();
  await expect(page.getByRole("heading", { name: "Secure Access" })).toBeVisible();
});

test("a signed-in agent passes without the password", async ({ page }) => {
  await resumeSession(page);
  await page.goto("/assistant");
  await hydrated(page);
  await expect(page.getByRole("heading", { name: "Secure Access" })).toHaveCount(0);
  await expect(page.getByLabel("Message")).toBeVisible();
});
