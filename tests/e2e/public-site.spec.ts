import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { hydrated } from "./support/auth.ts";
import { SITE_PAGES } from "./support/pages.ts";

const PAGES = [
  {
    path: "/",
    texts: [
      "Quote and sell business wireless from every major carrier",
      "Get Started",
      "Try Demo",
      "Multi-carrier quoting",
      "Four steps from first call to commission",
      "Sell more lines with less busywork",
      "Salesforce",
      "Quotes across 100+ carriers",
      "Fiber and broadband quoting",
      "UCaaS and VoIP flows",
      "Bill auditing engine",
      "White-glove fulfilment",
      "Join the beta and quote your next deal",
      "Carrierline Assistant",
    ],
  },
  {
    path: "/features",
    texts: ["Everything You Need to Succeed", "Coming Soon", "Get Started", "Sign Up"],
  },
  {
    path: "/how-it-works",
    texts: [
      "Connect Your Business",
      "Quote in Seconds",
      "Provision Without Pain",
      "AI-Powered Support",
      "Grow With Insights",
      "Why Carrierline Works",
      "<video",
    ],
  },
  {
    path: "/about",
    texts: ["The sales platform telecom resellers deserve", 'id="careers"', 'id="contact"'],
  },
  { path: "/legal", texts: ['id="privacy"', 'id="terms"', 'id="compliance"'] },
  { path: "/join", texts: ["Join the Carrierline beta", "Full Name"] },
] as const;

test.describe("every public page is rendered on the server with its SEO tags", () => {
  for (const page of PAGES) {
    test(page.path, async ({ request, baseURL }) => {
      const response = await request.get(page.path);
      expect(response.status()).toBe(200);
      const html = await response.text();
      for (const text of page.texts) expect(html).toContain(text.replaceAll("'", "&#x27;"));
      const url = `${baseURL}${page.path}`;
      expect(html).toContain(`<link rel="canonical" href="${url}"/>`);
      expect(html).toContain(`<meta property="og:url" content="${url}"/>`);
      expect(html).toMatch(/<meta property="og:title" content="[^"]+"\/>/);
      expect(html).toMatch(/<meta name="description" content="[^"]{50,}"\/>/);
      expect(html).toMatch(/<title>[^<]+<\/title>/);
      // The footer: its three columns, the anchors, the about link and this year.
      for (const anchor of [
        "#features",
        "#enterprise",
        "#security",
        "#beta",
        "#blog",
        "#careers",
        "#contact",
        "#privacy",
        "#terms",
        "#compliance",
      ]) {
        expect(html).toContain(`${anchor}"`);
      }
      expect(html).toContain(`© ${new Date().getFullYear()} Carrierline`);
    });
  }

  test("the home page draws its 50 particles in the server HTML", async ({ request }) => {
    const html = await (await request.get("/")).text();
    expect(html.match(/class="particle /g)).toHaveLength(50);
  });
});

test("the footer's anchors land on real sections", async ({ page }) => {
  for (const [path, ids] of [
    ["/", ["features", "enterprise", "security", "beta", "blog", "demo"]],
    ["/about", ["careers", "contact"]],
    ["/legal", ["privacy", "terms", "compliance"]],
  ] as const) {
    await page.goto(path);
    for (const id of ids) await expect(page.locator(`#${id}`)).toHaveCount(1);
  }
});

test("sitemap.xml lists the public pages and robots.txt points at it", async ({
  request,
  baseURL,
}) => {
  const sitemap = await request.get("/sitemap.xml");
  expect(sitemap.headers()["content-type"]).toContain("application/xml");
  const xml = await sitemap.text();
  for (const path of ["/", "/features", "/how-it-works", "/about"]) {
    expect(xml).toContain(`<loc>${baseURL}${path}</loc>`);
  }
  expect(xml).not.toContain("/dashboard");
  const robots = await (await request.get("/robots.txt")).text();
  expect(robots).toContain(`Sitemap: ${baseURL}/sitemap.xml`);
  expect(robots).toContain("Disallow: /dashboard");
});

test("the header turns translucent with a border only past 10 px of scroll", async ({ page }) => {
  await page.goto("/");
  await hydrated(page);
  const header = page.getByRole("banner");
  await expect(header).toHaveAttribute("data-scrolled", "false");
  await page.evaluate(() => window.scrollTo(0, 10));
  await page.waitForTimeout(100);
  await expect(header).toHaveAttribute("data-scrolled", "false");
  await page.evaluate(() => window.scrollTo(0, 11));
  await expect(header).toHaveAttribute("data-scrolled", "true");
  await expect(header).toHaveClass(/backdrop-blur/);
  await expect(header).toHaveClass(/border-slate-200/);
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(header).toHaveAttribute("data-scrolled", "false");
});

test("the mobile menu opens, navigates, and closes on Escape back to its toggle", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await page.goto("/");
  await hydrated(page);
  await expect(page.getByRole("navigation", { name: "Main" })).toBeHidden();
  const toggle = page.getByRole("button", { name: "Open menu" });
  await toggle.click();
  const menu = page.getByRole("navigation", { name: "Mobile" });
  await expect(menu.getByRole("link")).toHaveText([
    "Features",
    "How It Works",
    "About",
    "Agent sign-in",
    "Sign Up",
  ]);
  await page.keyboard.press("Escape");
  await expect(menu).toBeHidden();
  await expect(page.getByRole("button", { name: "Open menu" })).toBeFocused();
  await page.getByRole("button", { name: "Open menu" }).click();
  await menu.getByRole("link", { name: "How It Works" }).click();
  await expect(page).toHaveURL(/\/how-it-works$/);
  await expect(menu).toBeHidden();
});

test.describe("the how-it-works carousel", () => {
  const activeTitle = (page: Page) =>
    page.locator('[aria-roledescription="slide"]:not([aria-hidden="true"]) h3');

  /** Fake timers that move only when the test says so. */
  async function stoppedClock(page: Page) {
    const start = new Date("2026-03-05T15:07:00Z");
    await page.clock.install({ time: start });
    await page.clock.pauseAt(new Date(start.getTime() + 1000));
  }

  test("advances every 6 s and holds 5 s after a manual move", async ({ page }) => {
    await stoppedClock(page);
    await page.goto("/how-it-works");
    await hydrated(page);
    await expect(activeTitle(page)).toHaveText("Connect Your Business");
    await page.clock.runFor(5900);
    await expect(activeTitle(page)).toHaveText("Connect Your Business");
    await page.clock.runFor(200);
    await expect(activeTitle(page)).toHaveText("Quote in Seconds");

    await page.getByRole("button", { name: "Next step" }).click();
    await expect(activeTitle(page)).toHaveText("Provision Without Pain");
    const carousel = page.locator('[aria-roledescription="carousel"]');
    await expect(carousel).toHaveAttribute("data-rotating", "false");
    // Held for 5 s after the press...
    await page.clock.runFor(4900);
    await expect(carousel).toHaveAttribute("data-rotating", "false");
    await page.clock.runFor(200);
    await expect(carousel).toHaveAttribute("data-rotating", "true");
    // ...then the 6 s rhythm starts again.
    await page.clock.runFor(5800);
    await expect(activeTitle(page)).toHaveText("Provision Without Pain");
    await page.clock.runFor(300);
    await expect(activeTitle(page)).toHaveText("AI-Powered Support");
  });

  test("works from the keyboard, and Pause stops it", async ({ page }) => {
    await stoppedClock(page);
    await page.goto("/how-it-works");
    await hydrated(page);
    await page.getByRole("button", { name: "Step 5: Grow With Insights" }).focus();
    await page.keyboard.press("Enter");
    await expect(activeTitle(page)).toHaveText("Grow With Insights");
    await page.keyboard.press("ArrowRight");
    await expect(activeTitle(page)).toHaveText("Connect Your Business");
    await page.keyboard.press("ArrowLeft");
    await expect(activeTitle(page)).toHaveText("Grow With Insights");
    await page.getByRole("button", { name: "Pause", exact: true }).click();
    await page.clock.runFor(30_000);
    await expect(activeTitle(page)).toHaveText("Grow With Insights");
    await page.getByRole("button", { name: "Play", exact: true }).click();
    await page.clock.runFor(6100);
    await expect(activeTitle(page)).toHaveText("Connect Your Business");
  });

  test("keeps one height while it rotates, so nothing below it moves", async ({ page }) => {
    await stoppedClock(page);
    await page.goto("/how-it-works");
    await hydrated(page);
    const carousel = page.locator('[aria-roledescription="carousel"]');
    const heights = new Set<number>();
    for (let step = 0; step < 5; step++) {
      heights.add(Math.round((await carousel.boundingBox())?.height ?? 0));
      await page.getByRole("button", { name: "Next step" }).click();
    }
    expect(heights.size).toBe(1);
    await expect(page.locator('[aria-roledescription="slide"][aria-hidden="true"]')).toHaveCount(4);
  });

  test("stays still under prefers-reduced-motion", async ({ page }) => {
    await page.emulateMedia({ reducedMotion: "reduce" });
    await stoppedClock(page);
    await page.goto("/how-it-works");
    await hydrated(page);
    await page.clock.runFor(20_000);
    await expect(activeTitle(page)).toHaveText("Connect Your Business");
    expect(await page.locator("video").evaluate((v: HTMLVideoElement) => v.paused)).toBe(true);
  });
});

test("the hero video is a muted inline loop with a poster, under 2 MB", async ({
  page,
  request,
}) => {
  await page.goto("/how-it-works");
  const video = page.locator("video");
  // WebP: the poster is the page's largest paint (decision 0015).
  await expect(video).toHaveAttribute("poster", /\.webp$/);
  expect(await video.evaluate((v: HTMLVideoElement) => v.muted && v.loop && v.playsInline)).toBe(
    true,
  );
  const src = await page.locator("video source").getAttribute("src");
  const clip = await request.get(src ?? "");
  expect(clip.status()).toBe(200);
  expect((await clip.body()).byteLength).toBeLessThan(2 * 1024 * 1024);
  const poster = await request.get((await video.getAttribute("poster")) ?? "");
  expect(poster.status()).toBe(200);
  expect(poster.headers()["content-type"]).toBe("image/webp");
  expect((await poster.body()).byteLength).toBeLessThan(50 * 1024);
});

test("the particles pause while the tab is hidden and stay still under reduced motion", async ({
  page,
}) => {
  await page.goto("/");
  await hydrated(page);
  const layer = page.locator(".particles");
  await expect(layer).toHaveAttribute("data-paused", "false");
  await page.evaluate(() => {
    Object.defineProperty(document, "hidden", { configurable: true, get: () => true });
    document.dispatchEvent(new Event("visibilitychange"));
  });
  await expect(layer).toHaveAttribute("data-paused", "true");
  expect(
    await page
      .locator(".particle")
      .first()
      .evaluate((el) => getComputedStyle(el).animationPlayState),
  ).toBe("paused");

  await page.emulateMedia({ reducedMotion: "reduce" });
  expect(
    await page
      .locator(".particle")
      .first()
      .evaluate((el) => getComputedStyle(el).animationName),
  ).toBe("none");
});

test.describe("axe finds no serious or critical violation", () => {
  for (const theme of ["dark", "light"] as const) {
    for (const path of [...SITE_PAGES, "/no-such-page"]) {
      test(`${path} in ${theme}`, async ({ page }) => {
        await page.emulateMedia({ reducedMotion: "reduce" });
        await page.addInitScript((value) => {
          localStorage.setItem(
            "theme-storage",
            JSON.stringify({ state: { theme: value }, version: 0 }),
          );
        }, theme);
        await page.goto(path);
        await hydrated(page);
        const results = await new AxeBuilder({ page }).analyze();
        const serious = results.violations.filter(
          (v) => v.impact === "serious" || v.impact === "critical",
        );
        expect(
          serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(" ")).join(", ")}`),
        ).toEqual([]);
      });
    }
  }

  test("the open sign-up modal, with its errors showing", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    await page.getByRole("link", { name: "Get Started" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("button", { name: "Join the Waitlist" }).click();
    await expect(dialog.getByText("Name is required")).toBeVisible();
    const results = await new AxeBuilder({ page }).include('[role="dialog"]').analyze();
    expect(
      results.violations.filter((v) => v.impact === "serious" || v.impact === "critical"),
    ).toEqual([]);
  });
});
