import { expect, test } from "@playwright/test";
import { hydrated } from "./support/auth.ts";
import { resumeSession } from "./support/session.ts";

test.beforeEach(async ({ page }) => {
  await resumeSession(page);
  await page.goto("/dashboard/account");
  await hydrated(page);
});

test("shows the profile read-only where the spec says, and the sessions", async ({ page }) => {
  for (const heading of ["Profile Information", "Settings", "Change Password", "Sessions"]) {
    await expect(page.getByRole("heading", { name: heading })).toBeVisible();
  }
  await expect(page.getByLabel("Username")).toHaveValue("demo");
  await expect(page.getByLabel("Username")).not.toBeEditable();
  await expect(page.getByLabel("Email")).not.toBeEditable();
  await expect(page.getByLabel("Role")).not.toBeEditable();
  await expect(page.getByLabel("Company")).toBeEditable();
  await expect(page.getByText("This device")).toBeVisible();
  // Enrolling is tested on its own account (two-factor.spec.ts); here it is off and can be turned on.
  const twoFactor = page.getByRole("switch", { name: "Two-factor authentication" });
  await expect(twoFactor).toBeEnabled();
  await expect(twoFactor).not.toBeChecked();
});

test("the notifications switch persists only on Save Changes, with 'Saving...' and a 3 s message", async ({
  page,
}) => {
  const toggle = page.getByRole("switch", { name: "Notifications" });
  await expect(toggle).toBeChecked();
  await toggle.uncheck();
  await page.reload();
  await expect(page.getByRole("switch", { name: "Notifications" })).toBeChecked();

  await page.getByRole("switch", { name: "Notifications" }).uncheck();
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/dashboard/account.data*", async (route) => {
    if (route.request().method() === "POST") await held;
    await route.continue();
  });
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByRole("button", { name: "Saving..." })).toBeDisabled();
  release();
  const message = page.getByRole("status").filter({ hasText: "Profile updated successfully" });
  await expect(message).toBeVisible();
  await expect(message).toBeHidden({ timeout: 5000 });
  await page.unrouteAll({ behavior: "wait" });
  await page.reload();
  await expect(page.getByRole("switch", { name: "Notifications" })).not.toBeChecked();

  // Put it back for the other tests.
  await page.getByRole("switch", { name: "Notifications" }).check();
  await page.getByRole("button", { name: "Save Changes" }).click();
  await expect(page.getByText("Profile updated successfully")).toBeVisible();
});

test("Update Password waits for every field and explains what is wrong", async ({ page }) => {
  const button = page.getByRole("button", { name: "Update Password" });
  await expect(button).toBeDisabled();
  await page.getByLabel("Current Password").fill("carrierline-demo");
  await page.getByLabel("New Password", { exact: true }).fill("another-password-1");
  await expect(button).toBeDisabled();
  await page.getByLabel("Confirm New Password").fill("another-password-2");
  await button.click();
  await expect(page.getByRole("alert")).toHaveText("New passwords do not match");
  await page.getByLabel("New Password", { exact: true }).fill("short");
  await page.getByLabel("Confirm New Password").fill("short");
  await button.click();
  await expect(page.getByRole("alert")).toHaveText("Password must be at least 8 characters long");
});
