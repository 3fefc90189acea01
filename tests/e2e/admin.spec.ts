import { expect, test } from "@playwright/test";
import { DEMO_ADMIN, signIn } from "./support/auth.ts";

test("admins see the Admin group, the waitlist with a new sign-up, and the outbox", async ({
  page,
  request,
}) => {
  const email = `e2e-${Date.now()}@reseller.example`;
  const signup = await request.post("/api/waitlist", {
    data: { name: "Erin Example", email, company: "Example Reseller", source: "beta_section" },
  });
  expect(await signup.json()).toEqual({ success: true });

  await signIn(page, DEMO_ADMIN);
  const admin = page
    .getByRole("navigation", { name: "Tools" })
    .getByRole("region", { name: "Admin" });
  await expect(admin.getByRole("link")).toHaveText(["Users", "Waitlist", "Outbox"]);
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

test("agents see no Admin group and are refused the admin pages by the server", async ({
  page,
}) => {
  await signIn(page);
  await expect(
    page.getByRole("navigation", { name: "Tools" }).getByRole("region", { name: "Admin" }),
  ).toHaveCount(0);
  for (const path of ["/dashboard/admin/waitlist", "/dashboard/admin/outbox"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(403);
    await expect(
      page.getByRole("heading", { name: "Only administrators can see this page." }),
    ).toBeVisible();
  }
  expect((await page.request.get("/api/admin/waitlist.csv")).status()).toBe(403);
});

test("visitors are sent to sign in", async ({ request }) => {
  const response = await request.get("/dashboard/admin/waitlist", { maxRedirects: 0 });
  expect(response.status()).toBe(302);
  expect((await request.get("/api/admin/waitlist.csv")).status()).toBe(401);
});
