import { expect, type Page, test } from "@playwright/test";
import { DEMO_ADMIN, hydrated } from "./auth.ts";
import { resumeSession } from "./session.ts";

/**
 * Creates a user from the users screen, as the signed-in admin on `page` would, and waits for the
 * screen to confirm it. The address is `<username>@reseller.example`.
 */
export async function createUser(
  page: Page,
  user: { username: string; name: string; password: string; role?: "agent" | "manager" | "admin" },
) {
  await page.goto("/dashboard/admin/users");
  await hydrated(page);
  await page.getByText("Create a user").click();
  const create = page
    .locator("form")
    .filter({ has: page.getByRole("button", { name: "Create user" }) });
  await create.getByLabel("Username", { exact: true }).fill(user.username);
  await create.getByLabel("Name", { exact: true }).fill(user.name);
  await create.getByLabel("Email").fill(`${user.username}@reseller.example`);
  if (user.role) await create.getByLabel("Role").selectOption(user.role);
  await create.getByLabel("Password").fill(user.password);
  await create.getByRole("button", { name: "Create user" }).click();
  await expect(page.getByRole("status")).toHaveText(`Created ${user.username}.`);
}

/** Whether the signed-in admin's company has a user of this username (the users API). */
async function hasUser(page: Page, username: string): Promise<boolean> {
  const answer = await page.request.get(`/api/admin/users?q=${encodeURIComponent(username)}`);
  expect(answer.status()).toBe(200);
  return (await answer.text()).includes(`"username":"${username}"`);
}

/**
 * A spec's own agent, created once by the demo admin before its tests, so what the tests change
 * (deals, quotes, rate limits) is theirs alone. Call at the top of a spec file. A retry runs in a
 * new worker, whose beforeAll finds the agent the first worker made.
 */
export function withOwnAgent(agent: { username: string; name: string; password: string }) {
  test.beforeAll(async ({ browser }) => {
    const page = await browser.newPage();
    await resumeSession(page, DEMO_ADMIN);
    if (!(await hasUser(page, agent.username))) await createUser(page, agent);
    await page.close();
  });
}
