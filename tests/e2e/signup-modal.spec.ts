import { expect, type Page, test } from "@playwright/test";
import { DEMO_ADMIN, hydrated } from "./support/auth.ts";
import { resumeSession } from "./support/session.ts";
import {
  fillSignup,
  isSignupPost,
  signupDialog,
  submitSignup,
  uniqueEmail,
} from "./support/signup.ts";

const PERSON = { name: "Dana Whitfield", company: "Whitfield Wireless", phone: "(555) 201-7788" };

test.describe("each opener tags the sign-up with its placement", () => {
  const openers = [
    {
      source: "header_nav",
      path: "/",
      open: (p: Page) => p.getByRole("banner").getByRole("link", { name: "Sign Up" }).click(),
    },
    {
      source: "hero_section",
      path: "/",
      open: (p: Page) => p.getByRole("link", { name: "Get Started" }).click(),
    },
    {
      source: "features_get_started",
      path: "/features",
      open: (p: Page) => p.getByRole("main").getByRole("link", { name: "Get Started" }).click(),
    },
    {
      source: "features_sign_up",
      path: "/features",
      open: (p: Page) => p.getByRole("main").getByRole("link", { name: "Sign Up" }).click(),
    },
  ] as const;
  for (const opener of openers) {
    test(opener.source, async ({ page }) => {
      await page.goto(opener.path);
      await hydrated(page);
      await opener.open(page);
      await expect(signupDialog(page)).toBeVisible();
      const email = uniqueEmail(opener.source);
      await fillSignup(page, { ...PERSON, email });
      expect(await submitSignup(page)).toMatchObject({ ...PERSON, email, source: opener.source });
      await expect(signupDialog(page).getByText("You're All Set!")).toBeVisible();
    });
  }

  test("header_mobile, from the mobile menu", async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/");
    await hydrated(page);
    await expect(page.getByRole("banner").getByRole("link", { name: "Sign Up" })).toBeHidden();
    await page.getByRole("button", { name: "Open menu" }).click();
    const menu = page.getByRole("navigation", { name: "Mobile" });
    await menu.getByRole("link", { name: "Sign Up" }).click();
    await expect(menu).toBeHidden();
    const email = uniqueEmail("mobile");
    await fillSignup(page, { ...PERSON, email });
    expect(await submitSignup(page)).toMatchObject({ email, source: "header_mobile" });
  });

  test("beta_section, with the email typed beside the button prefilled", async ({ page }) => {
    await page.goto("/");
    await hydrated(page);
    const email = uniqueEmail("beta");
    const beta = page.locator("#beta");
    await beta.getByLabel("Work email").fill(email);
    await beta.getByRole("link", { name: "Sign Up" }).click();
    await expect(signupDialog(page).getByLabel("Email")).toHaveValue(email);
    await fillSignup(page, { name: PERSON.name, company: PERSON.company });
    expect(await submitSignup(page)).toMatchObject({ email, source: "beta_section" });
  });
});

test("a completed sign-up shows the spec's texts, closes itself after 2 s and is stored", async ({
  page,
}) => {
  await page.goto("/");
  await hydrated(page);
  await page.getByRole("link", { name: "Get Started" }).click();
  const email = uniqueEmail("stored");
  await fillSignup(page, { ...PERSON, email });
  // Hold the answer to see the submitting state.
  let release: () => void = () => undefined;
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/api/waitlist", async (route) => {
    await held;
    await route.continue();
  });
  const dialog = signupDialog(page);
  await dialog.getByRole("button", { name: "Join the Waitlist" }).click();
  const busy = dialog.getByRole("button", { name: "Submitting..." });
  await expect(busy).toBeDisabled();
  for (const label of ["Full Name", "Email", "Company", "Phone (optional)"]) {
    await expect(dialog.getByLabel(label)).toBeDisabled();
  }
  // The page itself notes when the success text appears and when the dialog goes, so a busy
  // test machine cannot blur the 2 s.
  await page.evaluate(() => {
    const marks = document.documentElement.dataset;
    new MutationObserver(() => {
      const dialog = document.querySelector('[role="dialog"]');
      if (!marks.successAt && dialog?.textContent?.includes("You're All Set!")) {
        marks.successAt = String(performance.now());
      }
      if (marks.successAt && !dialog && !marks.closedAt) marks.closedAt = String(performance.now());
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  release();
  await expect(dialog.getByText("You're All Set!")).toBeVisible();
  await expect(dialog.getByText("Check your email for your access details.")).toBeVisible();
  await expect(dialog).toBeHidden({ timeout: 5000 });
  const shownFor = await page.evaluate(() => {
    const marks = document.documentElement.dataset;
    return Number(marks.closedAt) - Number(marks.successAt);
  });
  expect(shownFor).toBeGreaterThanOrEqual(1950);
  // Generous above: a loaded test machine delays the browser's timers, never advances them.
  expect(shownFor).toBeLessThan(3500);

  // The admin's export holds the sign-up: nothing accepted is lost.
  await resumeSession(page, DEMO_ADMIN);
  const csv = await (await page.request.get("/api/admin/waitlist.csv")).text();
  expect(csv).toContain(`"${email}"`);
  expect(csv).toContain('"hero_section"');
});

test("every field message shows on blur or on a submit attempt, never before", async ({ page }) => {
  await page.goto("/");
  await hydrated(page);
  await page.getByRole("link", { name: "Get Started" }).click();
  const dialog = signupDialog(page);
  await expect(dialog.getByText("Name is required")).toHaveCount(0);

  await dialog.getByLabel("Full Name").focus();
  await dialog.getByLabel("Full Name").blur();
  await expect(dialog.getByText("Name is required")).toBeVisible();
  await expect(dialog.getByText("Email is required")).toHaveCount(0);

  await dialog.getByLabel("Email").fill("not-an-email");
  await dialog.getByLabel("Email").blur();
  await expect(dialog.getByText("Please enter a valid email address")).toBeVisible();
  await dialog.getByLabel("Email").fill("   ");
  await dialog.getByLabel("Email").blur();
  await expect(dialog.getByText("Email is required")).toBeVisible();

  await dialog.getByLabel("Phone (optional)").fill("12345");
  await dialog.getByLabel("Phone (optional)").blur();
  await expect(dialog.getByText("Please enter a valid phone number")).toBeVisible();
  await dialog.getByLabel("Phone (optional)").fill("(555) 123-4567");
  await expect(dialog.getByText("Please enter a valid phone number")).toHaveCount(0);

  // A submit attempt checks everything and sends nothing.
  let posted = false;
  page.on("request", (request) => {
    if (isSignupPost(request)) posted = true;
  });
  await dialog.getByRole("button", { name: "Join the Waitlist" }).click();
  await expect(dialog.getByText("Company is required")).toBeVisible();
  await expect(dialog.getByText("Name is required")).toBeVisible();
  await expect(dialog.getByLabel("Full Name")).toBeFocused();
  await expect(dialog.getByLabel("Full Name")).toHaveAttribute("aria-invalid", "true");
  expect(posted).toBe(false);
});

test("the backdrop, the close button and Escape close the modal, and typing survives", async ({
  page,
}) => {
  await page.goto("/");
  await hydrated(page);
  const open = () => page.getByRole("link", { name: "Get Started" }).click();
  const dialog = signupDialog(page);

  await open();
  await fillSignup(page, { name: "Kept Name" });
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();

  await open();
  await expect(dialog.getByLabel("Full Name")).toHaveValue("Kept Name");
  await page.keyboard.press("Escape");
  await expect(dialog).toBeHidden();

  await open();
  await expect(dialog).toBeVisible();
  // A click outside the panel lands on the backdrop.
  await page.mouse.click(5, 5);
  await expect(dialog).toBeHidden();
});

test.describe("failures show the spec's messages, keep the form editable and are reported", () => {
  const cases = [
    {
      name: "the server's own text",
      status: 503,
      body: '{"error":"Sign-ups are paused for maintenance."}',
      expected: "Sign-ups are paused for maintenance.",
    },
    {
      name: "an error answer without text",
      status: 400,
      body: "{}",
      expected: "Failed to process request",
    },
    {
      name: "an answer that is not JSON",
      status: 502,
      body: "<html>Bad gateway</html>",
      expected: "Server error: 502",
    },
    {
      name: "an OK answer without success",
      status: 200,
      body: '{"success":false}',
      expected: "Failed to join waitlist",
    },
  ] as const;
  for (const failure of cases) {
    test(failure.name, async ({ page }) => {
      await page.route("**/api/waitlist", (route) =>
        route.fulfill({
          status: failure.status,
          body: failure.body,
          contentType: "application/json",
        }),
      );
      await page.goto("/");
      await hydrated(page);
      await page.getByRole("link", { name: "Get Started" }).click();
      await fillSignup(page, { ...PERSON, email: uniqueEmail("fail") });
      const reported = page.waitForRequest(
        (r) =>
          r.url().endsWith("/api/events") &&
          r.postData()?.includes("waitlist_submission_error") === true,
      );
      await submitSignup(page);
      const dialog = signupDialog(page);
      await expect(dialog.getByRole("alert")).toHaveText(failure.expected);
      expect((await reported).postDataJSON()).toMatchObject({
        name: "waitlist_submission_error",
        source: "hero_section",
        message: failure.expected,
      });
      await expect(dialog.getByLabel("Company")).toBeEditable();
      await expect(dialog.getByRole("button", { name: "Join the Waitlist" })).toBeEnabled();
    });
  }

  test("a network failure", async ({ page }) => {
    await page.route("**/api/waitlist", (route) => route.abort("connectionrefused"));
    await page.goto("/");
    await hydrated(page);
    await page.getByRole("link", { name: "Get Started" }).click();
    await fillSignup(page, { ...PERSON, email: uniqueEmail("offline") });
    await submitSignup(page);
    await expect(signupDialog(page).getByRole("alert")).toHaveText("Failed to submit form");
  });
});

test("the funnel's begin and complete events reach /api/events with the source", async ({
  page,
}) => {
  const events: unknown[] = [];
  page.on("request", (request) => {
    if (request.url().endsWith("/api/events")) events.push(request.postDataJSON());
  });
  await page.goto("/features");
  await hydrated(page);
  await page.getByRole("main").getByRole("link", { name: "Sign Up" }).click();
  await fillSignup(page, { ...PERSON, email: uniqueEmail("events") });
  await submitSignup(page);
  await expect(signupDialog(page).getByText("You're All Set!")).toBeVisible();
  await expect
    .poll(() => events)
    .toEqual([
      expect.objectContaining({ name: "begin_waitlist_submission", source: "features_sign_up" }),
      expect.objectContaining({ name: "complete_waitlist_submission", source: "features_sign_up" }),
    ]);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a Sign Up button leads to /join, which validates on the server and keeps the typing", async ({
    page,
  }) => {
    await page.goto("/");
    await page.locator("#beta").getByRole("link", { name: "Sign Up" }).click();
    await expect(page).toHaveURL(/\/join\?source=beta_section$/);
    await page.getByLabel("Full Name").fill(PERSON.name);
    await page.getByLabel("Email").fill("not-an-email");
    await page.getByRole("button", { name: "Join the Waitlist" }).click();
    await expect(page.getByText("Please enter a valid email address")).toBeVisible();
    await expect(page.getByText("Company is required")).toBeVisible();
    await expect(page.getByLabel("Full Name")).toHaveValue(PERSON.name);

    const email = uniqueEmail("nojs");
    await page.getByLabel("Email").fill(email);
    await page.getByLabel("Company").fill(PERSON.company);
    await page.getByRole("button", { name: "Join the Waitlist" }).click();
    await expect(page.getByText("You're All Set!")).toBeVisible();
    await expect(page.getByText("Check your email for your access details.")).toBeVisible();
  });
});
