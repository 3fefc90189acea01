import { type Browser, type Cookie, expect, type Page } from "@playwright/test";
import { type Account, DEMO_AGENT, signIn } from "./auth.ts";

/**
 * Signing in through the form costs a page load and a deliberately slow password hash (scrypt);
 * paid by every test, it was a large share of the browser suite's time (decision 0031). A test
 * whose subject is not signing in resumes the session its worker made for that account instead.
 * Tests of signing in, signing out, sessions and second factors keep `signIn`.
 */

/**
 * A kept session is used for at most this long after its sign-in: a password or second-factor
 * change needs a session younger than 15 minutes (server/auth/fresh-session.ts), and a test
 * must meet the server as it would right after signing in.
 */
const REUSE_FOR_MS = 10 * 60 * 1000;

/** Per worker process (each worker has its own module state), by username. */
const sessions = new Map<string, { cookies: Cookie[]; signedInAt: number }>();

async function sessionCookies(browser: Browser, who: Account): Promise<Cookie[]> {
  const kept = sessions.get(who.username);
  if (kept && Date.now() - kept.signedInAt < REUSE_FOR_MS) return kept.cookies;
  // A context of its own, so the cookies kept are the sign-in's alone.
  const context = await browser.newContext();
  try {
    await signIn(await context.newPage(), who);
    const cookies = await context.cookies();
    sessions.set(who.username, { cookies, signedInAt: Date.now() });
    return cookies;
  } finally {
    await context.close();
  }
}

/**
 * Puts `who`'s session in the page's browser context and opens /dashboard, where `signIn` lands.
 * A session ended since (a test in this worker signed out) is replaced by a new sign-in, once.
 */
export async function resumeSession(page: Page, who: Account = DEMO_AGENT) {
  const browser = page.context().browser();
  if (!browser) throw new Error("resumeSession needs a page of a launched browser");
  await page.context().addCookies(await sessionCookies(browser, who));
  await page.goto("/dashboard");
  if (new URL(page.url()).pathname !== "/dashboard") {
    sessions.delete(who.username);
    await page.context().addCookies(await sessionCookies(browser, who));
    await page.goto("/dashboard");
  }
  await expect(page).toHaveURL(/\/dashboard$/);
}
