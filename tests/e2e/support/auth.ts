import { expect, type Page } from "@playwright/test";

export type Account = { username: string; password: string };

export const DEMO_AGENT: Account = { username: "demo", password: "carrierline-demo" };
export const DEMO_ADMIN: Account = { username: "admin", password: "carrierline-admin" };

/** Signs in through the form, as a person would; tests not about signing in use resumeSession. */
export async function signIn(page: Page, who: Account = DEMO_AGENT) {
  await page.goto("/login");
  await page.getByLabel("Username").fill(who.username);
  await page.getByLabel("Password").fill(who.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
}

/** Waits until React has hydrated the page, so clicks reach its handlers. */
export async function hydrated(page: Page) {
  await page.locator("html[data-hydrated]").waitFor({ state: "attached" });
}
