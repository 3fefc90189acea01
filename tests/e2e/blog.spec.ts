import { AxeBuilder } from "@axe-core/playwright";
import { expect, type Page, test } from "@playwright/test";
import { formatDate, formatLongDate } from "#app/lib/format.ts";
import { DEMO_ADMIN, hydrated } from "./support/auth.ts";
import { resumeSession } from "./support/session.ts";

// The demo seed publishes 8 posts; other tests in this file add more while it runs, so counts are
// checked as "at least" and each created post has a title of its own. Posts are written by the
// demo admin, a platform operator in demo mode: only operators write the blog (decision 0043).

const unique = (title: string) => `${title} ${Date.now()}-${Math.floor(Math.random() * 1e6)}`;
const BYLINE = /^.+·[A-Z][a-z]{2} \d{1,2}, \d{4}·\d+ min read$/;

async function writePost(
  page: Page,
  post: { title: string; content: string; excerpt?: string; author?: string; readTime?: string },
) {
  await page.goto("/blog/new");
  await hydrated(page);
  await page.getByLabel("Title").fill(post.title);
  await page.getByLabel("Excerpt").fill(post.excerpt ?? "A short summary for the list.");
  await page.getByLabel("Content (Markdown)").fill(post.content);
  await page.getByLabel("Author").fill(post.author ?? "Jordan Lee");
  await page.getByLabel("Read Time (minutes)").fill(post.readTime ?? "5");
  await page.getByRole("button", { name: "Create Post" }).click();
}

test("the list shows 6 cards with author, short date and read time; Load More appends", async ({
  page,
}) => {
  await page.goto("/blog");
  await hydrated(page);
  await expect(
    page.getByRole("heading", { level: 1, name: "Insights on AI-Powered Telecom Distribution" }),
  ).toBeVisible();
  await expect(
    page.getByText(
      "Stay updated with the latest trends, insights, and best practices in telecom distribution.",
    ),
  ).toBeVisible();
  const cards = page.locator("main article");
  await expect(cards).toHaveCount(6);
  for (const byline of await cards.locator("p:has(time)").allTextContents()) {
    expect(byline).toMatch(BYLINE);
  }
  const firstSix = await cards.getByRole("heading").allTextContents();
  await expect(page.getByRole("link", { name: "Create New Post" })).toHaveCount(0);

  await page.getByRole("link", { name: "Load More Posts" }).click();
  await expect.poll(() => cards.count()).toBeGreaterThanOrEqual(8);
  // Appended in place, the URL saying how much is shown: the first six still first, no card twice.
  await expect(page).toHaveURL(/\/blog\?shown=2$/);
  const all = await cards.getByRole("heading").allTextContents();
  expect(all.slice(0, 6)).toEqual(firstSix);
  expect(new Set(all).size).toBe(all.length);
  // Keyboard users continue at the first post that was added.
  await expect(cards.nth(6).getByRole("link")).toBeFocused();
});

test("Back from a post opened after Load More shows the same list, at the same place", async ({
  page,
}) => {
  await page.goto("/blog");
  await hydrated(page);
  const cards = page.locator("main article");
  await page.getByRole("link", { name: "Load More Posts" }).click();
  await expect.poll(() => cards.count()).toBeGreaterThanOrEqual(7);
  const shown = await cards.count();
  const seventh = cards.nth(6).getByRole("heading");
  const title = await seventh.textContent();
  await seventh.getByRole("link").click();
  await expect(page).toHaveURL(/\/blog\/[^/?]+$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(title ?? "");
  await page.goBack();
  await expect(page).toHaveURL(/\/blog\?shown=2$/);
  await expect(cards).toHaveCount(shown);
  await expect(cards.nth(6).getByRole("heading")).toHaveText(title ?? "");
  await expect(cards.nth(6)).toBeInViewport();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("Load More Posts is a link that shows the first pages and more", async ({ page }) => {
    await page.goto("/blog");
    await expect(page.locator("main article")).toHaveCount(6);
    await page.getByRole("link", { name: "Load More Posts" }).click();
    await expect(page).toHaveURL(/\/blog\?shown=2$/);
    expect(await page.locator("main article").count()).toBeGreaterThanOrEqual(7);
  });

  test("a single page is still there for the older links", async ({ page }) => {
    await page.goto("/blog?page=2");
    await expect(page.locator("main article").first()).toBeVisible();
    await expect(page.getByRole("link", { name: "Newer posts" })).toBeVisible();
  });
});

test("a visitor is sent to sign in from /blog/new and comes back to write", async ({ page }) => {
  await page.goto("/blog/new");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fblog%2Fnew$/);
  await page.getByLabel("Username").fill(DEMO_ADMIN.username);
  await page.getByLabel("Password").fill(DEMO_ADMIN.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/blog\/new$/);
  await expect(page.getByRole("heading", { name: "Create New Blog Post" })).toBeVisible();
  await expect(page.getByLabel("Read Time (minutes)")).toHaveValue("5");
  await expect(page.getByLabel("Content (Markdown)")).toHaveAttribute("rows", "15");
  await expect(page.getByLabel("Excerpt")).toHaveAttribute("rows", "3");
});

test("a reseller's agent is offered no editor, and /blog/new tells them why", async ({ page }) => {
  await resumeSession(page);
  await page.goto("/blog");
  await hydrated(page);
  await expect(page.locator("main article").first()).toBeVisible();
  await expect(page.getByRole("link", { name: "Create New Post" })).toHaveCount(0);

  const response = await page.goto("/blog/new");
  expect(response?.status()).toBe(403);
  await hydrated(page);
  const main = page.getByRole("main");
  await expect(
    main.getByRole("heading", { level: 1, name: /^Only platform operators can write on the blog/ }),
  ).toBeVisible();
  await expect(page.getByRole("button", { name: "Create Post" })).toHaveCount(0);
  await expect(page.getByLabel("Content (Markdown)")).toHaveCount(0);
  await main.getByRole("link", { name: "Back to Blog" }).click();
  await expect(page).toHaveURL(/\/blog$/);
});

test("the form says what is missing and takes the author to the first field", async ({ page }) => {
  await resumeSession(page, DEMO_ADMIN);
  await page.goto("/blog/new");
  await hydrated(page);
  // The author starts as the agent's name; emptied here so that every field has something missing.
  await page.getByLabel("Author").fill("");
  await page.getByLabel("Read Time (minutes)").fill("0");
  await page.getByRole("button", { name: "Create Post" }).click();
  for (const message of [
    "Title is required",
    "Excerpt is required",
    "Content is required",
    "Author is required",
    "Read time must be at least 1 minute",
  ]) {
    await expect(page.getByText(message)).toBeVisible();
  }
  await expect(page.getByLabel("Title")).toBeFocused();
  await expect(page).toHaveURL(/\/blog\/new$/);
  // A message goes as soon as the value is right, while the field is still being typed in: were
  // it to go on leaving the field, the button would move away under a click.
  await page.getByLabel("Read Time (minutes)").fill("3");
  await expect(page.getByLabel("Read Time (minutes)")).toBeFocused();
  await expect(page.getByText("Read time must be at least 1 minute")).toHaveCount(0);
});

test("an operator writes a post, sees it rendered, then finds it on the list", async ({ page }) => {
  await resumeSession(page, DEMO_ADMIN);
  await page.goto("/blog");
  await page.getByRole("link", { name: "Create New Post" }).click();
  await expect(page).toHaveURL(/\/blog\/new$/);
  const title = unique("Quoting Fiber & 5G Together");
  const content = [
    "# Why bundle",
    "",
    "Customers want **one bill** and [a single contact](https://example.com/contact).",
    "",
    "- Fiber for the office",
    "- 5G for the fleet",
    "",
    "| Carrier | Lines |",
    "|---|---|",
    "| Verizon | 40 |",
    "",
    "Run `quote --all` first.",
  ].join("\n");
  await hydrated(page);
  await page.getByLabel("Content (Markdown)").fill(content);
  await page.getByRole("button", { name: "Show preview" }).click();
  await expect(
    page.getByRole("region", { name: "Preview" }).getByRole("heading", { name: "Why bundle" }),
  ).toBeVisible();

  await writePost(page, { title, content, author: "Jordan Lee", readTime: "7" });
  await expect(page).toHaveURL(/\/blog\/quoting-fiber-5g-together-\d+-\d+$/);
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const byline = page.locator("main p:has(time)");
  await expect(byline).toHaveText(`Jordan Lee·${formatLongDate(new Date())}·7 min read`);
  await expect(byline).toContainText(/[A-Z][a-z]+ \d{1,2}, \d{4}/);
  const article = page.locator("main article");
  await expect(article.getByRole("heading", { level: 2, name: "Why bundle" })).toBeVisible();
  await expect(article.locator("strong")).toHaveText("one bill");
  await expect(article.getByRole("link", { name: "a single contact" })).toHaveAttribute(
    "href",
    "https://example.com/contact",
  );
  await expect(article.getByRole("listitem")).toHaveText([
    "Fiber for the office",
    "5G for the fleet",
  ]);
  await expect(article.getByRole("cell", { name: "Verizon" })).toBeVisible();
  await expect(article.locator("code")).toHaveText("quote --all");

  await page.getByRole("link", { name: "Back to Blog" }).click();
  await expect(page).toHaveURL(/\/blog$/);
  const card = page.locator("main article", { hasText: title });
  await expect(card.locator("p:has(time)")).toHaveText(
    `Jordan Lee·${formatDate(new Date())}·7 min read`,
  );
  await expect(card).toContainText("A short summary for the list.");
});

test("a post's HTML and script never run, on the server's page or after navigation", async ({
  page,
}) => {
  const dialogs: string[] = [];
  page.on("dialog", async (dialog) => {
    dialogs.push(dialog.message());
    await dialog.dismiss();
  });
  await resumeSession(page, DEMO_ADMIN);
  const title = unique("Injection attempt");
  await writePost(page, {
    title,
    content: [
      "<script>window.__xss = 'script'; alert('script')</script>",
      "",
      "Hello <img src=x onerror=\"window.__xss = 'img'; alert('img')\"> there.",
      "",
      "[click me](javascript:alert('link'))",
      "",
      "<iframe src=\"javascript:alert('frame')\"></iframe>",
    ].join("\n"),
  });
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();

  for (const visit of ["after navigation", "server-rendered"]) {
    if (visit === "server-rendered") await page.reload();
    await hydrated(page);
    const article = page.locator("main article");
    await expect(article, visit).toContainText("<script>window.__xss = 'script'");
    await expect(article.locator("script"), visit).toHaveCount(0);
    await expect(article.locator("img"), visit).toHaveCount(0);
    await expect(article.locator("iframe"), visit).toHaveCount(0);
    await expect(article.locator("[onerror]"), visit).toHaveCount(0);
    await expect(article.getByRole("link", { name: "click me" })).not.toHaveAttribute(
      "href",
      /javascript:/,
    );
    await article.getByRole("link", { name: "click me" }).click();
    expect(await page.evaluate(() => Reflect.get(window, "__xss")), visit).toBeUndefined();
  }
  expect(dialogs).toEqual([]);
});

test("an operator deletes a post after its confirm; it leaves the list and its link is a 404", async ({
  page,
}) => {
  const title = unique("A post to take down");
  await resumeSession(page, DEMO_ADMIN);
  await writePost(page, { title, content: "Soon gone." });
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();
  const address = new URL(page.url()).pathname;
  await hydrated(page);

  await page.getByRole("button", { name: "Delete post" }).click();
  const dialog = page.getByRole("dialog", { name: "Delete this post?" });
  await expect(dialog).toContainText("its link stops working");
  await dialog.getByRole("button", { name: "Cancel" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("heading", { level: 1, name: title })).toBeVisible();

  await page.getByRole("button", { name: "Delete post" }).click();
  await dialog.getByRole("button", { name: "Delete post" }).click();
  await expect(page).toHaveURL(/\/blog$/);
  await expect(page.getByRole("link", { name: title })).toHaveCount(0);
  const gone = await page.goto(address);
  expect(gone?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Post not found" })).toBeVisible();
});

test("an unknown post is a 404 that says 'Post not found'", async ({ page }) => {
  const response = await page.goto("/blog/no-such-post-anywhere");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Post not found" })).toBeVisible();
  await page.getByRole("link", { name: "Back to Blog" }).click();
  await expect(page).toHaveURL(/\/blog$/);
});

test("the blog's pages have no accessibility violations", async ({ page }) => {
  await page.goto("/blog");
  const list = await new AxeBuilder({ page }).include("main").analyze();
  expect(list.violations.map((v) => v.id)).toEqual([]);
  await page.locator("main article a").first().click();
  await expect(page.getByRole("link", { name: "Back to Blog" })).toBeVisible();
  const post = await new AxeBuilder({ page }).include("main").analyze();
  expect(post.violations.map((v) => v.id)).toEqual([]);
  await resumeSession(page, DEMO_ADMIN);
  await page.goto("/blog/new");
  await page.getByRole("button", { name: "Create Post" }).click();
  const form = await new AxeBuilder({ page }).include("main").analyze();
  expect(form.violations.map((v) => v.id)).toEqual([]);
});
