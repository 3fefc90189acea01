import { expect, type Locator, type Page } from "@playwright/test";

/** Nothing on the page reaches past the window's right edge. */
export async function expectNoSidewaysScroll(page: Page, what = "the page's width") {
  const [scrollWidth, innerWidth] = await page.evaluate(() => [
    document.documentElement.scrollWidth,
    window.innerWidth,
  ]);
  expect(scrollWidth, what).toBeLessThanOrEqual(innerWidth ?? 0);
}

/**
 * How wide a select is drawn, and how wide it would be on its own (its longest option whole):
 * a copy at its natural width is measured beside the page.
 */
export async function selectWidths(select: Locator): Promise<{ shown: number; needed: number }> {
  const [shown, needed] = await select.evaluate((el) => {
    const probe = el.cloneNode(true);
    if (!(probe instanceof HTMLSelectElement)) return [0, 1];
    probe.style.width = "auto";
    probe.style.position = "absolute";
    document.body.append(probe);
    const natural = probe.getBoundingClientRect().width;
    probe.remove();
    return [el.getBoundingClientRect().width, natural];
  });
  return { shown: shown ?? 0, needed: needed ?? 1 };
}
