import { expect, test } from "@playwright/test";
import { DEMO_ADMIN, hydrated } from "./support/auth.ts";
import { resumeSession } from "./support/session.ts";

test("an admin invites by email; the invitee accepts from the mailed link and lands on the dashboard", async ({
  page,
  browser,
}) => {
  const stamp = Date.now();
  const email = `invitee-${stamp}@reseller.example`;

  await resumeSession(page, DEMO_ADMIN);
  await page.goto("/dashboard/admin/users");
  await hydrated(page);
  await page.getByText("Invite by email").click();
  const invite = page
    .locator("form")
    .filter({ has: page.getByRole("button", { name: "Send invitation" }) });
  await invite.getByLabel("Email").fill(email);
  await invite.getByLabel("Role").selectOption("manager");
  await invite.getByRole("button", { name: "Send invitation" }).click();
  await expect(page.getByRole("status")).toHaveText("Invitation sent.");

  // The link is read where a person without a mail relay would find it: the admin outbox.
  await page.goto("/dashboard/admin/outbox");
  const mail = page
    .getByRole("listitem")
    .filter({ hasText: `to ${email}` })
    .filter({
      hasText: "invitation",
    });
  await mail.getByText(/You're invited to/).click();
  const body = await mail.locator("pre").textContent();
  const link = body?.match(/https?:\/\/\S+\/accept-invite\?token=[\w-]+/)?.[0];
  expect(link).toBeTruthy();

  const invitee = await browser.newContext();
  const tab = await invitee.newPage();
  await tab.goto(new URL(link ?? "").pathname + new URL(link ?? "").search);
  await expect(tab.getByRole("heading", { name: "Join your team" })).toBeVisible();
  await expect(tab.getByText("Demo Wireless Partners")).toBeVisible();
  await expect(tab.getByLabel("Email")).toHaveValue(email);
  await tab.getByLabel("Username").fill(`ivy-${stamp}`);
  await tab.getByLabel("Password", { exact: true }).fill("password");
  await tab.getByLabel("Confirm password").fill("password");
  await tab.getByRole("button", { name: "Create account" }).click();
  await expect(tab.getByText(/Password is too common/)).toBeVisible();

  await tab.getByLabel("Password", { exact: true }).fill("ivy-sturdy-lantern-42");
  await tab.getByLabel("Confirm password").fill("ivy-sturdy-lantern-42");
  await tab.getByRole("button", { name: "Create account" }).click();
  await expect(tab).toHaveURL(/\/dashboard$/);

  // The link is spent.
  await tab.goto(new URL(link ?? "").pathname + new URL(link ?? "").search);
  await expect(tab.getByText("This invitation has already been used.")).toBeVisible();
  await expect(tab.getByRole("link", { name: "Go to sign in" })).toHaveAttribute("href", "/login");
  await invitee.close();

  // The new account shows on the users screen with the role chosen.
  await page.goto(`/dashboard/admin/users?q=ivy-${stamp}`);
  await expect(page.getByRole("row", { name: new RegExp(`ivy-${stamp}`) })).toContainText(
    "Manager",
  );
});
