import { expect, type Page, test } from "@playwright/test";
import { DEMO_AGENT, hydrated, signIn } from "./support/auth.ts";

// A return address after sign-in, and a sign-out, that another site cannot bend its way.

const EVIL = "http://evil.example";

/** Records every request the page makes to the other site (and answers none of them). */
async function watchEvil(page: Page) {
  const visits: string[] = [];
  await page.route(`${EVIL}/**`, (route) => {
    visits.push(route.request().url());
    return route.fulfill({ status: 200, contentType: "text/html", body: "<p>evil</p>" });
  });
  return visits;
}

for (const redirectTo of [
  "/%09/evil.example",
  "/%0a/evil.example",
  "/%5Cevil.example",
  "//evil.example",
]) {
  test(`signing in with redirectTo=${redirectTo} lands on /dashboard`, async ({ page }) => {
    const visits = await watchEvil(page);
    await page.goto(`/login?redirectTo=${redirectTo}`);
    await hydrated(page);
    await page.getByLabel("Username").fill(DEMO_AGENT.username);
    await page.getByLabel("Password").fill(DEMO_AGENT.password);
    await page.getByRole("button", { name: "Sign In" }).click();
    await expect(page).toHaveURL(/^http:\/\/localhost:\d+\/dashboard$/);
    expect(visits).toEqual([]);
  });
}

test("a sign-out posted from another site signs no one out", async ({ page, baseURL }) => {
  await signIn(page);
  // Another site's page that posts the sign-out form to us as soon as it loads.
  await page.route(`${EVIL}/**`, (route) =>
    route.fulfill({
      status: 200,
      contentType: "text/html",
      body: `<form id="f" method="post" action="${baseURL}/logout">
        <input type="hidden" name="scope" value="global"></form>
        <script>document.getElementById("f").submit()</script>`,
    }),
  );
  const answer = page.waitForResponse(`${baseURL}/logout`);
  await page.goto(`${EVIL}/`);
  const response = await answer;
  // Refused at the edge: the browser marks the post Sec-Fetch-Site: cross-site (decision 0013).
  expect(response.status()).toBe(403);
  expect(await response.headerValue("set-cookie")).toBeNull();

  await page.goto("/dashboard");
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole("button", { name: "Sign Out" })).toBeVisible();
});
