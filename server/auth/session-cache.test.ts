import { describe, expect, it } from "vitest";
import { createSessionCache } from "./session-cache.ts";

type Session = { user: string; expiresAt: number };

function setup(ttlMs = 5_000, maxEntries = 100) {
  let t = 1_000_000;
  const cache = createSessionCache<Session>({ ttlMs, maxEntries, now: () => t });
  let loads = 0;
  const load =
    (user: string | null, expiresAt = t + 60_000) =>
    async () => {
      loads++;
      return user === null ? null : { user, expiresAt };
    };
  return {
    cache,
    load,
    loads: () => loads,
    advance: (ms: number) => {
      t += ms;
    },
  };
}

describe("the session cache", () => {
  it("answers the same cookies from memory until the TTL passes", async () => {
    const { cache, load, loads, advance } = setup();
    expect(await cache.lookup("c=1", load("ana"))).toMatchObject({ user: "ana" });
    expect(await cache.lookup("c=1", load("ana"))).toMatchObject({ user: "ana" });
    expect(loads()).toBe(1);
    advance(5_000);
    await cache.lookup("c=1", load("ana"));
    expect(loads()).toBe(2);
  });

  it("never answers other cookies, however close, from another session's entry", async () => {
    const { cache, load } = setup();
    await cache.lookup("token=abc.sig", load("ana"));
    expect(await cache.lookup("token=abc.sig2", load(null))).toBeNull();
    expect(await cache.lookup("token=abc.si", load("ben"))).toMatchObject({ user: "ben" });
  });

  it("keeps no answer for cookies that are not signed in", async () => {
    const { cache, load, loads } = setup();
    expect(await cache.lookup("c=1", load(null))).toBeNull();
    expect(await cache.lookup("c=1", load("ana"))).toMatchObject({ user: "ana" });
    expect(loads()).toBe(2);
  });

  it("forgets everything at once on invalidation", async () => {
    const { cache, load, loads } = setup();
    await cache.lookup("c=1", load("ana"));
    await cache.lookup("c=2", load("ben"));
    cache.invalidateAll();
    expect(cache.size).toBe(0);
    expect(await cache.lookup("c=1", load(null))).toBeNull();
    expect(loads()).toBe(3);
  });

  it("does not keep an answer read before an invalidation that came while it was in flight", async () => {
    const { cache } = setup();
    let finish: (s: Session) => void = () => undefined;
    const slow = () => new Promise<Session>((resolve) => (finish = resolve));
    const inFlight = cache.lookup("c=1", slow);
    // A request arriving after the sign-out must not join the lookup that started before it.
    cache.invalidateAll();
    const after = cache.lookup("c=1", async () => null);
    finish({ user: "ana", expiresAt: Number.MAX_SAFE_INTEGER });
    expect(await inFlight).toMatchObject({ user: "ana" });
    expect(await after).toBeNull();
    expect(await cache.lookup("c=1", async () => null)).toBeNull();
  });

  it("shares one lookup between concurrent requests with the same cookies", async () => {
    const { cache, load, loads } = setup();
    const [a, b] = await Promise.all([
      cache.lookup("c=1", load("ana")),
      cache.lookup("c=1", load("ana")),
    ]);
    expect(a).toEqual(b);
    expect(loads()).toBe(1);
  });

  it("stops answering when the session itself expires, even inside the TTL", async () => {
    const { cache, load, loads, advance } = setup();
    await cache.lookup("c=1", load("ana", 1_000_000 + 1_000));
    advance(1_000);
    expect(await cache.lookup("c=1", load(null))).toBeNull();
    expect(loads()).toBe(2);
  });

  it("forgets a failed lookup, so the next request asks again", async () => {
    const { cache, load, loads } = setup();
    await expect(
      cache.lookup("c=1", async () => {
        throw new Error("database down");
      }),
    ).rejects.toThrow("database down");
    expect(await cache.lookup("c=1", load("ana"))).toMatchObject({ user: "ana" });
    expect(loads()).toBe(1);
  });

  it("holds at most maxEntries, dropping the oldest", async () => {
    const { cache, load, loads } = setup(5_000, 2);
    await cache.lookup("c=1", load("ana"));
    await cache.lookup("c=2", load("ben"));
    await cache.lookup("c=3", load("cy"));
    expect(cache.size).toBe(2);
    await cache.lookup("c=1", load("ana"));
    expect(loads()).toBe(4);
  });
});
