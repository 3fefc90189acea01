// Lighthouse (mobile, its default simulated throttling) on the pages of a running server:
//   node bench/lighthouse.ts http://localhost:3000 / /features /how-it-works
//   LIGHTHOUSE_SIGN_IN=demo:carrierline-demo node bench/lighthouse.ts http://localhost:3000 /dashboard
// Budgets (issues 4 and 13): performance 95+ on the public pages, 90+ on the portal's; CLS 0.05.
// With LIGHTHOUSE_SIGN_IN (username:password) every page is loaded with that agent's session.
import * as chromeLauncher from "chrome-launcher";
import lighthouse from "lighthouse";

const [base = "http://localhost:3000", ...paths] = process.argv.slice(2);
const pages = paths.length > 0 ? paths : ["/", "/features", "/how-it-works"];
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);

/** Signs in through the sign-in form, as a browser would, and returns the session cookie. */
async function signInCookie(credentials: string): Promise<string> {
  const [username = "", password = ""] = credentials.split(":");
  const res = await fetch(`${base}/login`, {
    method: "POST",
    headers: { origin: base, "content-type": "application/x-www-form-urlencoded" },
    body: new URLSearchParams({ username, password }),
    redirect: "manual",
  });
  const cookies = res.headers.getSetCookie().map((c) => c.split(";")[0] ?? "");
  if (res.status !== 302 || cookies.length === 0) {
    throw new Error(`Sign-in as ${username} failed: ${res.status}`);
  }
  return cookies.join("; ");
}

const signIn = process.env.LIGHTHOUSE_SIGN_IN;
const extraHeaders = signIn ? { Cookie: await signInCookie(signIn) } : undefined;

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROME_PATH ?? "/usr/bin/chromium",
  chromeFlags: [
    "--headless=new",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
  ],
});

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
};

try {
  for (const path of pages) {
    const scores: Record<string, number[]> = {
      performance: [],
      accessibility: [],
      "best-practices": [],
      seo: [],
    };
    const metrics: Record<string, number[]> = { lcp: [], tbt: [], cls: [] };
    for (let run = 0; run < RUNS; run++) {
      const result = await lighthouse(`${base}${path}`, {
        port: chrome.port,
        output: "json",
        logLevel: "error",
        extraHeaders,
        onlyCategories: Object.keys(scores),
      });
      if (!result) throw new Error(`Lighthouse gave no result for ${path}`);
      if (result.lhr.runtimeError) {
        // A failed run (page not answering) scores 0; it is reported, not averaged in.
        process.stdout.write(
          `  ${path} run ${run + 1} failed: ${result.lhr.runtimeError.message}\n`,
        );
        continue;
      }
      for (const key of Object.keys(scores)) {
        scores[key]?.push(Math.round((result.lhr.categories[key]?.score ?? 0) * 100));
      }
      metrics.lcp?.push(result.lhr.audits["largest-contentful-paint"]?.numericValue ?? Number.NaN);
      metrics.tbt?.push(result.lhr.audits["total-blocking-time"]?.numericValue ?? Number.NaN);
      metrics.cls?.push(result.lhr.audits["cumulative-layout-shift"]?.numericValue ?? Number.NaN);
      const failing = Object.values(result.lhr.audits).filter(
        (audit) => audit.score !== null && audit.score < 1 && audit.scoreDisplayMode === "binary",
      );
      if (run === 0 && failing.length > 0) {
        process.stdout.write(
          `  ${path} binary audits not passed: ${failing.map((a) => a.id).join(", ")}\n`,
        );
      }
    }
    const line = Object.entries(scores)
      .map(([key, values]) => `${key} ${median(values)} (${values.join("/")})`)
      .join(", ");
    process.stdout.write(
      `${path}: ${line}; LCP ${Math.round(median(metrics.lcp ?? []))} ms, TBT ${Math.round(median(metrics.tbt ?? []))} ms, CLS ${median(metrics.cls ?? []).toFixed(3)}\n`,
    );
  }
} finally {
  chrome.kill();
}
