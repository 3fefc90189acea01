import { expect, type Locator, type Page } from "@playwright/test";

/** The command palette's dialog. */
export const paletteOf = (page: Page): Locator =>
  page.getByRole("dialog", { name: "Go to a tool" });

/**
 * Opens the command palette with its shortcut. Sign-in lands on /dashboard by client navigation,
 * so the page counts as hydrated before the portal's keyboard listener is attached: press until
 * the palette shows.
 */
export async function openPalette(page: Page, shortcut = "Control+k"): Promise<Locator> {
  const palette = paletteOf(page);
  await expect(async () => {
    if (!(await palette.isVisible())) await page.keyboard.press(shortcut);
    await expect(palette).toBeVisible({ timeout: 2_000 });
  }).toPass();
  return palette;
}
