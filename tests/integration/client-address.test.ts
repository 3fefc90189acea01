import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { auth_sessions } from "#server/db/schema/index.ts";
import { CLIENT_ADDRESS_HEADER } from "#server/platform/forwarded.ts";
import { createCompanyWithAgent } from "./helpers/accounts.ts";
import { setUpTestRuntime } from "./helpers/fixture.ts";
import { send } from "./helpers/http-client.ts";
import { TEST_BASE_URL, type TestRuntime } from "./helpers/runtime.ts";

// No TRUST_PROXY: every client is its socket's address, whatever headers it sends. Each test
// plays its clients from its own loopback addresses (127.0.0.x), so limits stay within a test.
const world = setUpTestRuntime({ env: { WAITLIST_RATE_LIMIT: "3" }, api: true, pages: true });
let rt: TestRuntime;
let api: string;
let pages: string;
let userId: string;

beforeAll(async () => {
  ({ rt } = world());
  api = world().api.url;
  pages = world().pages.url;
  ({ userId } = await createCompanyWithAgent(rt, {
    company: "Address Co",
    username: "addressed",
    password: "addressed-password-1",
  }));
});

let forged = 0;
/** A different made-up X-Forwarded-For (and our own header, forged) on every request. */
const forgedHeaders = () => {
  forged += 1;
  return {
    "x-forwarded-for": `203.0.113.${forged % 250}`,
    [CLIENT_ADDRESS_HEADER]: `198.51.100.${forged % 250}`,
  };
};

const signIn = (from: string, username: string, password: string, headers = {}) =>
  send(`${api}/api/auth/sign-in/username`, {
    from,
    headers: { "content-type": "application/json", origin: TEST_BASE_URL, ...headers },
    body: JSON.stringify({ username, password }),
  });

const sessionAddresses = async () =>
  (await rt.database.db.select().from(auth_sessions).where(eq(auth_sessions.userId, userId))).map(
    (s) => s.ipAddress,
  );

describe("without TRUST_PROXY", () => {
  it("counts wrong sign-ins per socket address, however X-Forwarded-For rotates", async () => {
    const statuses: number[] = [];
    // A new name each time, so the per-account lockout is not what stops them.
    for (let i = 0; i < 24; i++) {
      const res = await signIn("127.0.0.2", `nobody_${i}`, "wrong-password-1", forgedHeaders());
      statuses.push(res.status);
    }
    expect(statuses.slice(0, 20)).toEqual(Array(20).fill(400));
    expect(statuses.slice(20)).toEqual(Array(4).fill(429));
  });

  it("keeps one client's spent limit away from everyone else's sign-in", async () => {
    for (let i = 0; i < 21; i++) await signIn("127.0.0.3", `stranger_${i}`, "wrong-password-1");
    expect((await signIn("127.0.0.3", "addressed", "addressed-password-1")).status).toBe(429);
    expect((await signIn("127.0.0.4", "addressed", "addressed-password-1")).status).toBe(200);
  });

  it("counts waitlist sign-ups per socket address, however X-Forwarded-For rotates", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 4; i++) {
      const res = await send(`${api}/api/waitlist`, {
        from: "127.0.0.5",
        headers: { "content-type": "application/json", ...forgedHeaders() },
        body: JSON.stringify({
          name: `Waiting ${i}`,
          email: `waiting.${i}@address-co.example`,
          company: "Address Co",
        }),
      });
      statuses.push(res.status);
    }
    expect(statuses).toEqual([200, 200, 200, 429]);
  });

  it("records the socket's address on a session, never a header's", async () => {
    const res = await signIn("127.0.0.6", "addressed", "addressed-password-1", forgedHeaders());
    expect(res.status).toBe(200);
    const page = await send(`${pages}/login`, {
      from: "127.0.0.7",
      headers: forgedHeaders(),
      body: new URLSearchParams({ username: "addressed", password: "addressed-password-1" }),
    });
    expect(page.status).toBe(302);
    expect(await sessionAddresses()).toEqual(expect.arrayContaining(["127.0.0.6", "127.0.0.7"]));
    expect((await sessionAddresses()).filter((a) => !a?.startsWith("127.0.0."))).toEqual([]);
  });

  it("never lets X-Forwarded-Proto or -Host change the origin a form action is checked against", async () => {
    // Refused by the server before React Router, with nothing logged (the test setup fails a
    // test that writes to console.error).
    const res = await send(`${pages}/login`, {
      headers: {
        origin: "https://portal.example",
        "x-forwarded-proto": "https",
        "x-forwarded-host": "portal.example",
      },
      body: new URLSearchParams({ username: "addressed", password: "addressed-password-1" }),
    });
    expect(res.status).toBe(403);
    expect(await res.text()).toBe("Requests from other sites are not allowed.");
  });
});
