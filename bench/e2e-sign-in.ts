// What a browser test pays to be signed in and at its first page: the form (tests/e2e/support/
// auth.ts `signIn`, which lands on /dashboard) against a kept session (tests/e2e/support/session.ts
// `resumeSession`), each followed by the test's first page, alternating in one run.
//
//   npm run build
//   node bench/e2e-sign-in.ts [--rounds 15] [--base http://127.0.0.1:PORT]
//
// Without --base the built server is started on PGlite in a temporary folder (demo data), as
// playwright.config.ts starts it (a loaded machine may boot it past the 60 s that waits: then
// start it yourself and pass --base). Each round opens a fresh browser context, as a test does.
// Prints the medians, the ratio and the load average.
import { loadavg } from "node:os";
import { parseArgs } from "node:util";
import { type Browser, type Cookie, chromium } from "playwright";
import { z } from "zod";
import { startServer } from "./support.ts";

const { values } = parseArgs({
  options: { rounds: { type: "string", default: "15" }, base: { type: "string" } },
});
const rounds = z.coerce.number().int().positive().parse(values.rounds);
const DEMO = { username: "demo", password: "carrierline-demo" };

/** The page a typical test starts from after signing in. */
const FIRST_PAGE = "/dashboard/plans";

/** The form, as `signIn` does it, then the test's first page; returns the time and the cookies. */
async function byForm(browser: Browser, base: string): Promise<[number, Cookie[]]> {
  const context = await browser.newContext({ baseURL: base });
  const started = performance.now();
  const page = await context.newPage();
  await page.goto("/login");
  await page.getByLabel("Username").fill(DEMO.username);
  await page.getByLabel("Password").fill(DEMO.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await page.waitForURL(/\/dashboard$/);
  await page.goto(FIRST_PAGE);
  const took = performance.now() - started;
  const cookies = await context.cookies();
  await context.close();
  return [took, cookies];
}

/** A kept session, as `resumeSession` uses it (cookies, one check), then the first page. */
async function byKeptSession(browser: Browser, base: string, cookies: Cookie[]): Promise<number> {
  const context = await browser.newContext({ baseURL: base });
  const started = performance.now();
  const page = await context.newPage();
  await context.addCookies(cookies);
  if (!(await context.request.get("/api/session")).ok())
    throw new Error("the kept session was refused");
  await page.goto(FIRST_PAGE);
  if (new URL(page.url()).pathname !== FIRST_PAGE) throw new Error(`not at ${FIRST_PAGE}`);
  const took = performance.now() - started;
  await context.close();
  return took;
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.floor(s.length / 2)] ?? Number.NaN;
};

const server = values.base
  ? { base: values.base, stop: () => undefined }
  : await startServer({ ...process.env, LOG_LEVEL: "warn", SIGN_IN_RATE_LIMIT: "10000" });
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  args: ["--no-sandbox", "--disable-gpu", "--disable-background-networking"],
});
try {
  const load = loadavg().map((n) => n.toFixed(2));
  const [, cookies] = await byForm(browser, server.base); // warm-up, and the kept session
  const form: number[] = [];
  const kept: number[] = [];
  for (let i = 0; i < rounds; i++) {
    form.push((await byForm(browser, server.base))[0]);
    kept.push(await byKeptSession(browser, server.base, cookies));
  }
  const [f, k] = [median(form), median(kept)];
  process.stdout.write(
    `sign-in form: median ${f.toFixed(0)} ms (${Math.min(...form).toFixed(0)}–${Math.max(...form).toFixed(0)})\n` +
      `kept session: median ${k.toFixed(0)} ms (${Math.min(...kept).toFixed(0)}–${Math.max(...kept).toFixed(0)})\n` +
      `ratio kept/form ${(k / f).toFixed(2)}, saved ${(f - k).toFixed(0)} ms a test; ${rounds} rounds; ` +
      `load average ${load.join(" ")} before, ${loadavg()
        .map((n) => n.toFixed(2))
        .join(" ")} after\n`,
  );
} finally {
  await browser.close();
  server.stop();
}
