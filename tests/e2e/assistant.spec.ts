import { expect, type Page, test } from "@playwright/test";
import { hydrated } from "./support/auth.ts";
import { expectNoSidewaysScroll } from "./support/layout.ts";
import { resumeSession } from "./support/session.ts";
import { withOwnAgent } from "./support/users.ts";

// The assistant chat (issue 17): the greeting and 'Online', a question answered as it streams
// with markdown, the sending state, the spec's error messages, and the history kept per agent.
// An agent of its own, so the conversations and the rate limit are its alone.
const AGENT = { username: "chat_agent", name: "Chase Talker", password: "chat-agent-password-1" };

test.describe.configure({ mode: "serial" });

withOwnAgent(AGENT);

async function openChat(page: Page, query = "") {
  await resumeSession(page, AGENT);
  await page.goto(`/dashboard/agent${query}`);
  await hydrated(page);
}

const input = (page: Page) => page.getByLabel("Message");
const send = (page: Page) => page.getByRole("button", { name: "Send" });
const answers = (page: Page) => page.locator('[data-role="assistant"]');

test("opens with the greeting and 'Online', and answers with a table and links while the input waits", async ({
  page,
}) => {
  await openChat(page, "?new");
  await expect(page.getByText("Online", { exact: true })).toBeVisible();
  await expect(answers(page).first()).toContainText(
    "product recommendations, pricing and technical specifications",
  );

  // Hold the answer, to see the sending state.
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  await page.route("**/api/chat/stream", async (route) => {
    await held;
    await route.continue();
  });
  await input(page).fill("Compare unlimited plans for 20 lines");
  await send(page).click();
  await expect(input(page)).toHaveValue("");
  await expect(input(page)).toBeDisabled();
  await expect(send(page)).toBeDisabled();
  await expect(page.getByText("Thinking...")).toBeVisible();
  release();

  const answer = answers(page).nth(1);
  await expect(answer.getByRole("table")).toBeVisible();
  await expect(answer.getByRole("link", { name: "Plan Comparison" })).toHaveAttribute(
    "href",
    "/dashboard/plans",
  );
  await expect(page.getByText("Thinking...")).toHaveCount(0);
  await expect(input(page)).toBeEnabled();
  await page.unroute("**/api/chat/stream");

  // A follow-up on the previous answer.
  await input(page).fill("and for 8 lines?");
  await input(page).press("Enter");
  await expect(answers(page).nth(2)).toContainText("8 lines");
});

test("shows the answer as it streams in", async ({ page }) => {
  // In the conversation the tests above left, not a new one: an answer in a new conversation
  // moves the page to that conversation's address, and this stub's id names no stored one.
  await openChat(page);
  // A stream that sends its first words, then waits before the rest.
  await page.route("**/api/chat/stream", async (route) => {
    await route.fulfill({
      status: 200,
      headers: { "content-type": "text/plain", "x-conversation-id": crypto.randomUUID() },
      body: "First words of the answer",
    });
  });
  await input(page).fill("hello");
  await send(page).click();
  await expect(answers(page).last()).toHaveText("First words of the answer");
});

test("draws code in an answer in monospace, inside the bubble on a 390 px phone", async ({
  page,
}) => {
  await page.setViewportSize({ width: 390, height: 844 });
  // The standalone assistant (the same chat), which keeps no conversation address to move to.
  await resumeSession(page, AGENT);
  await page.goto("/assistant");
  await hydrated(page);
  const longLine = `curl -s https://carrierline.example/api/v1/${"lines/".repeat(30)}export`;
  await page.route("**/api/chat/stream", (route) =>
    route.fulfill({
      status: 200,
      headers: { "content-type": "text/plain", "x-conversation-id": crypto.randomUUID() },
      body: `Set \`CARRIER_FEES_ENABLED=true\`, then run:\n\n\`\`\`sh\n${longLine}\n\`\`\``,
    }),
  );
  await input(page).fill("how do I export lines?");
  await send(page).click();
  const answer = answers(page).last();
  const inline = answer.locator("p code");
  const block = answer.locator("pre");
  await expect(inline).toHaveText("CARRIER_FEES_ENABLED=true");
  await expect(block).toContainText("lines/lines/");
  for (const code of [inline, block]) {
    expect(await code.evaluate((el) => getComputedStyle(el).fontFamily)).toMatch(/mono/i);
    // A tint of its own, not the bubble's colour showing through.
    expect(await code.evaluate((el) => getComputedStyle(el).backgroundColor)).not.toBe(
      "rgba(0, 0, 0, 0)",
    );
  }
  // The long line wraps inside the bubble: neither the block nor the page scrolls sideways.
  const [blockBox, bubbleBox] = [await block.boundingBox(), await answer.boundingBox()];
  expect((blockBox?.x ?? 0) + (blockBox?.width ?? 0)).toBeLessThanOrEqual(
    (bubbleBox?.x ?? 0) + (bubbleBox?.width ?? 0),
  );
  expect(await block.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
  await expectNoSidewaysScroll(page);
});

test("does not send an empty or whitespace-only message", async ({ page }) => {
  await openChat(page, "?new");
  let posts = 0;
  page.on("request", (r) => {
    if (r.url().includes("/api/chat")) posts++;
  });
  await input(page).fill("   ");
  await expect(send(page)).toBeDisabled();
  await input(page).press("Enter");
  await expect(page.locator('[data-role="user"]')).toHaveCount(0);
  expect(posts).toBe(0);
});

test("shows the server's message, else 'Failed to get response', and a network failure's", async ({
  page,
}) => {
  await openChat(page, "?new");
  await page.route("**/api/chat/stream", (route) =>
    route.fulfill({
      status: 429,
      json: { message: "Too many messages. Please try again in 9 seconds." },
    }),
  );
  await input(page).fill("my pipeline");
  await send(page).click();
  await expect(page.getByRole("alert")).toHaveText(
    "Too many messages. Please try again in 9 seconds.",
  );

  await page.unroute("**/api/chat/stream");
  await page.route("**/api/chat/stream", (route) => route.fulfill({ status: 500, body: "" }));
  await input(page).fill("my pipeline");
  await send(page).click();
  await expect(page.getByRole("alert")).toHaveText("Failed to get response");

  await page.unroute("**/api/chat/stream");
  await page.route("**/api/chat/stream", (route) => route.abort("failed"));
  await input(page).fill("my pipeline");
  await send(page).click();
  await expect(page.getByRole("alert")).toHaveText("An error occurred while getting a response");
});

test("keeps the history: reopens the last conversation, starts a new one, deletes one", async ({
  page,
}) => {
  await openChat(page, "?new");
  await input(page).fill("What promotions are running?");
  await send(page).click();
  await expect(answers(page).nth(1)).toContainText("promotions");
  await expect(page).toHaveURL(/\?c=/);

  // Coming back reopens it.
  await page.goto("/dashboard/agent");
  await hydrated(page);
  await expect(page.locator('[data-role="user"]')).toHaveText(["What promotions are running?"]);
  const history = page.getByRole("navigation", { name: "Conversations" }).first();
  await expect(history.getByRole("link", { name: /What promotions are running\?/ })).toBeVisible();

  // A new one starts empty.
  await history.getByRole("link", { name: "New conversation" }).click();
  await expect(page.locator('[data-role="user"]')).toHaveCount(0);
  await expect(answers(page)).toHaveCount(1);

  // Deleting it removes it from the list.
  await history
    .getByRole("button", { name: "Delete conversation: What promotions are running?" })
    .click();
  await expect(history.getByRole("link", { name: /What promotions are running\?/ })).toHaveCount(0);
});

test("keeps the message box focused after each answer: the next question is typed and sent with the keyboard", async ({
  page,
}) => {
  await openChat(page, "?new");
  await input(page).click();
  // A new conversation: its first answer moves the page to the conversation's address.
  await page.keyboard.type("What promotions are running?");
  await page.keyboard.press("Enter");
  await expect(answers(page).nth(1)).toContainText("promotions");
  await expect(page).toHaveURL(/\?c=/);
  await expect(input(page)).toBeFocused();

  // The same conversation, now an existing one.
  await page.keyboard.type("Verizon plans");
  await page.keyboard.press("Enter");
  await expect(page.locator('[data-role="user"]')).toHaveText([
    "What promotions are running?",
    "Verizon plans",
  ]);
  await expect(answers(page).nth(2)).toContainText("Verizon");
  await expect(input(page)).toBeEnabled();
  await expect(input(page)).toBeFocused();
  await page.keyboard.type("T-Mobile plans");
  await page.keyboard.press("Enter");
  await expect(page.locator('[data-role="user"]').last()).toHaveText("T-Mobile plans");
});

test("a long word, link or code wraps inside its bubble on a phone", async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  const long = `https://example.com/${"a-very-long-path-with-no-spaces".repeat(4)}`;
  // A conversation of its own first: the stub's id below names no stored one.
  await openChat(page, "?new");
  await input(page).fill("Verizon plans");
  await input(page).press("Enter");
  await expect(page).toHaveURL(/\?c=/);
  await page.route("**/api/chat/stream", (route) =>
    route.fulfill({
      status: 200,
      headers: { "content-type": "text/plain", "x-conversation-id": crypto.randomUUID() },
      body: `See [${long}](${long}) and \`${"x".repeat(120)}\`:\n\n\`\`\`\n${"y".repeat(120)}\n\`\`\``,
    }),
  );
  await input(page).fill(`Check ${long} for me`);
  await input(page).press("Enter");
  await expect(answers(page).last().getByRole("link")).toBeVisible();
  for (const bubble of [page.locator('[data-role="user"]').last(), answers(page).last()]) {
    const fits = await bubble.evaluate((el) => {
      const list = el.closest("ol");
      return {
        bubble: el.scrollWidth <= el.clientWidth,
        list: list !== null && list.scrollWidth <= list.clientWidth,
      };
    });
    expect(fits).toEqual({ bubble: true, list: true });
  }
});
