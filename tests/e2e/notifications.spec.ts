import { expect, type Page, test } from "@playwright/test";
import { DEMO_ADMIN } from "./support/auth.ts";
import { resumeSession } from "./support/session.ts";

// These tests change the demo agent's stored notifications, so they run one after another.
test.describe.configure({ mode: "serial" });

const badge = (page: Page) => page.getByTestId("unread-badge");
const openPanel = async (page: Page) => {
  await page.getByRole("button", { name: /^Notifications/ }).click();
  return page.getByRole("dialog", { name: "Notifications" });
};

test("the bell counts unread notifications and the panel lists them newest first", async ({
  page,
}) => {
  await resumeSession(page);
  await page.goto("/dashboard");
  await expect(badge(page)).toHaveText("4");
  const panel = await openPanel(page);
  await expect(panel.getByRole("listitem").locator("p.font-medium")).toHaveText([
    /Quote sent/,
    /New promotion/,
    /Data usage alert/,
    /Deal won/,
  ]);
  await expect(
    panel.getByText(/^[A-Z][a-z]{2} \d{1,2}, \d{4}, \d{1,2}:\d{2} (AM|PM)$/).first(),
  ).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(panel).toBeHidden();
  // A keyboard user is back where they were: on the bell.
  await expect(page.getByRole("button", { name: /^Notifications/ })).toBeFocused();
});

test("mark one read, remove one, and the server keeps it after a reload", async ({ page }) => {
  await resumeSession(page);
  await page.goto("/dashboard");
  let panel = await openPanel(page);
  // The screen changes at once; the reload must come after the server has each change.
  const saved = (method: string) =>
    page.waitForResponse(
      (r) => r.url().includes("/api/notifications/") && r.request().method() === method,
    );
  const marked = saved("PATCH");
  await panel.getByRole("button", { name: 'Mark "Quote sent" as read' }).click();
  await expect(badge(page)).toHaveText("3");
  expect((await marked).ok()).toBe(true);
  const removed = saved("DELETE");
  await panel.getByRole("button", { name: 'Remove "New promotion"' }).click();
  await expect(panel.getByRole("listitem")).toHaveCount(3);
  await expect(badge(page)).toHaveText("2");
  expect((await removed).ok()).toBe(true);
  await page.reload();
  await expect(badge(page)).toHaveText("2");
  panel = await openPanel(page);
  await expect(panel.getByRole("listitem")).toHaveCount(3);
  const stored = await page.evaluate(() => localStorage.getItem("notification-storage"));
  expect(JSON.parse(stored ?? "{}").state.notifications).toHaveLength(3);
});

test("another tab sees 'Mark all as read' at once", async ({ page, context }) => {
  await resumeSession(page);
  await page.goto("/dashboard");
  const other = await context.newPage();
  await other.goto("/dashboard");
  await expect(badge(other)).toHaveText("2");
  const panel = await openPanel(page);
  await panel.getByRole("button", { name: "Mark all as read" }).click();
  await expect(badge(page)).toHaveCount(0);
  await expect(badge(other)).toHaveCount(0);
});

test("clear all leaves 'No notifications yet'", async ({ page }) => {
  await resumeSession(page);
  await page.goto("/dashboard");
  const panel = await openPanel(page);
  // The screen changes at once; the reload must come after the server has the change (under
  // load, a reload's render read the list before the DELETE was taken).
  const cleared = page.waitForResponse(
    (r) => r.url().endsWith("/api/notifications") && r.request().method() === "DELETE",
  );
  await panel.getByRole("button", { name: "Clear all notifications" }).click();
  await expect(panel.getByText("No notifications yet")).toBeVisible();
  await expect(panel.getByRole("button", { name: "Clear all notifications" })).toHaveCount(0);
  // Nothing left to mark (defect 15).
  await expect(panel.getByRole("button", { name: "Mark all as read" })).toHaveCount(0);
  expect((await cleared).ok()).toBe(true);
  await page.reload();
  await expect((await openPanel(page)).getByText("No notifications yet")).toBeVisible();
});

test("Schedule Check-in stores a dated reminder; on its day it arrives in the bell", async ({
  page,
}) => {
  await resumeSession(page, DEMO_ADMIN);
  await page.goto("/dashboard");
  await expect(badge(page)).toHaveCount(0);
  const table = page.getByRole("table");
  const size = () =>
    table.evaluate((el) => [el.getBoundingClientRect().width, el.getBoundingClientRect().height]);
  await table.scrollIntoViewIfNeeded();
  const before = await size();
  const toasts = page.getByRole("region", { name: "Messages (F8)" });
  const schedule = async (day: string) => {
    await page.getByRole("button", { name: "Schedule Check-in with Harbor Logistics" }).click();
    const dialog = page.getByRole("dialog", { name: "Check in with Harbor Logistics" });
    await dialog.getByLabel("Day").fill(day);
    await dialog.getByRole("button", { name: "Schedule", exact: true }).click();
    await expect(dialog).toBeHidden();
    // The confirmation is a toast; the table keeps its layout.
    await expect(toasts.getByRole("listitem")).toHaveText(
      /^Check-in with Dana Whitfield at Harbor Logistics scheduled for [A-Z][a-z]{2} \d{1,2}, \d{4}\.$/,
    );
    await toasts.getByRole("button", { name: "Dismiss" }).click();
    await expect(toasts.getByRole("listitem")).toHaveCount(0);
  };
  // A check-in next week tells nobody yet.
  const day = (offset: number) =>
    new Date(Date.now() + offset * 24 * 60 * 60 * 1000).toISOString().slice(0, 10);
  await schedule(day(7));
  expect(await size()).toEqual(before);
  await expect(badge(page)).toHaveCount(0);
  // One due today arrives in the bell once the portal is next read.
  await schedule(day(0));
  await expect(badge(page)).toHaveText("1");
  const panel = await openPanel(page);
  // The title itself (the row's buttons also name it, for screen readers).
  await expect(panel.locator("p.font-medium", { hasText: "Check-in due" })).toBeVisible();
  await page.keyboard.press("Escape");
  await page.reload();
  await expect(badge(page)).toHaveText("1");
});
