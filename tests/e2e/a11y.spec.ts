import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { DEMO_ADMIN, hydrated } from "./support/auth.ts";
import { seriousViolations, THEMES, useTheme } from "./support/axe.ts";
import { ADMIN_PAGES } from "./support/pages.ts";
import { openPalette } from "./support/palette.ts";
import { resumeSession } from "./support/session.ts";

// axe over every page in both themes: no serious or critical violation (colour contrast among
// them). The marketing pages have their own run in public-site.spec.ts; these are the blog, the
// sign-in pages and the portal.

async function checkPages(page: Page, paths: readonly string[]): Promise<string[]> {
  const found: string[] = [];
  for (const path of paths) {
    await page.goto(path);
    await hydrated(page);
    found.push(...(await seriousViolations(page, path)));
  }
  return found;
}

const SIGNED_OUT = [
  "/blog",
  "/blog/new",
  "/login",
  "/login/code",
  "/forgot-password",
  "/reset-password?token=not-a-real-token",
  "/accept-invite?token=not-a-real-token",
  // Sign-up is closed in these tests: the page that says accounts are by invitation.
  "/signup",
] as const;

const AGENT_PAGES = [
  "/dashboard",
  "/dashboard/plans",
  "/dashboard/resources",
  "/dashboard/promos",
  "/dashboard/devices",
  "/dashboard/customers",
  "/dashboard/customers/new",
  "/dashboard/quotes/new",
  "/dashboard/account",
  "/dashboard/agent",
  "/dashboard/no-such-screen",
] as const;

for (const theme of THEMES) {
  test.describe(`${theme} theme`, () => {
    test.beforeEach(async ({ page }) => {
      test.setTimeout(120_000);
      await useTheme(page, theme);
    });

    test("the blog and the sign-in pages", async ({ page }) => {
      const found = await checkPages(page, SIGNED_OUT);
      // A blog post too, whichever is newest.
      await page.goto("/blog");
      await page.locator("main article a").first().click();
      await hydrated(page);
      found.push(...(await seriousViolations(page, "blog post")));
      expect(found).toEqual([]);
    });

    test("the sign-in pages' links are AA on their card (defect 7)", async ({ page }) => {
      for (const path of ["/login", "/login/code", "/forgot-password"]) {
        await page.goto(path);
        const results = await new AxeBuilder({ page }).withRules(["color-contrast"]).analyze();
        expect(results.violations.map((v) => `${path}: ${v.nodes.map((n) => n.html)}`)).toEqual([]);
      }
    });

    // One page a test: axe over a 50-row table takes a while on a loaded machine.
    for (const path of AGENT_PAGES) {
      test(`the agent's ${path}`, async ({ page }) => {
        await resumeSession(page);
        expect(await checkPages(page, [path])).toEqual([]);
      });
    }

    test("the palette, the notifications panel and the tools drawer, open", async ({ page }) => {
      await resumeSession(page);
      await page.goto("/dashboard");
      await hydrated(page);
      const found: string[] = [];
      const palette = await openPalette(page);
      found.push(...(await seriousViolations(page, "command palette")));
      await page.keyboard.press("Escape");
      await expect(palette).toBeHidden();
      await page.getByRole("button", { name: /^Notifications/ }).click();
      await expect(page.getByRole("dialog", { name: "Notifications" })).toBeVisible();
      found.push(...(await seriousViolations(page, "notifications panel")));
      await page.keyboard.press("Escape");
      await expect(page.getByRole("dialog", { name: "Notifications" })).toBeHidden();
      await page.setViewportSize({ width: 390, height: 844 });
      await page.getByRole("button", { name: "Open tools menu" }).click();
      await expect(page.getByRole("dialog", { name: "Tools" })).toBeVisible();
      found.push(...(await seriousViolations(page, "tools drawer")));
      expect(found).toEqual([]);
    });

    test("a signed-in agent's public site, and the dashboard's cards on a phone", async ({
      page,
    }) => {
      await resumeSession(page);
      await page.setViewportSize({ width: 390, height: 844 });
      expect(await checkPages(page, ["/", "/dashboard"])).toEqual([]);
    });

    test("the blog's editor for an operator, and its refusal for an agent", async ({ page }) => {
      await resumeSession(page);
      await page.goto("/blog/new");
      await hydrated(page);
      const found = await seriousViolations(page, "/blog/new refused to an agent");
      await resumeSession(page, DEMO_ADMIN);
      found.push(...(await checkPages(page, ["/blog/new"])));
      expect(found).toEqual([]);
    });

    test("the admin's pages", async ({ page }) => {
      await resumeSession(page, DEMO_ADMIN);
      expect(await checkPages(page, ADMIN_PAGES)).toEqual([]);
    });
  });
}
