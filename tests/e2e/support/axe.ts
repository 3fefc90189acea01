import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";

export const THEMES = ["light", "dark"] as const;

export async function useTheme(page: Page, theme: (typeof THEMES)[number]) {
  await page.emulateMedia({ reducedMotion: "reduce" });
  await page.addInitScript((value) => {
    localStorage.setItem("theme-storage", JSON.stringify({ state: { theme: value }, version: 0 }));
  }, theme);
}

/** The serious and critical violations on the page as it is now, one line each. */
export async function seriousViolations(page: Page, label: string): Promise<string[]> {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical")
    .map((v) => `${label} ${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`);
}
