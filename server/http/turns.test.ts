import { once } from "node:events";
import { connect, createServer, type Server } from "node:net";
import { afterEach, describe, expect, it } from "vitest";
import { createTurns } from "./turns.ts";

/** Holds the thread as a render does: nothing else runs meanwhile. */
function render(ms: number) {
  const until = performance.now() + ms;
  while (performance.now() < until) {
    // busy, on purpose
  }
}

let server: Server | undefined;
afterEach(() => {
  server?.close();
  server = undefined;
});

describe("requests that render take turns", () => {
  it("start in the order they came", async () => {
    const turns = createTurns();
    const started: number[] = [];
    await Promise.all([0, 1, 2, 3].map((i) => turns.take().then(() => started.push(i))));
    expect(started).toEqual([0, 1, 2, 3]);
    expect(turns.waiting).toBe(0);
  });

  it("let the event loop accept a new connection after a few renders, not after all of them", async () => {
    // The fault this fixes: libuv accepts one connection each time the loop polls, and without
    // turns every waiting render ran before the next poll, so a newcomer waited for all of them.
    server = createServer((socket) => socket.destroy());
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    const address = server.address();
    if (address === null || typeof address === "string") throw new Error("no port");
    const events: string[] = [];
    server.on("connection", () => events.push("accepted"));

    const turns = createTurns();
    const renders = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11].map((i) =>
      turns.take().then(() => {
        events.push(`render ${i}`);
        render(15);
      }),
    );
    const client = connect(address.port, "127.0.0.1");
    client.on("error", () => {});
    await Promise.all(renders);
    client.destroy();

    expect(events.filter((e) => e.startsWith("render"))).toHaveLength(12);
    expect(events.indexOf("accepted")).toBeGreaterThanOrEqual(0);
    // Within the first turn's few renders, not after all twelve.
    expect(events.indexOf("accepted")).toBeLessThan(events.indexOf("render 8"));
  });

  it("drop a request whose client left while it waited, and go on with the others", async () => {
    const turns = createTurns();
    const left = new AbortController();
    const first = turns.take();
    const gone = turns.take(left.signal);
    const third = turns.take();
    expect(turns.waiting).toBe(3);
    left.abort();
    expect(turns.waiting).toBe(2);
    expect(await gone).toBe(false);
    expect(await first).toBe(true);
    expect(await third).toBe(true);
    const already = new AbortController();
    already.abort();
    expect(await turns.take(already.signal)).toBe(false);
    expect(turns.waiting).toBe(0);
  });
});
