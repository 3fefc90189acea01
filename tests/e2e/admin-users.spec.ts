import { expect, type Locator, type Page, test } from "@playwright/test";
import { DEMO_ADMIN, hydrated } from "./support/auth.ts";
import { resumeSession } from "./support/session.ts";
import { createUser } from "./support/users.ts";

/** Opens a row's Manage panel (it stays open after an action on the same row). */
async function manage(row: Locator) {
  if ((await row.locator("details[open]").count()) === 0) {
    await row.locator("summary", { hasText: "Manage" }).click();
  }
}

/** As the demo admin: a new user made for the test, found on the users screen, Manage open. */
async function newUserRow(page: Page, user: { username: string; name: string; password: string }) {
  await resumeSession(page, DEMO_ADMIN);
  await createUser(page, user);
  await page.goto(`/dashboard/admin/users?q=${user.username}`);
  await hydrated(page);
  const row = page.getByRole("row", { name: new RegExp(user.username) });
  await manage(row);
  return row;
}

test("an admin creates a user, changes their role and bans them; the banned user cannot sign in", async ({
  page,
  browser,
}) => {
  const username = `pat-${Date.now()}`;
  const password = "pat-sturdy-compass-31";
  await resumeSession(page, DEMO_ADMIN);
  await page.goto("/dashboard");
  await page
    .getByRole("navigation", { name: "Tools" })
    .getByRole("link", { name: "Users" })
    .click();
  await expect(page.getByRole("banner").getByRole("heading")).toHaveText("Users");
  await hydrated(page);

  await page.getByText("Create a user").click();
  const create = page
    .locator("form")
    .filter({ has: page.getByRole("button", { name: "Create user" }) });
  await create.getByLabel("Username", { exact: true }).fill(username);
  await create.getByLabel("Name", { exact: true }).fill("Pat Tester");
  await create.getByLabel("Email").fill(`${username}@reseller.example`);
  await create.getByLabel("Password").fill(password);
  await create.getByRole("button", { name: "Create user" }).click();
  await expect(page.getByRole("status")).toHaveText(`Created ${username}.`);

  await page.getByRole("searchbox", { name: "Search users" }).fill(username);
  await page.getByRole("button", { name: "Search" }).click();
  const row = page.getByRole("row", { name: new RegExp(username) });
  await expect(row).toContainText("Agent");
  await expect(row).toContainText("Active");

  await manage(row);
  await row.getByLabel(`Role of ${username}`).selectOption("manager");
  await row.getByRole("button", { name: "Change role" }).click();
  await expect(page.getByRole("status")).toHaveText(`Changed ${username}'s role.`);
  await expect(page.getByRole("row", { name: new RegExp(username) })).toContainText("Manager");

  const again = page.getByRole("row", { name: new RegExp(username) });
  await manage(again);
  await again.getByLabel(`Reason for banning ${username}`).fill("Left the company");
  await again.getByRole("button", { name: "Ban" }).click();
  await expect(page.getByRole("status")).toHaveText(`Banned ${username} and ended their sessions.`);
  const banned = page.getByRole("row", { name: new RegExp(username) });
  await expect(banned).toContainText("Banned");
  await expect(banned).toContainText("Left the company");

  const other = await browser.newContext();
  const tab = await other.newPage();
  await tab.goto("/login");
  await tab.getByLabel("Username", { exact: true }).fill(username);
  await tab.getByLabel("Password").fill(password);
  await tab.getByRole("button", { name: "Sign In" }).click();
  await expect(tab.getByRole("alert")).toBeVisible();
  await expect(tab).toHaveURL(/\/login/);
  await other.close();
});

test("an admin makes a sign-in link, shown once with a copy button, that signs the user in", async ({
  page,
  browser,
}) => {
  const username = `lee-${Date.now()}`;
  const row = await newUserRow(page, {
    username,
    name: "Lee Linked",
    password: "lee-sturdy-meadow-19",
  });
  await row.getByRole("button", { name: "Sign-in link" }).click();
  const shown = page.getByRole("region", { name: "Sign-in link" });
  await expect(shown).toContainText(`Sign-in link for ${username}`);
  await expect(shown.getByRole("button", { name: "Copy" })).toBeVisible();
  const url = await shown.getByRole("textbox").inputValue();
  expect(url).toContain("/api/auth/magic-link/verify?token=");

  const other = await browser.newContext();
  const tab = await other.newPage();
  const link = new URL(url);
  await tab.goto(link.pathname + link.search);
  await expect(tab).toHaveURL(/\/dashboard$/);
  await other.close();
});

test("deleting a user asks first: Cancel keeps them, the dialog's Delete user removes them", async ({
  page,
}) => {
  const username = `sam-${Date.now()}`;
  const row = await newUserRow(page, {
    username,
    name: "Sam Leaving",
    password: "sam-sturdy-harbor-47",
  });

  await row.getByRole("button", { name: "Delete", exact: true }).click();
  const dialog = page.getByRole("dialog", { name: `Delete ${username}?` });
  await expect(dialog).toContainText("removed for good");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(row).toBeVisible();

  await row.getByRole("button", { name: "Delete", exact: true }).click();
  await dialog.getByRole("button", { name: "Delete user" }).click();
  await expect(page.getByRole("status")).toHaveText(`Deleted ${username}.`);
  await expect(page.getByRole("row", { name: new RegExp(username) })).toHaveCount(0);
});

test("without JavaScript, Delete posts its form at once and the server deletes", async ({
  browser,
}) => {
  const username = `noscript-${Date.now()}`;
  const admin = await browser.newContext();
  const setup = await admin.newPage();
  await resumeSession(setup, DEMO_ADMIN);
  await createUser(setup, { username, name: "No Script", password: "noscript-sturdy-lantern-8" });
  // The same signed-in session, in a browser that runs no script.
  const plain = await browser.newContext({
    javaScriptEnabled: false,
    storageState: await admin.storageState(),
  });
  const page = await plain.newPage();
  await page.goto(`/dashboard/admin/users?q=${username}`);
  const row = page.getByRole("row", { name: new RegExp(username) });
  await row.locator("summary", { hasText: "Manage" }).click();
  await row.getByRole("button", { name: "Delete", exact: true }).click();
  await expect(page.getByRole("status")).toHaveText(`Deleted ${username}.`);
  await expect(page.getByRole("row", { name: new RegExp(username) })).toHaveCount(0);
  await plain.close();
  await admin.close();
});

test("agents are refused the users screen by the server", async ({ page }) => {
  await resumeSession(page);
  const response = await page.goto("/dashboard/admin/users");
  expect(response?.status()).toBe(403);
  expect((await page.request.get("/api/admin/users")).status()).toBe(403);
});

test("the sidebar shows the open screen's link even when the list runs past the window", async ({
  page,
}) => {
  // An admin's list (with the Admin section) is longer than a laptop window's sidebar.
  await page.setViewportSize({ width: 1280, height: 800 });
  await resumeSession(page, DEMO_ADMIN);
  await page.goto("/dashboard/admin/outbox");
  await hydrated(page);
  const nav = page.getByRole("navigation", { name: "Tools" }).first();
  const current = nav.locator('[aria-current="page"]');
  await expect(current).toHaveText(/Outbox/);
  await expect
    .poll(async () => {
      const [link, view] = await Promise.all([current.boundingBox(), nav.boundingBox()]);
      return link && view
        ? link.y >= view.y && link.y + link.height <= view.y + view.height
        : false;
    })
    .toBe(true);
});
