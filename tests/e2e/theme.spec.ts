import { expect, type Page, test } from "@playwright/test";

const isDark = (page: Page) =>
  page.evaluate(() => document.documentElement.classList.contains("dark"));

/** Blocks the app's JavaScript bundles: whatever theme shows then was set by the inline boot script. */
async function withoutBundles(page: Page) {
  await page.route("**/assets/**/*.js", (route) => route.abort());
}

test("the public site is dark by default, before any bundle runs", async ({ page }) => {
  await withoutBundles(page);
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto("/");
  expect(await isDark(page)).toBe(true);
});

test("a stored light preference wins before first paint (no flash)", async ({ page }) => {
  await page.addInitScript(() => {
    localStorage.setItem(
      "theme-storage",
      JSON.stringify({ state: { theme: "light" }, version: 0 }),
    );
  });
  await withoutBundles(page);
  await page.goto("/");
  expect(await isDark(page)).toBe(false);
  // The first frame painted already has the final theme: sample it at the first animation frame.
  const firstFrame = await page.evaluate(
    () =>
      new Promise<string>((r) =>
        requestAnimationFrame(() => r(document.documentElement.className)),
      ),
  );
  expect(firstFrame).not.toContain("dark");
});

test("the portal follows the system preference when nothing is stored", async ({ page }) => {
  await withoutBundles(page);
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto("/login");
  expect(await isDark(page)).toBe(false);
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto("/login");
  expect(await isDark(page)).toBe(true);
});

test("toggling persists in zustand's format and survives a reload", async ({ page }) => {
  await page.goto("/");
  await expect(page.getByRole("button", { name: "Toggle dark mode" })).toBeVisible();
  await page.waitForLoadState("networkidle");
  expect(await isDark(page)).toBe(true);
  await page.getByRole("button", { name: "Toggle dark mode" }).click();
  await expect.poll(() => isDark(page)).toBe(false);
  const stored = await page.evaluate(() => localStorage.getItem("theme-storage"));
  expect(JSON.parse(stored ?? "null")).toEqual({ state: { theme: "light" }, version: 0 });
  await page.reload();
  expect(await isDark(page)).toBe(false);
});
