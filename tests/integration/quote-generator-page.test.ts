import { beforeAll, describe, expect, it } from "vitest";
import { QUOTE_DESCRIPTION_MAX } from "#app/lib/schemas/quote.ts";
import { GENERATE_QUOTE_LIMIT } from "#server/quotes/index.ts";
import { createCompanyWithAgent, signInCookie } from "./helpers/accounts.ts";
import { type PageServer, setUpTestRuntime } from "./helpers/fixture.ts";
import { TEST_BASE_URL, type TestRuntime } from "./helpers/runtime.ts";

// The Quote Generator page (/dashboard/quotes/new) over HTTP: its action is the generator for
// the form (also without JavaScript), with the shared schema's messages and the agent's limit,
// which it shares with POST /api/generate-quote.

const world = setUpTestRuntime({ demo: true, pages: true });
let rt: TestRuntime;
let server: PageServer;
const PASSWORD = "quote-page-password-9";

beforeAll(() => {
  ({ rt, pages: server } = world());
});

const FORM = {
  companyName: "Harbor Logistics",
  companyWebsite: "harbor.example",
  contactName: "Sam Ortiz",
  contactEmail: "sam@harbor.example",
  description: "12 phones and 3 hotspots on Verizon",
};

const post = (body: Record<string, string>, cookie?: string) =>
  fetch(`${server.url}/dashboard/quotes/new`, {
    method: "POST",
    headers: cookie ? { cookie } : {},
    body: new URLSearchParams(body),
    redirect: "manual",
  });

async function agent(username: string) {
  await createCompanyWithAgent(rt, { company: `Co ${username}`, username, password: PASSWORD });
  return signInCookie(server.url, username, PASSWORD);
}

describe("the Quote Generator page", () => {
  it("sends a signed-out visitor to sign in, the form's post too", async () => {
    const page = await fetch(`${server.url}/dashboard/quotes/new`, { redirect: "manual" });
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toMatch(/^\/login/);
    const posted = await post(FORM);
    expect(posted.status).toBe(302);
    expect(posted.headers.get("location")).toMatch(/^\/login/);
  });

  it("opens the form, no longer the coming-soon page", async () => {
    const cookie = await agent("quote_page_open");
    const res = await fetch(`${server.url}/dashboard/quotes/new`, { headers: { cookie } });
    expect(res.status).toBe(200);
    const html = await res.text();
    expect(html).toContain("Contact email *");
    expect(html).not.toContain("coming in the next release");
  });

  it("fills the description the assistant's link brings, and ignores one it would refuse", async () => {
    const cookie = await agent("quote_page_described");
    const description = "12 lines (Verizon) & 3 hotspots";
    const res = await fetch(
      `${server.url}/dashboard/quotes/new?description=${encodeURIComponent(description)}`,
      { headers: { cookie } },
    );
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("12 lines (Verizon) &amp; 3 hotspots</textarea>");
    const tooLong = await fetch(
      `${server.url}/dashboard/quotes/new?description=${"x".repeat(QUOTE_DESCRIPTION_MAX + 1)}`,
      { headers: { cookie } },
    );
    expect(tooLong.status).toBe(200);
    expect(await tooLong.text()).not.toContain("xxxxxxxxxx</textarea>");
  });

  it("refuses a bad form with the schema's messages, and quotes a good one without JavaScript", async () => {
    const cookie = await agent("quote_page_form");
    const bad = await post({ ...FORM, contactEmail: "nope", description: "  " }, cookie);
    expect(bad.status).toBe(400);
    const badHtml = await bad.text();
    expect(badHtml).toContain("Enter a valid email address");
    expect(badHtml).toContain("Description is required");

    const good = await post(FORM, cookie);
    expect(good.status).toBe(200);
    const html = await good.text();
    expect(html).toContain("Draft quote for Harbor Logistics");
    expect(html).toContain("Recommended");
    expect(html).toContain("Assumptions");
  });

  it("shares the agent's rate limit with POST /api/generate-quote", async () => {
    const cookie = await agent("quote_page_limit");
    for (let n = 0; n < GENERATE_QUOTE_LIMIT; n++) {
      const res = await fetch(`${server.url}/api/generate-quote`, {
        method: "POST",
        headers: { cookie, origin: TEST_BASE_URL, "content-type": "application/json" },
        body: "{}",
      });
      expect(res.status).toBe(400);
    }
    const refused = await post(FORM, cookie);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(await refused.text()).toContain("Too many quotes generated");
  });
});
