import { createHash } from "node:crypto";
import { expect, test } from "@playwright/test";

test("the home page answers with server-rendered content", async ({ request }) => {
  const response = await request.get("/");
  expect(response.status()).toBe(200);
  const html = await response.text();
  expect(html).toContain("Quote and sell business wireless");
  expect(html).toContain("<title>Carrierline");
});

test("the login page answers", async ({ request }) => {
  const response = await request.get("/login");
  expect(response.status()).toBe(200);
  expect(await response.text()).toContain("Agent Portal Login");
});

test("an unknown page is a real 404 inside the site frame", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Main" })).toBeAttached();
  await page.getByRole("link", { name: "Go to the home page" }).click();
  await expect(page).toHaveURL(/\/$/);
});

test("pages carry the security headers, and inline scripts their CSP nonce", async ({
  request,
}) => {
  // A query string keeps the page out of the public page cache: rendered for this request, it
  // carries this response's nonce (cached pages carry hashes instead; decision 0032).
  const response = await request.get("/?ref=site-test");
  const headers = response.headers();
  expect(headers.etag).toBeUndefined();
  const csp = headers["content-security-policy"] ?? "";
  expect(csp).toContain("frame-ancestors 'none'");
  const nonce = csp.match(/script-src [^;]*'nonce-([^']+)'/)?.[1];
  expect(nonce).toBeTruthy();
  expect(headers["x-content-type-options"]).toBe("nosniff");
  expect(headers["referrer-policy"]).toBe("strict-origin-when-cross-origin");
  const html = await response.text();
  const scripts = html.match(/<script\b[^>]*>/g) ?? [];
  expect(scripts.length).toBeGreaterThan(0);
  for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
});

test("a cached public page allows exactly its own inline scripts, by hash", async ({ request }) => {
  await request.get("/");
  const response = await request.get("/");
  const headers = response.headers();
  expect(headers.etag).toBeTruthy();
  const scriptSrc = (headers["content-security-policy"] ?? "").match(/script-src ([^;]*)/)?.[1];
  expect(scriptSrc).not.toContain("'nonce-");
  expect(headers["x-content-type-options"]).toBe("nosniff");
  const html = await response.text();
  const inline = [...html.matchAll(/<script\b(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)].map(
    (m) => m[1] ?? "",
  );
  expect(inline.length).toBeGreaterThan(0);
  for (const body of inline) {
    const hash = createHash("sha256").update(body).digest("base64");
    expect(scriptSrc).toContain(`'sha256-${hash}'`);
  }
});

test("the page runs with no CSP violation and no console error", async ({ page }) => {
  const problems: string[] = [];
  page.on("console", (message) => {
    if (message.type() === "error") problems.push(message.text());
  });
  page.on("pageerror", (error) => problems.push(error.message));
  await page.goto("/");
  await page.goto("/login");
  await page.waitForLoadState("networkidle");
  expect(problems).toEqual([]);
});

test("hashed assets are cached for a year, and responses are compressed", async ({ request }) => {
  const html = await (await request.get("/")).text();
  const asset = html.match(/\/assets\/[^"]+\.js/)?.[0];
  expect(asset).toBeTruthy();
  const response = await request.get(asset ?? "", { headers: { "accept-encoding": "gzip" } });
  expect(response.status()).toBe(200);
  expect(response.headers()["cache-control"]).toContain("immutable");
  expect(response.headers()["content-encoding"]).toBe("gzip");
});
