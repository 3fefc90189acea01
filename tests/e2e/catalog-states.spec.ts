import { expect, test } from "@playwright/test";
import { hydrated } from "./support/auth.ts";
import { resumeSession } from "./support/session.ts";

// Client navigation fetches a screen's loader data from <path>.data; holding that request shows
// the loading state an agent sees on a slow connection.
for (const screen of [
  { tool: "Plan Comparison", data: "**/dashboard/plans.data*", loading: "Loading plans..." },
  {
    tool: "Certified Devices",
    data: "**/dashboard/devices.data*",
    loading: "Loading certified devices...",
  },
]) {
  test(`${screen.tool}: the loading text shows until the screen arrives`, async ({ page }) => {
    await resumeSession(page);
    await page.goto("/dashboard");
    await hydrated(page);
    let release: () => void = () => undefined;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route(screen.data, async (route) => {
      await held;
      await route.continue();
    });
    await page
      .getByRole("navigation", { name: "Tools" })
      .getByRole("link", { name: screen.tool })
      .click();
    await expect(page.getByRole("status")).toHaveText(screen.loading);
    release();
    await expect(page.getByRole("banner").getByRole("heading")).toHaveText(screen.tool);
    await expect(page.getByRole("status")).toHaveCount(0);
  });
}
