import { type Browser, expect, type Page, test } from "@playwright/test";
import { hydrated } from "./support/auth.ts";
import { readOutbox } from "./support/outbox.ts";

const DEMO_AGENT_EMAIL = "demo.agent@demowireless.example";
const DEMO_AGENT_PHONE = "+15555550100";

/** Reads the newest code sent to `to` from the admin outbox screen, as an operator would. */
function codeFromOutbox(browser: Browser, to: string): Promise<string> {
  return readOutbox(browser, { to }, async (message) => {
    // The code is read from the message's text whether or not its <details> is open: a click
    // made while the page was still hydrating could be undone by it.
    const body = message.locator("pre");
    await expect(body).toContainText(/\b\d{6}\b/);
    const text = (await body.textContent()) ?? "";
    const code = text.match(/\b(\d{6})\b/)?.[1];
    if (!code) throw new Error(`no code in the outbox message to ${to}`);
    return code;
  });
}

async function requestCode(page: Page, destination: string) {
  await page.goto("/login");
  await hydrated(page);
  await page.getByRole("link", { name: "Sign in with a code instead" }).click();
  await expect(page).toHaveURL(/\/login\/code$/);
  await page.getByLabel("Email or phone").fill(destination);
  await page.getByRole("button", { name: "Send code" }).click();
}

test("the demo agent signs in with a code sent by email", async ({ page, browser }) => {
  await requestCode(page, DEMO_AGENT_EMAIL);
  await expect(page.getByRole("status")).toContainText(
    `If an account matches, we sent a 6-digit code to ${DEMO_AGENT_EMAIL}`,
  );
  // The resend button waits out its minute, with the time left on screen.
  await expect(page.getByRole("button", { name: "Send a new code" })).toBeDisabled();
  await expect(page.getByText(/You can ask for a new code in \d+ seconds?\./)).toBeVisible();

  const code = await codeFromOutbox(browser, DEMO_AGENT_EMAIL);
  const wrong = String((Number(code) + 1) % 1_000_000).padStart(6, "0");
  await page.getByLabel("6-digit code").fill(wrong);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page.getByRole("alert")).toHaveText(
    "That code is not valid or has expired. Check it, or request a new code.",
  );
  await page.getByLabel("6-digit code").fill(code);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("the demo agent signs in with a code sent by text", async ({ page, browser }) => {
  await requestCode(page, "(555) 555-0100");
  await expect(page.getByRole("status")).toContainText(
    `If an account matches, we sent a 6-digit code to ${DEMO_AGENT_PHONE}`,
  );
  await page.getByLabel("6-digit code").fill(await codeFromOutbox(browser, DEMO_AGENT_PHONE));
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test("an address with no account gets the same answer", async ({ page }) => {
  await requestCode(page, "nobody-here@demowireless.example");
  await expect(page.getByRole("status")).toContainText(
    "If an account matches, we sent a 6-digit code to nobody-here@demowireless.example",
  );
});
