import { expect, type Locator, type Page, test } from "@playwright/test";
import { hydrated } from "./support/auth.ts";
import { expectNoSidewaysScroll } from "./support/layout.ts";
import { openPalette } from "./support/palette.ts";
import { resumeSession } from "./support/session.ts";
import { withOwnAgent } from "./support/users.ts";

// Where keyboard focus goes when what had it closes or moves, and screens that must fit a phone:
// the command palette, a deal card moved with the keys, the bill upload box, the customer cards,
// a quote's decision, the assistant's list and the notifications panel's buttons. The deals
// board's keyboard focus is tested in deals-board.spec.ts, whose demo deals its moves change.

// The quote test's own agent: marking a quote lost changes the company's open-quote figures.
const AGENT = {
  username: "focus_quoter",
  name: "Fern Quoter",
  password: "focus-quoter-password-1",
};

/** The element's box lies inside the window's width. */
async function expectOnScreen(page: Page, locator: Locator) {
  const box = await locator.boundingBox();
  const width = page.viewportSize()?.width ?? 0;
  expect(box, "a box").not.toBeNull();
  expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
  expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(width);
}

/** The hover title the pointer finds near the start of this text: the nearest one around it. */
async function titleUnderPointer(page: Page, text: Locator) {
  const box = await text.boundingBox();
  return page.evaluate(
    ({ x, y }) => document.elementFromPoint(x, y)?.closest("[title]")?.getAttribute("title"),
    { x: (box?.x ?? 0) + 4, y: (box?.y ?? 0) + (box?.height ?? 0) / 2 },
  );
}

test.describe("the command palette", () => {
  test("Escape gives focus back to the header's button that opened it", async ({ page }) => {
    await resumeSession(page);
    await page.goto("/dashboard");
    await hydrated(page);
    const button = page.getByRole("button", { name: /Go to tool/ });
    await button.focus();
    await page.keyboard.press("Enter");
    const palette = page.getByRole("dialog", { name: "Go to a tool" });
    await expect(palette).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(palette).toBeHidden();
    await expect(button).toBeFocused();
  });

  test("Escape gives focus back to the search box Ctrl+K was pressed in", async ({ page }) => {
    await resumeSession(page);
    await page.goto("/dashboard");
    await hydrated(page);
    const search = page.getByPlaceholder("Search tools...");
    await search.focus();
    const palette = await openPalette(page);
    await page.keyboard.press("Escape");
    await expect(palette).toBeHidden();
    await expect(search).toBeFocused();
  });
});

test("the bill upload box shows the keyboard's focus on its hidden file input", async ({
  page,
}) => {
  await resumeSession(page);
  await page.goto("/dashboard/bill-analyzer");
  await hydrated(page);
  const box = page.getByTestId("bill-drop-zone");
  await expect(box).toHaveCSS("outline-style", "none");
  await page.getByLabel("Bill file").focus();
  await expect(box).toHaveCSS("outline-style", "solid");
  await expect(box).toHaveCSS("outline-width", "2px");
});

test("at 320 px the customer cards fit, and cut text reads whole on hover", async ({ page }) => {
  await page.setViewportSize({ width: 320, height: 800 });
  await resumeSession(page);
  await page.goto("/dashboard/customers");
  await hydrated(page);
  const card = page.getByRole("article").filter({ hasText: "Keisha Morgan" });
  await expect(card).toBeVisible();
  await expectNoSidewaysScroll(page);
  await expectOnScreen(page, card);
  const name = card.getByRole("heading", { name: "Keisha Morgan" });
  const company = card.getByText("Bluewater Marine Services");
  // The card's link lies over its texts (the whole card opens the customer): the pointer on the
  // name or the company is on that link, whose title is the one shown, and holds both whole.
  // In view: other tests' customers may have pushed the card below the fold.
  await name.scrollIntoViewIfNeeded();
  for (const text of [name, company]) {
    expect(await titleUnderPointer(page, text)).toBe("Keisha Morgan · Bluewater Marine Services");
  }
  await expect(card.getByRole("link", { name: "kmorgan@bluewatermarine.example" })).toHaveAttribute(
    "title",
    "kmorgan@bluewatermarine.example",
  );
});

test.describe("a deal card's assignee", () => {
  // The longest username there may be (40 characters): a board's column cuts it.
  const LONG = {
    username: "maximiliana.wolfeschlegelsteinhausenberg",
    name: "Maximiliana Wolfeschlegelsteinhausenberg",
    password: "long-assignee-password-1",
  };
  const TITLE = "Long assignee's deal";
  withOwnAgent(LONG);

  // Five columns beside the sidebar cut it (a phone's column, 82% of the screen, holds it).
  test("cut at 1280 px, reads whole on hover and to a screen reader", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 900 });
    await resumeSession(page, LONG);
    await page.goto("/dashboard/deals?mine=1");
    await hydrated(page);
    const card = page.getByTestId("deal-card").filter({ hasText: TITLE });
    // A retry finds the deal its first attempt made.
    if ((await card.count()) === 0) {
      await page.goto("/dashboard/deals/new");
      await hydrated(page);
      const company = page.getByRole("combobox", { name: "Company name" });
      await company.fill("Harb");
      await expect(page.getByRole("option", { name: /Harbor Logistics/ })).toBeVisible();
      await company.press("ArrowDown");
      await company.press("Enter");
      await page.getByLabel("Deal title").fill(TITLE);
      await page.getByRole("button", { name: "Create Deal" }).click();
      await expect(page).toHaveURL(/\/dashboard\/deals$/);
      await page.goto("/dashboard/deals?mine=1");
      await hydrated(page);
    }
    await expect(card).toBeVisible();
    await card.scrollIntoViewIfNeeded();
    const assignee = card.getByText(LONG.username);
    // Cut by the column: the whole name is not on the screen.
    expect(await assignee.evaluate((el) => el.scrollWidth > el.clientWidth)).toBe(true);
    expect(await titleUnderPointer(page, assignee)).toBe(LONG.username);
    await expect(page.getByRole("link", { name: LONG.username })).toHaveCount(1);
    await expectNoSidewaysScroll(page);
  });
});

test.describe("a quote's decision", () => {
  withOwnAgent(AGENT);

  test("Mark Lost and Mark Accepted leave the focus on the quote's notice", async ({ page }) => {
    // Two quotes generated and saved: more than the local 30 s.
    test.slow();
    await resumeSession(page, AGENT);
    // Each company its own contact email: one email at two companies is refused as a duplicate.
    for (const [button, notice, status, company, email] of [
      ["Mark Lost", "Quote marked lost", "Lost", "Lostwood Freight", "fay@lostwood.example"],
      [
        "Mark Accepted",
        "Quote marked accepted",
        "Accepted",
        "Acceptor Freight",
        "fay@acceptor.example",
      ],
    ] as const) {
      await page.goto("/dashboard/quotes/new");
      await hydrated(page);
      await page.getByLabel("Company name *").fill(company);
      await page.getByLabel("Company website *").fill("focusfreight.example");
      await page.getByLabel("Contact name *").fill("Fay Focus");
      await page.getByLabel("Contact email *").fill(email);
      await page.getByLabel("Description *").fill("8 phones, unlimited data, 24 months");
      await page.getByRole("button", { name: "Generate Quote" }).click();
      await expect(page.getByTestId("quote-option").first()).toBeVisible();
      await page.getByRole("button", { name: "Save Quote" }).click();
      await expect(page).toHaveURL(/\/dashboard\/quotes$/);
      await hydrated(page);
      await page.getByRole("link", { name: company }).first().click();
      await expect(
        page.getByRole("heading", { level: 2, name: `Quote for ${company}` }),
      ).toBeVisible();
      await hydrated(page);
      await page.getByRole("button", { name: button }).focus();
      await page.keyboard.press("Enter");
      await expect(page.getByTestId("quote-status")).toHaveText(status);
      await expect(page.getByRole("button", { name: button })).toHaveCount(0);
      const focused = page.locator(":focus");
      await expect(focused).toContainText(notice);
    }
  });
});

test("the assistant's list shows New conversation's whole focus outline", async ({ page }) => {
  await page.setViewportSize({ width: 1280, height: 800 });
  await resumeSession(page);
  await page.goto("/dashboard/agent");
  await hydrated(page);
  const aside = page
    .locator("aside")
    .filter({ has: page.getByRole("navigation", { name: "Conversations" }) });
  const link = aside.getByRole("link", { name: "New conversation" });
  await link.focus();
  // The outline is 2 px wide, 2 px off the link: 4 px around it must lie inside the scroller.
  const [inner, outer] = await Promise.all([link.boundingBox(), aside.boundingBox()]);
  if (!inner || !outer) throw new Error("no boxes");
  expect(inner.x - 4).toBeGreaterThanOrEqual(outer.x);
  expect(inner.y - 4).toBeGreaterThanOrEqual(outer.y);
  expect(inner.x + inner.width + 4).toBeLessThanOrEqual(outer.x + outer.width);
});

test("at 390 px the notifications' buttons are 24 px tall or more, well apart", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await resumeSession(page);
  await page.goto("/dashboard");
  await hydrated(page);
  await page.getByRole("button", { name: /^Notifications/ }).click();
  const panel = page.getByRole("dialog", { name: "Notifications" });
  // An unread one: only those have Mark read.
  const item = panel
    .getByRole("listitem")
    .filter({ has: page.getByRole("button", { name: /^Mark .* read$/ }) })
    .first();
  const read = item.getByRole("button", { name: /^Mark .* read$/ });
  const remove = item.getByRole("button", { name: /^Remove/ });
  const [a, b] = await Promise.all([read.boundingBox(), remove.boundingBox()]);
  if (!a || !b) throw new Error("no boxes");
  expect(a.height).toBeGreaterThanOrEqual(24);
  expect(b.height).toBeGreaterThanOrEqual(24);
  expect(b.y - (a.y + a.height)).toBeGreaterThanOrEqual(8);
});
