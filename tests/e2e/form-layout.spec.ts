import { expect, type Locator, type Page, test } from "@playwright/test";
import { hydrated } from "./support/auth.ts";
import { resumeSession } from "./support/session.ts";

// Two fields side by side keep their labels and their boxes in line when only one of them has a
// hint: the hint sits under its box. Once it sat between the label and the box, and pushed that
// box a line below its neighbour.

test.use({ viewport: { width: 1280, height: 900 } });

async function top(locator: Locator): Promise<number> {
  const box = await locator.boundingBox();
  if (!box) throw new Error("not drawn");
  return Math.round(box.y);
}

async function expectInLine(page: Page, left: string, right: string) {
  const a = page.getByLabel(left, { exact: true });
  const b = page.getByLabel(right, { exact: true });
  expect(await top(a), `${left} beside ${right}`).toBe(await top(b));
  const labelOf = (name: string) => page.locator("label").getByText(name, { exact: true });
  expect(await top(labelOf(left))).toBe(await top(labelOf(right)));
}

test.beforeEach(async ({ page }) => {
  await resumeSession(page);
});

test("My Account: the sign-in phone beside the password that has a hint", async ({ page }) => {
  await page.goto("/dashboard/account");
  await hydrated(page);
  await expectInLine(page, "New sign-in phone", "Your password");
  // The hint is still read out with its field.
  await expect(page.getByLabel("Your password", { exact: true })).toHaveAccessibleDescription(
    "Not needed if you signed in within the last 15 minutes.",
  );
});

test("Quote Generator: the company name beside the website that has a hint", async ({ page }) => {
  await page.goto("/dashboard/quotes/new");
  await hydrated(page);
  await expectInLine(page, "Company name *", "Company website *");
});

// The forms that create things mark the fields an agent must fill in the same way: a "*" after
// the label of each required text field (a select that starts on a value cannot be left empty),
// and on no optional one. New Deal once marked none.
for (const path of ["/dashboard/deals/new", "/dashboard/customers/new", "/dashboard/quotes/new"]) {
  test(`${path}: a "*" marks exactly the required text fields`, async ({ page }) => {
    await page.goto(path);
    await hydrated(page);
    const fields = await page
      .locator("main :is(input:not([type=hidden]), textarea):visible")
      .evaluateAll((controls) =>
        controls.map((c) => ({
          label: (c.id ? document.querySelector(`label[for="${c.id}"]`)?.textContent : "") ?? "",
          required: c.hasAttribute("required"),
        })),
      );
    expect(fields.filter((f) => f.required).length).toBeGreaterThan(1);
    const unmarked = fields.filter((f) => f.required !== f.label.trim().endsWith("*"));
    expect(unmarked).toEqual([]);
  });
}
