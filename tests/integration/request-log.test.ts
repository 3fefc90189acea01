import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setUpTestRuntime } from "./helpers/fixture.ts";
import { capturingLogger } from "./helpers/logs.ts";
import { startPageServer } from "./helpers/pages.ts";

// Issue 19: pages take turns to start (server/http/turns.ts), and a page's logged time includes
// its wait. The log says how much of it was waiting, so that a slow page can be told from a
// busy server.

const world = setUpTestRuntime();
const log = capturingLogger();
let pages: Awaited<ReturnType<typeof startPageServer>>;

beforeAll(async () => {
  const { rt } = world();
  pages = await startPageServer({ ...rt, logger: log.logger });
});
afterAll(async () => {
  await pages.close();
});

const requestLines = (path: string) =>
  log.lines.filter((line) => line.msg === "request" && line.path === path);

describe("the request log", () => {
  it("says how long each page waited for its turn, within its whole time", async () => {
    // More pages at once than start in one turn of the event loop, so some of them wait.
    const answers = await Promise.all(
      Array.from({ length: 10 }, () => fetch(`${pages.url}/login`)),
    );
    for (const answer of answers) expect(answer.status).toBe(200);
    await expect.poll(() => requestLines("/login").length).toBe(10);
    for (const line of requestLines("/login")) {
      expect(line.waitMs).toEqual(expect.any(Number));
      expect(line.waitMs).toBeGreaterThanOrEqual(0);
      expect(line.waitMs).toBeLessThanOrEqual(Number(line.ms));
    }
    // Four start per turn: the last of ten waited for at least two turns of renders.
    const waits = requestLines("/login").map((line) => Number(line.waitMs));
    expect(Math.max(...waits)).toBeGreaterThan(0);
  });

  it("gives no wait for answers that never queue", async () => {
    expect((await fetch(`${pages.url}/healthz`)).status).toBe(200);
    await expect.poll(() => requestLines("/healthz").length).toBe(1);
    expect(requestLines("/healthz")[0]).not.toHaveProperty("waitMs");
  });
});
