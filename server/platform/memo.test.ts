import { describe, expect, it } from "vitest";
import { createMemo } from "./memo.ts";

function setup(ttlMs = 1_000, staleMs = 0) {
  let t = 0;
  const memo = createMemo<number>({ ttlMs, maxEntries: 10, staleMs, now: () => t });
  let loads = 0;
  const load = (n: number) => async () => {
    loads++;
    return n;
  };
  return { memo, load, loads: () => loads, advance: (ms: number) => (t += ms) };
}

/** A lookup that waits until the test finishes it; `started` counts the lookups begun. */
function heldLookup() {
  let finish: (n: number) => void = () => undefined;
  let started = 0;
  const lookup = () => {
    started++;
    return new Promise<number>((resolve) => (finish = resolve));
  };
  return { lookup, finish: (n: number) => finish(n), started: () => started };
}

describe("the memo", () => {
  it("keeps an answer for the TTL, then asks again", async () => {
    const { memo, load, loads, advance } = setup();
    expect(await memo.get("k", load(1))).toBe(1);
    advance(999);
    expect(await memo.get("k", load(2))).toBe(1);
    advance(1);
    expect(await memo.get("k", load(3))).toBe(3);
    expect(loads()).toBe(2);
  });

  it("keeps an answer no longer than keepUntil says, and not at all when that has passed", async () => {
    const { memo, load, loads, advance } = setup();
    await memo.get("a", load(1), () => 100);
    advance(100);
    expect(await memo.get("a", load(2), () => 0)).toBe(2);
    expect(await memo.get("a", load(3))).toBe(3);
    expect(loads()).toBe(3);
  });

  it("keeps keys apart", async () => {
    const { memo, load } = setup();
    await memo.get("a", load(1));
    expect(await memo.get("b", load(2))).toBe(2);
    expect(await memo.get("a", load(3))).toBe(1);
  });

  it("does not keep an answer whose lookup began before an invalidation", async () => {
    const { memo, load } = setup();
    const held = heldLookup();
    const first = memo.get("k", held.lookup);
    memo.invalidateAll();
    const second = memo.get("k", load(2));
    held.finish(1);
    expect(await first).toBe(1);
    expect(await second).toBe(2);
    expect(await memo.get("k", load(3))).toBe(2);
  });

  it("with staleMs, answers a stale value at once while one refresh runs, then the refreshed one", async () => {
    const { memo, load, advance } = setup(1_000, 500);
    await memo.get("k", load(1));
    advance(1_200);
    const held = heldLookup();
    expect(await memo.get("k", held.lookup)).toBe(1);
    expect(await memo.get("k", held.lookup)).toBe(1);
    expect(held.started()).toBe(1);
    held.finish(2);
    await Promise.resolve();
    expect(await memo.get("k", load(3))).toBe(2);
    // Past the stale window nothing old is given: the request waits for its own lookup.
    advance(1_500);
    expect(await memo.get("k", load(4))).toBe(4);
  });

  it("with staleMs, gives nothing stale after an invalidation, nor keeps a refresh begun before it", async () => {
    const { memo, load, advance } = setup(1_000, 500);
    await memo.get("k", load(1));
    advance(1_200);
    const held = heldLookup();
    expect(await memo.get("k", held.lookup)).toBe(1);
    memo.invalidateAll();
    expect(await memo.get("k", load(2))).toBe(2);
    held.finish(9);
    await Promise.resolve();
    expect(await memo.get("k", load(3))).toBe(2);
  });
});
