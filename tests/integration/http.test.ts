import { beforeAll, describe, expect, it } from "vitest";
import { signInRequest } from "./helpers/accounts.ts";
import { setUpTestRuntime, type TestServer } from "./helpers/fixture.ts";
import {
  createTestApp,
  createTestRuntime,
  startTestServer,
  TEST_BASE_URL,
} from "./helpers/runtime.ts";

const world = setUpTestRuntime({ demo: true, api: true });
let server: TestServer;

beforeAll(() => {
  ({ api: server } = world());
});

const signIn = (username: string, password: string) =>
  signInRequest(server.url, username, password);

describe("health probes", () => {
  it("/healthz answers while the process is up", async () => {
    const res = await fetch(`${server.url}/healthz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ status: "ok" });
  });

  it("/readyz answers when the database does", async () => {
    const res = await fetch(`${server.url}/readyz`);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: "ready" });
  });
});

describe("every response", () => {
  it("carries the security headers and a request id", async () => {
    for (const path of ["/healthz", "/api/nothing-here", "/api/auth/get-session"]) {
      const res = await fetch(`${server.url}${path}`);
      const csp = res.headers.get("content-security-policy") ?? "";
      expect(csp, path).toContain("default-src 'self'");
      expect(csp, path).toContain("frame-ancestors 'none'");
      expect(csp, path).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]+'/);
      expect(res.headers.get("x-content-type-options"), path).toBe("nosniff");
      expect(res.headers.get("referrer-policy"), path).toBe("strict-origin-when-cross-origin");
      expect(res.headers.get("x-frame-options"), path).toBe("DENY");
      expect(res.headers.get("x-request-id"), path).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it("keeps a well-formed incoming request id and replaces a malformed one", async () => {
    const kept = await fetch(`${server.url}/healthz`, {
      headers: { "x-request-id": "trace-12345678" },
    });
    expect(kept.headers.get("x-request-id")).toBe("trace-12345678");
    const replaced = await fetch(`${server.url}/healthz`, {
      headers: { "x-request-id": "<script>" },
    });
    expect(replaced.headers.get("x-request-id")).not.toBe("<script>");
  });

  it("answers unknown API paths with a JSON 404", async () => {
    const res = await fetch(`${server.url}/api/nothing-here`);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: "Not found" });
  });
});

describe("sign-in over the auth API", () => {
  it("accepts the seeded demo agent and sets an httpOnly, SameSite=Lax session cookie", async () => {
    const res = await signIn("demo", "carrierline-demo");
    expect(res.status).toBe(200);
    const cookie = res.headers.getSetCookie().find((c) => c.includes("session_token"));
    expect(cookie).toBeDefined();
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const body = await res.text();
    expect(body).not.toMatch(/password|\$2[aby]\$|scrypt/i);
  });

  it("refuses a wrong password and an unknown user alike", async () => {
    const wrong = await signIn("demo", "not-the-password");
    const unknown = await signIn("nobody_here", "not-the-password");
    expect(wrong.status).toBe(400);
    expect(unknown.status).toBe(wrong.status);
    expect(await unknown.json()).toEqual(await wrong.json());
  });

  it("refuses a cookie-carrying request from another origin (INVALID_ORIGIN)", async () => {
    const res = await signInRequest(server.url, "demo", "carrierline-demo", {
      origin: "https://evil.example",
      cookie: "better-auth.session_token=anything",
    });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: "INVALID_ORIGIN" });
  });

  it("knows the session from the cookie, and forgets it after sign-out", async () => {
    const res = await signIn("demo", "carrierline-demo");
    const cookie = res.headers
      .getSetCookie()
      .map((c) => c.split(";")[0])
      .join("; ");
    const session = await fetch(`${server.url}/api/auth/get-session`, { headers: { cookie } });
    const data: { user?: { username?: string; companyId?: string } } | null = await session.json();
    expect(data?.user?.username).toBe("demo");
    expect(data?.user?.companyId).toBeTruthy();

    const out = await fetch(`${server.url}/api/auth/sign-out`, {
      method: "POST",
      headers: { cookie, origin: TEST_BASE_URL, "content-type": "application/json" },
      body: "{}",
    });
    expect(out.status).toBe(200);
    const after = await fetch(`${server.url}/api/auth/get-session`, { headers: { cookie } });
    expect(await after.json()).toBeNull();
  });
});

describe("readiness without a database", () => {
  it("/readyz answers 503 once the database is gone, while /healthz stays up", async () => {
    const other = await createTestRuntime();
    const otherServer = await startTestServer(createTestApp(other));
    await other.database.close();
    try {
      const ready = await fetch(`${otherServer.url}/readyz`);
      expect(ready.status).toBe(503);
      expect(await ready.json()).toMatchObject({ status: "unavailable" });
      expect((await fetch(`${otherServer.url}/healthz`)).status).toBe(200);
    } finally {
      await otherServer.close();
      await other.testDatabase.dispose().catch(() => undefined);
    }
  });
});
