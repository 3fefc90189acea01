import type { Browser, Locator } from "@playwright/test";
import { DEMO_ADMIN } from "./auth.ts";
import { resumeSession } from "./session.ts";

/**
 * Reads the admin outbox as the demo admin, in a browser context of their own (the test's page
 * stays signed in as whoever it is): `read` gets the newest message to `to` that holds `hasText`.
 * Without a mail relay, the outbox is where a person would find what the platform sent.
 */
export async function readOutbox<T>(
  browser: Browser,
  message: { to: string; hasText?: string },
  read: (item: Locator) => Promise<T>,
): Promise<T> {
  const context = await browser.newContext();
  try {
    const admin = await context.newPage();
    await resumeSession(admin, DEMO_ADMIN);
    await admin.goto("/dashboard/admin/outbox");
    let item = admin.getByRole("listitem").filter({ hasText: `to ${message.to}` });
    if (message.hasText) item = item.filter({ hasText: message.hasText });
    return await read(item.first());
  } finally {
    await context.close();
  }
}
