import { expect, test } from "@playwright/test";
import { DEMO_ADMIN, hydrated } from "./support/auth.ts";
import { seriousViolations, THEMES, useTheme } from "./support/axe.ts";
import { resumeSession } from "./support/session.ts";

// Company Settings' Proposals section (issue 15): the admin's brand color, quote validity and
// logo, with its preview.

test("an admin sets the brand color and uploads a logo, sees the preview, then removes it", async ({
  page,
}) => {
  await resumeSession(page, DEMO_ADMIN);
  await page.goto("/dashboard/admin/company");
  await hydrated(page);
  const proposals = page.getByRole("region", { name: "Proposals" });
  await expect(proposals.getByText("No logo yet.")).toBeVisible();

  // A file that only calls itself a PNG is refused by its bytes.
  await proposals.getByLabel("Logo").setInputFiles({
    name: "logo.png",
    mimeType: "image/png",
    buffer: Buffer.from("this is not an image"),
  });
  await proposals.getByRole("button", { name: "Save Branding" }).click();
  await expect(page.getByRole("alert").first()).toContainText("must be a PNG or JPEG image");

  // The picker and the text stay in step; the text is saved in lower case.
  await proposals.getByLabel("Pick a brand color").fill("#0f766e");
  await expect(proposals.getByLabel("Brand color", { exact: true })).toHaveValue("#0f766e");
  await proposals.getByLabel("Brand color", { exact: true }).fill("#0F766E");
  await proposals.getByLabel("Quotes stay valid for (days)").fill("45");
  await proposals.getByLabel("Logo").setInputFiles("tests/fixtures/logo.png");
  await proposals.getByRole("button", { name: "Save Branding" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Branding saved" })).toBeVisible();

  const preview = proposals.getByRole("img", { name: /logo$/ });
  await expect(preview).toBeVisible();
  await expect
    .poll(() => preview.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(240);

  await page.reload();
  await expect(proposals.getByLabel("Brand color", { exact: true })).toHaveValue("#0f766e");
  await expect(proposals.getByLabel("Quotes stay valid for (days)")).toHaveValue("45");
  await expect(proposals.getByLabel("Replace logo")).toBeVisible();

  await proposals.getByRole("button", { name: "Remove Logo" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Logo removed" })).toBeVisible();
  await expect(proposals.getByText("No logo yet.")).toBeVisible();
  await expect(proposals.getByRole("img")).toHaveCount(0);
});

for (const theme of THEMES) {
  test(`Company Settings has no serious accessibility violations (${theme})`, async ({ page }) => {
    await useTheme(page, theme);
    await resumeSession(page, DEMO_ADMIN);
    await page.goto("/dashboard/admin/company");
    await hydrated(page);
    expect(await seriousViolations(page, theme)).toEqual([]);
  });
}
