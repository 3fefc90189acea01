import { expect, test } from "@playwright/test";
import { DEMO_ADMIN, hydrated } from "./support/auth.ts";
import { resumeSession } from "./support/session.ts";

test("an admin sees an invitation under pending invitations and resends it, and revokes it through the confirm dialog", async ({
  page,
}) => {
  // A long address: it has no space to break at, in the dialog's title too.
  const email = `pending-${Date.now()}-long.newhire.name@demowireless-reseller.example`;
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
  // Done with: the panel closes empty, so one more click cannot send it twice.
  await expect(invite.getByLabel("Email")).toBeHidden();
  await expect(page.getByText("Invite by email")).toBeFocused();
  await page.getByText("Invite by email").click();
  await expect(invite.getByLabel("Email")).toHaveValue("");

  const pending = page.getByRole("table", { name: "Pending invitations" });
  const row = pending.getByRole("row", { name: new RegExp(email) });
  await expect(row).toContainText("Manager");

  // Resend mails a new link and keeps the row.
  await row.getByRole("button", { name: `Resend the invitation to ${email}` }).click();
  await expect(page.getByRole("status")).toHaveText(`Sent the invitation to ${email} again.`);
  await expect(row).toContainText("Manager");

  // Cancel keeps it; only the dialog's own button revokes.
  await row.getByRole("button", { name: `Revoke the invitation to ${email}` }).click();
  const dialog = page.getByRole("dialog", { name: `Revoke the invitation to ${email}?` });
  await expect(dialog).toContainText("The link in their email stops working at once.");
  // The title wraps inside the dialog: nothing scrolls sideways or runs under the close button.
  expect(await dialog.evaluate((d) => d.scrollWidth - d.clientWidth)).toBeLessThanOrEqual(0);
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toBeVisible();

  await row.getByRole("button", { name: `Revoke the invitation to ${email}` }).click();
  await dialog.getByRole("button", { name: "Revoke invitation" }).click();
  await expect(page.getByRole("status")).toHaveText(`Revoked the invitation to ${email}.`);
  await expect(page.getByRole("row", { name: new RegExp(email) })).toHaveCount(0);
  // The button went with its row: focus continues at the answer, not at the page's start.
  await expect(page.locator(":focus")).toContainText(`Revoked the invitation to ${email}.`);
});
