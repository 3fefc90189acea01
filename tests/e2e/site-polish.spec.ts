import { expect, type Locator, type Page, test } from "@playwright/test";
import { DEMO_ADMIN, hydrated } from "./support/auth.ts";
import { resumeSession } from "./support/session.ts";

const SIZES = [
  { name: "desktop", width: 1280, height: 900 },
  { name: "phone", width: 390, height: 844 },
] as const;

async function useTheme(page: Page, theme: "light" | "dark") {
  await page.addInitScript((value) => {
    localStorage.setItem("theme-storage", JSON.stringify({ state: { theme: value }, version: 0 }));
  }, theme);
}

/** Lines a block of text takes: its height over its computed line height. */
function lineCount(locator: Locator): Promise<number> {
  return locator.evaluate((element) => {
    const style = getComputedStyle(element);
    return Math.round(element.getBoundingClientRect().height / Number.parseFloat(style.lineHeight));
  });
}

test.describe("the coming-soon lists' Soon badges stay one line tall (defect 3)", () => {
  for (const path of ["/", "/features"]) {
    for (const size of SIZES) {
      for (const theme of ["light", "dark"] as const) {
        test(`${path}, ${size.name}, ${theme}`, async ({ page }) => {
          await page.setViewportSize(size);
          await useTheme(page, theme);
          await page.goto(path);
          const badges = page.locator("li.border-dashed").getByText("Soon", { exact: true });
          await expect(badges).toHaveCount(5);
          for (const badge of await badges.all()) {
            const box = await badge.boundingBox();
            expect(box?.height).toBeLessThan(28);
            expect(box?.width).toBeGreaterThan(box?.height ?? 0);
          }
        });
      }
    }
  }
});

test.describe("blog cards (defect 6)", () => {
  for (const size of [...SIZES, { name: "tablet", width: 820, height: 1000 }]) {
    test(`excerpts end at the ellipsis and bylines never leave a dot at a line's end, ${size.name}`, async ({
      page,
    }) => {
      await page.setViewportSize(size);
      await page.goto("/blog");
      const cards = page.locator("main article");
      await expect(cards).toHaveCount(6);
      for (const card of await cards.all()) {
        // The excerpt's box is no taller than its four clamped lines: no fifth line peeks out.
        const excerpt = card.locator("p").first();
        expect(await lineCount(excerpt)).toBeLessThanOrEqual(4);
        // Every "·" that can be seen sits between two parts on the same line.
        const dangling = await card.locator("p:has(time)").evaluate((byline) => {
          const clip = byline.getBoundingClientRect();
          const texts = [...byline.querySelectorAll<HTMLElement>("span, time")].filter(
            (el) => el.children.length === 0 && el.textContent?.trim() !== "",
          );
          const found: string[] = [];
          for (const dot of texts.filter((el) => el.textContent?.trim() === "·")) {
            const box = dot.getBoundingClientRect();
            if (box.right <= clip.left + 1) continue; // cut off by the byline's edge
            const sameLine = (el: HTMLElement) =>
              Math.abs(el.getBoundingClientRect().top - box.top) < 4 &&
              el.textContent?.trim() !== "·";
            const before = texts.some(
              (el) => sameLine(el) && el.getBoundingClientRect().right <= box.left + 1,
            );
            const after = texts.some(
              (el) => sameLine(el) && el.getBoundingClientRect().left >= box.right - 1,
            );
            if (!before || !after) found.push(byline.textContent ?? "");
          }
          return found;
        });
        expect(dangling).toEqual([]);
      }
    });
  }
});

test.describe("without JavaScript (defect 10)", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });

  test("the mobile menu opens and reaches How It Works and the agent sign-in", async ({ page }) => {
    await page.goto("/");
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await expect(menu).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).click();
    await expect(menu).toBeVisible();
    await expect(menu.getByRole("link", { name: "Agent sign-in" })).toHaveAttribute(
      "href",
      "/login",
    );
    await menu.getByRole("link", { name: "How It Works" }).click();
    await expect(page).toHaveURL(/\/how-it-works$/);
  });

  test("the page shows the dark default", async ({ page }) => {
    await page.emulateMedia({ colorScheme: "light" });
    await page.goto("/features");
    await expect(page.locator("html")).toHaveClass(/(^|\s)dark(\s|$)/);
    const background = await page.evaluate(
      () => getComputedStyle(document.documentElement).backgroundColor,
    );
    // slate-950 behind the page, not the light theme's white.
    expect(background).not.toMatch(/^rgb\(255, 255, 255\)$|^oklch\(1 0 0\)$/);
  });
});

test.describe("the sign-up modal (defect 12)", () => {
  test("placeholders read as examples, and the success view drops the form's subtitle", async ({
    page,
  }) => {
    await page.goto("/");
    await hydrated(page);
    await page.getByRole("link", { name: "Get Started" }).click();
    const dialog = page.getByRole("dialog", { name: "Join the Carrierline beta" });
    for (const label of ["Full Name", "Email", "Company", "Phone (optional)"]) {
      await expect(dialog.getByLabel(label)).toHaveAttribute("placeholder", /^e\.g\. /);
    }
    const subtitle = "Tell us who you are and we'll email your access details";
    await expect(dialog.getByText(subtitle)).toBeVisible();
    await dialog.getByLabel("Full Name").fill("Casey Polish");
    await dialog.getByLabel("Email").fill(`polish-${Date.now()}@example.com`);
    await dialog.getByLabel("Company").fill("Polish Wireless");
    await dialog.getByRole("button", { name: "Join the Waitlist" }).click();
    await expect(dialog.getByText("You're All Set!")).toBeVisible();
    await expect(dialog.getByText(subtitle)).toHaveCount(0);
  });
});

test("the hero headline takes at most four lines at 1280 px (defect 15)", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 900 });
  await page.goto("/");
  await hydrated(page);
  expect(await lineCount(page.getByRole("heading", { level: 1 }))).toBeLessThanOrEqual(4);
});

test("text is set in the self-hosted Inter, loaded from our own origin", async ({ page }) => {
  const fonts: string[] = [];
  page.on("request", (request) => {
    if (request.resourceType() === "font") fonts.push(request.url());
  });
  await page.goto("/");
  await hydrated(page);
  expect(await page.evaluate(() => document.fonts.check('16px "Inter Variable"'))).toBe(true);
  await page.evaluate(() => document.fonts.ready);
  expect(
    await page.evaluate(() =>
      [...document.fonts].some((f) => f.family.includes("Inter") && f.status === "loaded"),
    ),
  ).toBe(true);
  expect(fonts.length).toBeGreaterThan(0);
  for (const url of fonts) expect(new URL(url).origin).toBe(new URL(page.url()).origin);
});

test("the public pages do not shift while they load (CLS ≤ 0.05)", async ({ page }) => {
  // The page adds up its own layout shifts (those not caused by input) from the first paint on.
  await page.addInitScript(() => {
    const marks = document.documentElement.dataset;
    marks.cls = "0";
    new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        const shift = entry.toJSON();
        if (shift.hadRecentInput !== true && typeof shift.value === "number") {
          marks.cls = String(Number(marks.cls) + shift.value);
        }
      }
    }).observe({ type: "layout-shift", buffered: true });
  });
  for (const path of ["/", "/features", "/how-it-works", "/blog"]) {
    await page.goto(path);
    await hydrated(page);
    await page.evaluate(() => document.fonts.ready);
    await page.waitForTimeout(500);
    const cls = Number(await page.locator("html").getAttribute("data-cls"));
    expect(cls, path).toBeLessThanOrEqual(0.05);
  }
});

test.describe("a signed-in agent on the public site (defect 14)", () => {
  test.beforeEach(async ({ page }) => {
    await resumeSession(page);
  });

  for (const size of SIZES) {
    test(`the header leads back to the dashboard, and the waitlist is not pushed, ${size.name}`, async ({
      page,
    }) => {
      await page.setViewportSize(size);
      const response = await page.goto("/");
      // A page drawn for one agent is never kept by a cache (decision 0013).
      expect(response?.headers()["cache-control"]).toContain("no-store");
      await hydrated(page);
      const banner = page.getByRole("banner");
      if (size.name === "phone") await banner.getByRole("button", { name: "Open menu" }).click();
      await expect(banner.getByRole("link", { name: "Dashboard", exact: true })).toHaveAttribute(
        "href",
        "/dashboard",
      );
      await expect(banner.getByRole("link", { name: "Agent sign-in" })).toHaveCount(0);
      await expect(banner.getByRole("link", { name: "Sign Up" })).toHaveCount(0);
      const main = page.getByRole("main");
      await expect(main.getByRole("link", { name: "Get Started" })).toHaveCount(0);
      await banner.getByRole("link", { name: "Dashboard", exact: true }).click();
      await expect(page.getByRole("heading", { name: "Your Telecom at a Glance" })).toBeVisible();
    });
  }

  test("the features page's own sign-up buttons give way to the dashboard", async ({ page }) => {
    await page.goto("/features");
    const main = page.getByRole("main");
    await expect(main.getByRole("link", { name: "Go to Dashboard" })).toHaveAttribute(
      "href",
      "/dashboard",
    );
    await expect(main.getByRole("link", { name: "Get Started" })).toHaveCount(0);
    await expect(main.getByRole("link", { name: "Sign Up" })).toHaveCount(0);
  });

  test("/blog/new tells the agent that only platform operators write the blog", async ({
    page,
  }) => {
    const response = await page.goto("/blog/new");
    expect(response?.status()).toBe(403);
    await expect(page.getByRole("heading", { level: 1 })).toContainText(
      "Only platform operators can write on the blog",
    );
    await expect(page.getByLabel("Author")).toHaveCount(0);
  });
});

test("/blog/new starts with the operator's name as the author", async ({ page }) => {
  // The demo admin is a platform operator in demo mode (decision 0043: only operators write).
  await resumeSession(page, DEMO_ADMIN);
  await page.goto("/blog/new");
  await expect(page.getByLabel("Author")).toHaveValue("Morgan Lee");
});

test("a visitor's public pages stay cacheable and offer the sign-in and the waitlist", async ({
  page,
}) => {
  const response = await page.goto("/");
  expect(response?.headers()["cache-control"] ?? "").not.toContain("no-store");
  expect(response?.headers().vary).toMatch(/cookie/i);
  const banner = page.getByRole("banner");
  await expect(banner.getByRole("link", { name: "Agent sign-in" })).toBeVisible();
  await expect(banner.getByRole("link", { name: "Sign Up" })).toBeVisible();
  await expect(banner.getByRole("link", { name: "Dashboard", exact: true })).toHaveCount(0);
});

test("/signup with sign-up closed is a page of the site that says how to get an account (defect 15)", async ({
  page,
}) => {
  const response = await page.goto("/signup");
  // Still not found: there is no sign-up form here.
  expect(response?.status()).toBe(404);
  await hydrated(page);
  await expect(page).toHaveTitle("Sign-up is by invitation | Carrierline");
  await expect(page.getByRole("banner").getByRole("link", { name: "Carrierline" })).toBeVisible();
  await expect(page.getByRole("contentinfo")).toBeVisible();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Sign-up is by invitation");
  const main = page.getByRole("main");
  await expect(main.getByRole("link", { name: "Agent sign-in" })).toHaveAttribute("href", "/login");
  await main.getByRole("link", { name: "Join the Waitlist" }).click();
  await expect(page.getByRole("dialog", { name: "Join the Carrierline beta" })).toBeVisible();
});

test("the beta band's email field and Sign Up show the keyboard's focus in white on the blue", async ({
  page,
}) => {
  await page.goto("/");
  await hydrated(page);
  const email = page.getByPlaceholder("you@yourcompany.com");
  await email.focus();
  // Focused from the keyboard: Shift+Tab away and Tab back.
  await page.keyboard.press("Shift+Tab");
  await page.keyboard.press("Tab");
  await expect(email).toBeFocused();
  expect(await email.evaluate((el) => getComputedStyle(el).boxShadow)).toContain(
    "rgb(255, 255, 255)",
  );
  await page.keyboard.press("Tab");
  const signUp = page.locator(":focus");
  await expect(signUp).toHaveText("Sign Up");
  expect(await signUp.evaluate((el) => getComputedStyle(el).outlineColor)).toBe(
    "rgb(255, 255, 255)",
  );
});
