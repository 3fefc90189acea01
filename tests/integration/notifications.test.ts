import { beforeAll, describe, expect, it } from "vitest";
import { notificationsOf } from "#app/lib/notifications.ts";
import { notify } from "#server/notifications/index.ts";
import type { UserContext } from "#server/platform/context.ts";
import { createCompanyWithAgent, signInCookie } from "./helpers/accounts.ts";
import { userContextFor } from "./helpers/contexts.ts";
import { setUpTestRuntime, type TestServer } from "./helpers/fixture.ts";
import { TEST_BASE_URL, type TestRuntime } from "./helpers/runtime.ts";

const world = setUpTestRuntime({ demo: true, api: true });
let rt: TestRuntime;
let server: TestServer;
let demo: string;
let rival: string;
let rivalCtx: UserContext;

beforeAll(async () => {
  ({ rt, api: server } = world());
  const other = await createCompanyWithAgent(rt, {
    company: "Rival Telecom",
    username: "rival",
    password: "rival-password-1",
  });
  rivalCtx = await userContextFor(rt, { id: other.userId });
  await notify(rivalCtx, {
    type: "error",
    title: "Rival only",
    message: "Not for the demo agent.",
  });
  demo = await signInCookie(server.url, "demo", "carrierline-demo");
  rival = await signInCookie(server.url, "rival", "rival-password-1");
});

const call = async (cookie: string | null, method: string, path = "", body?: unknown) => {
  const headers: Record<string, string> = { origin: TEST_BASE_URL };
  if (cookie) headers.cookie = cookie;
  if (body !== undefined) headers["content-type"] = "application/json";
  return fetch(`${server.url}/api/notifications${path}`, {
    method,
    headers,
    body: body === undefined ? undefined : JSON.stringify(body),
  });
};
const listOf = async (res: Response) => notificationsOf(await res.json());

describe("notifications API", () => {
  it("lists the agent's own notifications, newest first", async () => {
    const list = await listOf(await call(demo, "GET"));
    expect(list.map((n) => n.title)).toEqual([
      "Quote sent",
      "New promotion",
      "Data usage alert",
      "Deal won",
    ]);
    const stamps = list.map((n) => n.timestamp);
    expect([...stamps].sort((a, b) => b - a)).toEqual(stamps);
    expect(list.every((n) => n.read === false)).toBe(true);
  });

  it("refuses a visitor on every verb", async () => {
    for (const [method, path] of [
      ["GET", ""],
      ["POST", "/read-all"],
      ["DELETE", ""],
    ] as const) {
      const res = await call(null, method, path);
      expect(res.status, `${method} ${path}`).toBe(401);
    }
  });

  it("never shows, reads or removes another company's notifications", async () => {
    const rivalList = await listOf(await call(rival, "GET"));
    expect(rivalList.map((n) => n.title)).toEqual(["Rival only"]);
    const rivalId = rivalList[0]?.id ?? "";
    expect((await call(demo, "PATCH", `/${rivalId}`, { read: true })).status).toBe(404);
    expect((await call(demo, "DELETE", `/${rivalId}`)).status).toBe(404);
    await call(demo, "POST", "/read-all");
    const after = await listOf(await call(rival, "GET"));
    expect(after).toEqual([{ ...rivalList[0], read: false }]);
  });

  it("marks one read, removes one, and answers with the whole list each time", async () => {
    const before = await listOf(await call(rival, "GET"));
    await notify(rivalCtx, { type: "success", title: "Second", message: "m" });
    const withTwo = await listOf(await call(rival, "GET"));
    const second = withTwo.find((n) => n.title === "Second");
    const read = await listOf(await call(rival, "PATCH", `/${second?.id}`, { read: true }));
    expect(read.find((n) => n.title === "Second")?.read).toBe(true);
    const removed = await listOf(await call(rival, "DELETE", `/${second?.id}`));
    expect(removed).toEqual(before);
  });

  it("clears them all", async () => {
    const cleared = await listOf(await call(rival, "DELETE"));
    expect(cleared).toEqual([]);
  });

  it("answers bad input with 400, not 500", async () => {
    expect((await call(demo, "PATCH", "/not-a-uuid", { read: true })).status).toBe(400);
    const list = await listOf(await call(demo, "GET"));
    expect((await call(demo, "PATCH", `/${list[0]?.id}`, { read: "yes" })).status).toBe(400);
    const raw = await fetch(`${server.url}/api/notifications/${list[0]?.id}`, {
      method: "PATCH",
      headers: { cookie: demo, origin: TEST_BASE_URL, "content-type": "application/json" },
      body: "{not json",
    });
    expect(raw.status).toBe(400);
  });

  it("refuses a write that comes from another site", async () => {
    const res = await fetch(`${server.url}/api/notifications`, {
      method: "DELETE",
      headers: { cookie: demo, origin: "https://evil.example" },
    });
    expect(res.status).toBe(403);
    expect((await listOf(await call(demo, "GET"))).length).toBe(4);
  });
});
