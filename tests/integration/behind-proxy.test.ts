import { eq } from "drizzle-orm";
import { afterAll, beforeAll, expect, it } from "vitest";
import { auth_sessions } from "#server/db/schema/index.ts";
import { createCompanyWithAgent } from "./helpers/accounts.ts";
import { setUpTestRuntime } from "./helpers/fixture.ts";
import { cookieJar, send } from "./helpers/http-client.ts";
import { findNginx, hasOpenssl, startTlsProxy, type TlsProxy } from "./helpers/nginx.ts";
import { describeWhenAvailable, freePort } from "./helpers/requirements.ts";
import type { TestRuntime } from "./helpers/runtime.ts";

// The whole app behind nginx terminating TLS: the browser speaks https to the proxy, the proxy
// plain http to the server, which trusts it (TRUST_PROXY=true) and knows its public origin.
const nginx = findNginx();
const missing = [
  ...(nginx ? [] : ["nginx (Debian: apt-get install nginx)"]),
  ...(hasOpenssl() ? [] : ["openssl"]),
];
const port = await freePort();
const PUBLIC = `https://localhost:${port}`;

describeWhenAvailable("behind a TLS-terminating proxy", missing, () => {
  const world = setUpTestRuntime({ env: { TRUST_PROXY: "true", BASE_URL: PUBLIC }, pages: true });
  let rt: TestRuntime;
  let proxy: TlsProxy;
  let userId: string;

  beforeAll(async () => {
    rt = world().rt;
    ({ userId } = await createCompanyWithAgent(rt, {
      company: "Proxied Co",
      username: "proxied",
      password: "proxied-password-1",
    }));
    const upstream = new URL(world().pages.url).host;
    proxy = await startTlsProxy({ nginx: nginx ?? "nginx", port, upstreams: [upstream] });
  });
  afterAll(async () => {
    await proxy?.close();
  });

  /** As a browser at the public origin sends it, from one loopback address. */
  const browse = (path: string, from: string, init: { cookie?: string; form?: object } = {}) =>
    send(`${proxy.url}${path}`, {
      from,
      ca: proxy.ca,
      headers: {
        ...(init.form ? { origin: PUBLIC } : {}),
        ...(init.cookie ? { cookie: init.cookie } : {}),
      },
      ...(init.form ? { body: new URLSearchParams({ ...init.form }) } : {}),
    });

  const sessionAddresses = async () =>
    (await rt.database.db.select().from(auth_sessions).where(eq(auth_sessions.userId, userId))).map(
      (s) => s.ipAddress,
    );

  it("signs in over https with a Secure cookie, and a form action answers with its redirect", async () => {
    const jar = cookieJar();
    const signIn = await browse("/login", "127.0.0.8", {
      form: { username: "proxied", password: "proxied-password-1" },
    });
    expect(signIn.status).toBe(302);
    expect(signIn.headers.get("location")).toBe("/dashboard");
    const [session] = signIn.headers
      .getSetCookie()
      .filter((c) => c.startsWith("__Secure-better-auth.session_token="));
    expect(session).toMatch(/;\s*Secure/i);
    expect(session).toMatch(/;\s*HttpOnly/i);
    jar.take(signIn);

    expect((await browse("/dashboard", "127.0.0.8", { cookie: jar.header() })).status).toBe(200);
    // The address nginx saw, passed on in X-Forwarded-For: not nginx's own, not the socket's.
    expect(await sessionAddresses()).toEqual(["127.0.0.8"]);

    const signOut = await browse("/logout", "127.0.0.8", { cookie: jar.header(), form: {} });
    expect(signOut.status).toBe(302);
    expect(signOut.headers.get("location")).toBe("/login");
    jar.take(signOut);
    const after = await browse("/dashboard", "127.0.0.8", { cookie: jar.header() });
    expect(after.status).toBe(302);
    expect(await sessionAddresses()).toEqual([]);
  });

  it("believes nginx's entry in X-Forwarded-For, not what the client wrote before it", async () => {
    const res = await send(`${proxy.url}/login`, {
      from: "127.0.0.9",
      ca: proxy.ca,
      headers: { origin: PUBLIC, "x-forwarded-for": "203.0.113.77" },
      body: new URLSearchParams({ username: "proxied", password: "proxied-password-1" }),
    });
    expect(res.status).toBe(302);
    expect(await sessionAddresses()).toEqual(["127.0.0.9"]);
  });

  it("counts the waitlist by the address nginx saw, however the client's X-Forwarded-For rotates", async () => {
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await send(`${proxy.url}/api/waitlist`, {
        from: "127.0.0.11",
        ca: proxy.ca,
        headers: { "content-type": "application/json", "x-forwarded-for": `203.0.113.${i}` },
        body: JSON.stringify({
          name: `Proxied ${i}`,
          email: `proxied.${i}@proxied-co.example`,
          company: "Proxied Co",
        }),
      });
      statuses.push(res.status);
    }
    // WAITLIST_RATE_LIMIT's default: 5 in 10 minutes from one address.
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
  });

  it("still refuses a form posted from another site, with 403 and nothing logged", async () => {
    // The public origin is the proxy's (https); the request's own, as Node sees it, is http.
    // Nothing logged: the test setup fails a test that writes to console.error.
    const res = await send(`${proxy.url}/login`, {
      from: "127.0.0.10",
      ca: proxy.ca,
      headers: { origin: "https://evil.example" },
      body: new URLSearchParams({ username: "proxied", password: "proxied-password-1" }),
    });
    expect(res.status).toBe(403);
    expect(await res.text()).toBe("Requests from other sites are not allowed.");
  });
});
