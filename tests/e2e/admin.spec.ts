import { expect, test } from "@playwright/test";
import { DEMO_ADMIN, signIn } from "./support/auth.ts";
import { resumeSession } from "./support/session.ts";
import { createUser } from "./support/users.ts";

test("the demo admin, also a platform operator, sees the Admin group, the waitlist with a new sign-up, and the outbox", async ({
  page,
  request,
}) => {
  const email = `e2e-${Date.now()}@reseller.example`;
  const signup = await request.post("/api/waitlist", {
    data: { name: "Erin Example", email, company: "Example Reseller", source: "beta_section" },
  });
  expect(await signup.json()).toEqual({ success: true });

  await resumeSession(page, DEMO_ADMIN);
  await page.goto("/dashboard");
  const admin = page
    .getByRole("navigation", { name: "Tools" })
    .getByRole("region", { name: "Admin" });
  await expect(admin.getByRole("link")).toHaveText([
    "Users",
    "Company Settings",
    "Waitlist",
    "Outbox",
  ]);
  await admin.getByRole("link", { name: "Waitlist" }).click();
  await expect(page.getByRole("banner").getByRole("heading")).toHaveText("Waitlist");
  await expect(page.getByRole("row", { name: new RegExp(email) })).toContainText("beta_section");
  await expect(page.getByRole("region", { name: "Sign-ups by source" })).toContainText(
    "beta_section",
  );
  await expect(page.getByRole("link", { name: "Export CSV" })).toHaveAttribute(
    "href",
    "/api/admin/waitlist.csv",
  );

  await admin.getByRole("link", { name: "Outbox" }).click();
  await expect(page.getByText(`to ${email}`)).toBeVisible();
});

test("a company's admin who is no platform operator sees Users and Outbox, and neither the waitlist nor the imports", async ({
  page,
  browser,
}) => {
  // The demo admin makes a plain admin, as any company's admin would be.
  const username = `plain-admin-${Date.now()}`;
  const password = "plain-admin-sturdy-42";
  await resumeSession(page, DEMO_ADMIN);
  await createUser(page, { username, name: "Plain Admin", password, role: "admin" });

  const context = await browser.newContext();
  const tab = await context.newPage();
  await signIn(tab, { username, password });
  const admin = tab
    .getByRole("navigation", { name: "Tools" })
    .getByRole("region", { name: "Admin" });
  await expect(admin.getByRole("link")).toHaveText(["Users", "Company Settings", "Outbox"]);
  const refused = await tab.goto("/dashboard/admin/waitlist");
  expect(refused?.status()).toBe(403);
  await expect(
    tab.getByRole("heading", { name: "Only platform operators can see this page." }),
  ).toBeVisible();
  await tab.goto("/dashboard/plans");
  await tab.getByText("Export the plan list (admin)").click();
  await expect(tab.getByRole("link", { name: "Export CSV" })).toBeVisible();
  await expect(tab.getByRole("button", { name: "Import CSV" })).toHaveCount(0);
  await tab.goto("/dashboard/devices");
  await expect(tab.getByRole("button", { name: "Import CSV" })).toHaveCount(0);
  await context.close();
});

test("agents see no Admin group and are refused the admin pages by the server", async ({
  page,
}) => {
  await resumeSession(page);
  await page.goto("/dashboard");
  await expect(
    page.getByRole("navigation", { name: "Tools" }).getByRole("region", { name: "Admin" }),
  ).toHaveCount(0);
  for (const [path, refusal] of [
    ["/dashboard/admin/waitlist", "Only platform operators can see this page."],
    ["/dashboard/admin/outbox", "Only administrators can see this page."],
  ] as const) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(403);
    await expect(page.getByRole("heading", { name: refusal })).toBeVisible();
  }
  expect((await page.request.get("/api/admin/waitlist.csv")).status()).toBe(403);
});

test("visitors are sent to sign in", async ({ request }) => {
  const response = await request.get("/dashboard/admin/waitlist", { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect((await request.get("/api/admin/waitlist.csv")).status()).toBe(401);
});
