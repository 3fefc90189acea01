import { beforeAll, describe, expect, it } from "vitest";
import {
  GATE_ATTEMPTS,
  GATE_COOKIE,
  gateIsOpen,
  INCORRECT_PASSWORD,
  samePassword,
  unlockGate,
} from "#server/assistant/index.ts";
import { type Runtime, serviceContext } from "#server/runtime.server.ts";
import { signInCookie } from "./helpers/accounts.ts";
import { type PageServer, setUpTestRuntime } from "./helpers/fixture.ts";
import { TEST_BASE_URL } from "./helpers/runtime.ts";

// The standalone assistant's gate (issue 17, decision 0025): the password is the server's
// setting, compared in constant time and limited per address; a correct one sets a signed
// httpOnly cookie that opens the catalog-only chat, and nothing else.

const PASSWORD = "gate-test-password-9";
const world = setUpTestRuntime({
  demo: true,
  pages: true,
  env: { ASSISTANT_GATE_PASSWORD: PASSWORD },
});
let rt: Runtime;
let server: PageServer;

beforeAll(() => {
  const w = world();
  rt = w.rt;
  server = w.pages;
});

function postForm(
  path: string,
  body: Record<string, string>,
  headers: Record<string, string> = {},
) {
  return fetch(`${server.url}${path}`, {
    method: "POST",
    redirect: "manual",
    headers,
    body: new URLSearchParams(body),
  });
}

function ask(cookie: string | null, message: string) {
  const headers: Record<string, string> = {
    origin: TEST_BASE_URL,
    "content-type": "application/json",
  };
  if (cookie) headers.cookie = cookie;
  return fetch(`${server.url}/api/assistant/stream`, {
    method: "POST",
    headers,
    body: JSON.stringify({ message }),
  });
}

describe("the gate's service", () => {
  it("compares in constant time whatever the lengths", () => {
    expect(samePassword(PASSWORD, PASSWORD)).toBe(true);
    expect(samePassword("x", PASSWORD)).toBe(false);
    expect(samePassword(`${PASSWORD}x`, PASSWORD)).toBe(false);
  });

  it("signs a cookie that opens the gate until it expires; a forged one does not", async () => {
    const ctx = serviceContext(rt);
    const outcome = await unlockGate(ctx, { password: PASSWORD, clientAddress: "198.51.100.1" });
    if (!outcome.ok) throw new Error(outcome.message);
    expect(await gateIsOpen(ctx, outcome.value.token)).toBe(true);
    const [value] = outcome.value.token.split(".");
    expect(await gateIsOpen(ctx, `${value}.forged`)).toBe(false);
    expect(await gateIsOpen(ctx, "assistant-gate:99999999999999.AAAA")).toBe(false);
    const later = {
      ...ctx,
      ports: { ...ctx.ports, clock: { now: () => new Date(Date.now() + 13 * 3600_000) } },
    };
    expect(await gateIsOpen(later, outcome.value.token)).toBe(false);
  });

  it("limits the attempts of one address", async () => {
    const ctx = serviceContext(rt);
    for (let i = 0; i < GATE_ATTEMPTS; i++) {
      const wrong = await unlockGate(ctx, { password: "nope", clientAddress: "198.51.100.7" });
      expect(wrong).toMatchObject({ ok: false, message: INCORRECT_PASSWORD });
    }
    const limited = await unlockGate(ctx, { password: PASSWORD, clientAddress: "198.51.100.7" });
    expect(limited).toMatchObject({ ok: false, kind: "rate_limited" });
    const other = await unlockGate(ctx, { password: PASSWORD, clientAddress: "198.51.100.8" });
    expect(other.ok).toBe(true);
  });
});

describe("/assistant and its chat", () => {
  it("shows the gate, refuses a wrong password, and shows no demo password when one is set", async () => {
    const page = await (await fetch(`${server.url}/assistant`)).text();
    expect(page).toContain("Secure Access");
    expect(page).not.toContain("carrierline-assistant");
    const wrong = await postForm("/assistant", { password: "wrong-password" });
    expect(wrong.status).toBe(400);
    expect(wrong.headers.get("set-cookie") ?? "").not.toContain(GATE_COOKIE);
    expect(await wrong.text()).toContain(INCORRECT_PASSWORD);
  });

  it("a correct password sets a signed httpOnly cookie that opens the catalog-only chat", async () => {
    const res = await postForm("/assistant", { password: PASSWORD });
    expect(res.status).toBe(302);
    const setCookie = res.headers.get("set-cookie") ?? "";
    expect(setCookie).toContain(`${GATE_COOKIE}=`);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Lax/i);
    const cookie = setCookie.split(";")[0] ?? "";

    const page = await (await fetch(`${server.url}/assistant`, { headers: { cookie } })).text();
    expect(page).not.toContain("Secure Access");
    expect(page).toContain("Online");

    const plans = await ask(cookie, "What plans does Verizon have?");
    expect(plans.status).toBe(200);
    expect(await plans.text()).toContain("Verizon");
    // No company data without a signed-in agent.
    const pipeline = await ask(cookie, "How is my pipeline?");
    expect(await pipeline.text()).toContain("signed-in agent");
  });

  it("offers a visitor the public catalog alone: greeting and help name no pipeline or quote", async () => {
    const res = await postForm("/assistant", { password: PASSWORD });
    const cookie = (res.headers.get("set-cookie") ?? "").split(";")[0] ?? "";
    const page = await (await fetch(`${server.url}/assistant`, { headers: { cookie } })).text();
    expect(page).toContain(
      "Ask me about rate plans, certified devices, promotions or sales resources.",
    );
    expect(page).not.toContain("your pipeline");

    for (const question of ["what can you do?", "hello", "What is the weather in Denver?"]) {
      const help = await (await ask(cookie, question)).text();
      expect(help).toContain("certified devices");
      expect(help).not.toContain("pipeline");
      expect(help).not.toContain("draft a quote");
    }
  });

  it("refuses the chat without the cookie, and a session is not the gate's cookie", async () => {
    expect((await ask(null, "What plans does Verizon have?")).status).toBe(401);
    expect((await ask(`${GATE_COOKIE}=forged.value`, "hello")).status).toBe(401);
    const session = await signInCookie(server.url, "demo", "carrierline-demo");
    expect((await ask(session, "How is my pipeline?")).status).toBe(401);
  });

  it("lets a signed-in agent straight in, to their own chat", async () => {
    const session = await signInCookie(server.url, "demo", "carrierline-demo");
    const page = await (
      await fetch(`${server.url}/assistant`, { headers: { cookie: session } })
    ).text();
    expect(page).not.toContain("Secure Access");
    expect(page).toContain("Online");
    // Their own chat offers their company's data too.
    expect(page).toContain("sales resources or your pipeline.");
  });
});
