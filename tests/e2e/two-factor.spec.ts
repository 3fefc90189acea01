import { expect, type Page, test } from "@playwright/test";
import { totpFor, wrongTotpFor } from "#tests/support/totp.ts";
import { hydrated } from "./support/auth.ts";

// The demo seed's mfa_demo agent exists for this file alone (server/db/seed/index.ts): it ends
// enrolled, which no other test may meet. The steps depend on each other, so they run in order.
const MFA_DEMO = { username: "mfa_demo", password: "violet-harbor-lantern-7" };

test.describe.configure({ mode: "serial" });

let key = "";
let backupCodes: string[] = [];

async function passwordStep(page: Page) {
  await page.goto("/login");
  await hydrated(page);
  await page.getByLabel("Username").fill(MFA_DEMO.username);
  await page.getByLabel("Password").fill(MFA_DEMO.password);
  await page.getByRole("button", { name: "Sign In" }).click();
}

async function signOut(page: Page) {
  await page.locator('form[action="/logout"] button[type="submit"]').first().click();
  await expect(page).toHaveURL(/\/login/);
}

test("enrolls an authenticator app from My Account and shows the backup codes once", async ({
  page,
}) => {
  await passwordStep(page);
  await expect(page).toHaveURL(/\/dashboard$/);
  await page.goto("/dashboard/account");
  await hydrated(page);
  const toggle = page.getByRole("switch", { name: "Two-factor authentication" });
  await expect(toggle).not.toBeChecked();
  await toggle.click();

  const dialog = page.getByRole("dialog", { name: "Set up two-factor authentication" });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel("Current Password").fill("not-my-password");
  await dialog.getByRole("button", { name: "Continue" }).click();
  await expect(dialog.getByText("Your current password is incorrect")).toBeVisible();
  await dialog.getByLabel("Current Password").fill(MFA_DEMO.password);
  await dialog.getByRole("button", { name: "Continue" }).click();

  await expect(
    dialog.getByRole("img", { name: "QR code for your authenticator app" }),
  ).toBeVisible();
  key = (await dialog.getByTestId("totp-key").textContent())?.trim() ?? "";
  expect(key).toMatch(/^[A-Z2-7]{52}$/);
  await dialog.getByLabel("Code from the app").fill(await totpFor(key));
  await dialog.getByRole("button", { name: "Verify and turn on" }).click();

  const codes = dialog.getByRole("list", { name: "Backup codes" }).getByRole("listitem");
  await expect(codes).toHaveCount(10);
  backupCodes = (await codes.allTextContents()).map((code) => code.trim());
  await expect(dialog.getByRole("button", { name: "Copy" })).toBeVisible();
  const download = page.waitForEvent("download");
  await dialog.getByRole("button", { name: "Download (.txt)" }).click();
  expect((await download).suggestedFilename()).toBe("carrierline-backup-codes.txt");
  // Shown once, so only "I saved them" ends this step: no close button, and Escape does nothing.
  await expect(dialog.getByRole("button", { name: "Close" })).toHaveCount(0);
  await page.keyboard.press("Escape");
  await expect(codes).toHaveCount(10);
  await dialog.getByRole("button", { name: "I saved them" }).click();
  await expect(dialog).toBeHidden();
  await expect(toggle).toBeChecked();

  // Shown once: a reload shows neither the key nor the codes.
  await page.reload();
  await expect(page.getByText(key)).toHaveCount(0);
  await expect(page.getByText(backupCodes[0] ?? "")).toHaveCount(0);
  await signOut(page);
});

test("signs in with a code from the app at the second step", async ({ page }) => {
  await passwordStep(page);
  await expect(page).toHaveURL(/\/login\/two-factor/);
  await hydrated(page);
  await page.getByLabel("Authentication code").fill(await wrongTotpFor(key));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page.getByText("Invalid code")).toBeVisible();
  // The enrollment just used this step's code, and a code works once: the next step's.
  await page.getByLabel("Authentication code").fill(await totpFor(key, 1));
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  await signOut(page);
});

test("signs in with a backup code instead", async ({ page }) => {
  await passwordStep(page);
  await expect(page).toHaveURL(/\/login\/two-factor/);
  await hydrated(page);
  await page.getByRole("link", { name: "Use a backup code" }).click();
  await page.getByLabel("Backup code").fill(backupCodes[1] ?? "");
  await page.getByRole("button", { name: "Verify" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
});
