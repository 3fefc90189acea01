import type { Page } from "@playwright/test";

/**
 * Holds back every script the page asks for from now on until `release()`, such as a form's
 * schema loaded on first use (decision 0036), and lists the POSTs the page sends meanwhile.
 */
export async function holdScripts(page: Page): Promise<{ release: () => void; posts: string[] }> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route(/\/assets\/.+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  const posts: string[] = [];
  page.on("request", (request) => {
    if (request.method() === "POST") posts.push(request.url());
  });
  return { release, posts };
}
