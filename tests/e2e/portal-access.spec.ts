import { expect, test } from "@playwright/test";

const PORTAL_PATHS = [
  "/dashboard",
  "/dashboard/plans",
  "/dashboard/promos",
  "/dashboard/devices",
  "/dashboard/resources",
  "/dashboard/deals",
  "/dashboard/account",
];

test("a visitor is sent to /login from every portal page, by the server", async ({ request }) => {
  for (const path of PORTAL_PATHS) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(302);
    expect(response.headers().location, path).toBe(`/login?redirectTo=${encodeURIComponent(path)}`);
  }
});

test("a visitor gets 401 from the notifications API", async ({ request }) => {
  expect((await request.get("/api/notifications")).status()).toBe(401);
});

test("an unknown portal page is a 404 inside the shell, and only for signed-in agents", async ({
  page,
  request,
}) => {
  const visitor = await request.get("/dashboard/no-such-tool", { maxRedirects: 0 });
  expect(visitor.status()).toBe(302);
  await page.goto("/login");
  await page.getByLabel("Username").fill("demo");
  await page.getByLabel("Password").fill("carrierline-demo");
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/dashboard$/);
  const response = await page.goto("/dashboard/no-such-tool");
  expect(response?.status()).toBe(404);
  await expect(page.getByRole("heading", { name: "Page not found" })).toBeVisible();
  await expect(page.getByRole("navigation", { name: "Tools" })).toBeVisible();
});
