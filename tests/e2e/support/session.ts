import { type BrowserContext, type Cookie, expect, type Page } from "@playwright/test";
import { type Account, DEMO_AGENT } from "./auth.ts";

/**
 * Signed in without the sign-in form, for tests whose subject is not signing in (decision 0031).
 * The form costs each test a /login page drawn in the browser, a deliberately slow password hash
 * (scrypt) and the client navigation to /dashboard. Here each worker signs an account in once,
 * through the same login action by HTTP, and puts that session's cookies into every later test's
 * browser context. Tests of signing in, signing out, sessions and second factors use `signIn`.
 */

/**
 * A kept session is used for at most this long after its sign-in: a password or second-factor
 * change needs a session younger than 15 minutes (server/auth/fresh-session.ts), so a test must
 * meet the server as it would right after signing in.
 */
const REUSE_FOR_MS = 10 * 60 * 1000;

/** Per worker process (each worker has its own module state), by username. */
const sessions = new Map<string, { cookies: Cookie[]; signedInAt: number }>();

/** Whether the server still takes the session the context holds (a test may have ended it). */
async function stillSignedIn(context: BrowserContext): Promise<boolean> {
  return (await context.request.get("/api/session")).ok();
}

/** Posts the login form's fields to its action, as the browser does, and keeps what it sets. */
async function signInByHttp(context: BrowserContext, who: Account): Promise<void> {
  const response = await context.request.post("/login", {
    form: { username: who.username, password: who.password },
    maxRedirects: 0,
  });
  expect(response.status(), `signing in ${who.username}`).toBe(302);
  expect(response.headers().location).toBe("/dashboard");
  const set = new Set(
    response
      .headersArray()
      .filter((h) => h.name.toLowerCase() === "set-cookie")
      .map((h) => h.value.slice(0, h.value.indexOf("="))),
  );
  const cookies = (await context.cookies()).filter((c) => set.has(c.name));
  expect(cookies.length, `the session cookies of ${who.username}`).toBeGreaterThan(0);
  sessions.set(who.username, { cookies, signedInAt: Date.now() });
}

/**
 * Puts `who`'s session into the page's browser context; it navigates nowhere (`signIn` lands on
 * /dashboard; go there when the test starts from it). A session ended since (a test in this
 * worker signed out) is replaced by a new sign-in.
 */
export async function resumeSession(page: Page, who: Account = DEMO_AGENT) {
  const context = page.context();
  const kept = sessions.get(who.username);
  if (kept && Date.now() - kept.signedInAt < REUSE_FOR_MS) {
    await context.addCookies(kept.cookies);
    if (await stillSignedIn(context)) return;
  }
  await signInByHttp(context, who);
}
