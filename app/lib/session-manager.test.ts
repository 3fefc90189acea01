import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { SessionUserView } from "./schemas/session.ts";
import {
  type BrowserSession,
  createSessionManager,
  type SessionEvent,
  type SessionManager,
  signedOutTarget,
  type TabChannel,
} from "./session-manager.ts";

const USER: SessionUserView = {
  id: "u1",
  username: "jordan",
  name: "Jordan Avery",
  email: "jordan@example.com",
  role: "agent",
  company: "Demo Wireless Partners",
};

const MINUTE = 60_000;

/** Tabs of one browser: a message reaches every other tab, never the sender. */
function createTabBus() {
  const tabs = new Set<(message: unknown) => void>();
  return (): TabChannel => {
    let mine: ((message: unknown) => void) | null = null;
    return {
      post: (message) => {
        for (const deliver of tabs) if (deliver !== mine) deliver(structuredClone(message));
      },
      listen: (onMessage) => {
        mine = onMessage;
        tabs.add(onMessage);
        return () => tabs.delete(onMessage);
      },
      close: () => {},
    };
  };
}

type Reply = number | "network" | { status: 200; user?: SessionUserView; expiresInMs: number };

/**
 * One tab with a fake server: GET answers the server's current session, refresh extends it by
 * 15 minutes unless a queued reply says otherwise.
 */
function createTab(
  options: {
    expiresInMs?: number;
    initial?: boolean;
    channel?: TabChannel;
    server?: { expiresAt: number; user: SessionUserView };
    /** How far the server's clock runs ahead of the browser's. */
    clockSkewMs?: number;
  } = {},
) {
  const server = options.server ?? {
    expiresAt: Date.now() + (options.expiresInMs ?? 10 * MINUTE),
    user: USER,
  };
  const refreshReplies: Reply[] = [];
  const getReplies: Reply[] = [];
  const signOutReplies: Reply[] = [];
  const requests: Array<{ method: string; path: string; body: unknown }> = [];
  let visible = true;
  const visibilityListeners = new Set<() => void>();

  const answer = (reply: Reply | undefined, fallback: () => Response): Response => {
    if (reply === undefined) return fallback();
    if (reply === "network") throw new TypeError("Failed to fetch");
    if (typeof reply === "number") return Response.json({ error: "nope" }, { status: reply });
    server.expiresAt = Date.now() + reply.expiresInMs;
    if (reply.user) server.user = reply.user;
    return sessionResponse();
  };
  const skew = options.clockSkewMs ?? 0;
  const sessionResponse = () =>
    Response.json({
      user: server.user,
      expiresAt: new Date(server.expiresAt + skew).toISOString(),
      serverTime: new Date(Date.now() + skew).toISOString(),
    });

  const fetchMock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const path = new URL(String(input), "http://localhost").pathname;
    const method = init?.method ?? "GET";
    const body = typeof init?.body === "string" ? JSON.parse(init.body) : undefined;
    requests.push({ method, path, body });
    if (path === "/api/session/refresh") {
      return answer(refreshReplies.shift(), () => {
        server.expiresAt = Date.now() + 15 * MINUTE;
        return sessionResponse();
      });
    }
    if (path === "/api/session/sign-out") {
      return answer(signOutReplies.shift(), () => new Response(null, { status: 204 }));
    }
    return answer(getReplies.shift(), sessionResponse);
  });

  const manager = createSessionManager(
    {
      fetch: fetchMock,
      now: () => Date.now(),
      setTimeout: (run, ms) => setTimeout(run, ms),
      clearTimeout: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
      visibility: {
        isVisible: () => visible,
        listen: (onChange) => {
          visibilityListeners.add(onChange);
          return () => visibilityListeners.delete(onChange);
        },
      },
      channel: options.channel ?? null,
    },
    {
      initial:
        options.initial === false
          ? undefined
          : { user: server.user, expiresAt: new Date(server.expiresAt).toISOString() },
    },
  );

  const events: Array<{ event: SessionEvent; session: BrowserSession | null; reason?: string }> =
    [];
  manager.subscribe((event, session, detail) => events.push({ event, session, ...detail }));

  return {
    manager,
    server,
    events,
    requests,
    refreshReplies,
    getReplies,
    signOutReplies,
    names: () => events.map((e) => e.event),
    refreshes: () => requests.filter((r) => r.path === "/api/session/refresh").length,
    checks: () => requests.filter((r) => r.path === "/api/session").length,
    setVisible(next: boolean) {
      visible = next;
      for (const listener of visibilityListeners) listener();
    },
  };
}

let started: SessionManager[] = [];
const start = async (tab: ReturnType<typeof createTab>) => {
  started.push(tab.manager);
  await tab.manager.start();
  await vi.advanceTimersByTimeAsync(0);
  return tab;
};

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date("2026-03-01T12:00:00Z"));
});

afterEach(() => {
  for (const manager of started) manager.stop();
  started = [];
  vi.useRealTimers();
});

describe("the session manager's start", () => {
  it("emits INITIAL_SESSION with the page's session, without asking the server", async () => {
    const tab = await start(createTab({ expiresInMs: 10 * MINUTE }));
    expect(tab.names()).toEqual(["INITIAL_SESSION"]);
    expect(tab.events[0]?.session?.user).toEqual(USER);
    expect(tab.requests).toEqual([]);
  });

  it("asks the server when the page brought no session, and says so when there is none", async () => {
    const signedIn = await start(createTab({ initial: false }));
    expect(signedIn.checks()).toBe(1);
    expect(signedIn.events).toMatchObject([{ event: "INITIAL_SESSION", session: { user: USER } }]);

    const anonymous = createTab({ initial: false });
    anonymous.getReplies.push(401);
    await start(anonymous);
    expect(anonymous.events).toEqual([{ event: "INITIAL_SESSION", session: null }]);
  });
});

describe("automatic refresh", () => {
  it("does not refresh while more than 90 s remain, only checks the session each 30 s tick", async () => {
    const tab = await start(createTab({ expiresInMs: 10 * MINUTE }));
    await vi.advanceTimersByTimeAsync(29_999);
    expect(tab.requests).toEqual([]);
    await vi.advanceTimersByTimeAsync(1);
    expect(tab.checks()).toBe(1);
    await vi.advanceTimersByTimeAsync(5 * 30_000);
    expect(tab.checks()).toBe(6);
    expect(tab.refreshes()).toBe(0);
  });

  it("refreshes on the first tick at which 90 s or less remain, and emits TOKEN_REFRESHED", async () => {
    // 150 s left: at the 30 s tick 120 s remain (a check), at the 60 s tick exactly 90 s.
    const tab = await start(createTab({ expiresInMs: 150_000 }));
    await vi.advanceTimersByTimeAsync(30_000);
    expect(tab.refreshes()).toBe(0);
    await vi.advanceTimersByTimeAsync(29_999);
    expect(tab.refreshes()).toBe(0);
    await vi.advanceTimersByTimeAsync(1);
    expect(tab.refreshes()).toBe(1);
    expect(tab.names()).toEqual(["INITIAL_SESSION", "TOKEN_REFRESHED"]);
    const refreshed = tab.events.at(-1)?.session;
    expect(refreshed?.expiresAt).toBe(Date.now() + 15 * MINUTE);
    expect(tab.manager.getSession()?.expiresAt).toBe(Date.now() + 15 * MINUTE);
    // With 15 minutes ahead again, the next ticks do not refresh.
    await vi.advanceTimersByTimeAsync(3 * 30_000);
    expect(tab.refreshes()).toBe(1);
  });

  it("refreshes at once on start when the page's session is already within 90 s of its end", async () => {
    const tab = await start(createTab({ expiresInMs: 60_000 }));
    expect(tab.refreshes()).toBe(1);
    expect(tab.names()).toEqual(["INITIAL_SESSION", "TOKEN_REFRESHED"]);
  });

  it("reads the expiry on this browser's clock, whatever the server's clock says", async () => {
    // The server's clock runs 5 minutes ahead; its answer still means "10 minutes from now".
    const tab = await start(createTab({ initial: false, clockSkewMs: 5 * MINUTE }));
    expect(tab.manager.getSession()?.expiresAt).toBe(Date.now() + 10 * MINUTE);
    await vi.advanceTimersByTimeAsync(8 * MINUTE);
    expect(tab.refreshes()).toBe(0);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(tab.refreshes()).toBe(1);
  });
});

describe("a hidden tab", () => {
  it("stops ticking while hidden and checks at once when visible again", async () => {
    const tab = await start(createTab({ expiresInMs: 20 * MINUTE }));
    tab.setVisible(false);
    await vi.advanceTimersByTimeAsync(10 * MINUTE);
    expect(tab.requests).toEqual([]);
    tab.setVisible(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(tab.checks()).toBe(1);
    // And the ticks resume, 30 s apart.
    await vi.advanceTimersByTimeAsync(30_000);
    expect(tab.checks()).toBe(2);
  });

  it("refreshes at once on becoming visible when the session has 90 s or less left", async () => {
    const tab = await start(createTab({ expiresInMs: 10 * MINUTE }));
    tab.setVisible(false);
    await vi.advanceTimersByTimeAsync(9 * MINUTE);
    expect(tab.refreshes()).toBe(0);
    tab.setVisible(true);
    await vi.advanceTimersByTimeAsync(0);
    expect(tab.refreshes()).toBe(1);
    expect(tab.names()).toContain("TOKEN_REFRESHED");
  });
});

describe("refresh failures", () => {
  it("retries 503 and network failures after 200, 400 and 800 ms, then takes the new session", async () => {
    const tab = createTab({ expiresInMs: 60_000 });
    tab.refreshReplies.push(503, "network", 503);
    await start(tab);
    expect(tab.refreshes()).toBe(1);
    await vi.advanceTimersByTimeAsync(199);
    expect(tab.refreshes()).toBe(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(tab.refreshes()).toBe(2);
    await vi.advanceTimersByTimeAsync(399);
    expect(tab.refreshes()).toBe(2);
    await vi.advanceTimersByTimeAsync(1);
    expect(tab.refreshes()).toBe(3);
    await vi.advanceTimersByTimeAsync(799);
    expect(tab.refreshes()).toBe(3);
    await vi.advanceTimersByTimeAsync(1);
    expect(tab.refreshes()).toBe(4);
    expect(tab.names()).toEqual(["INITIAL_SESSION", "TOKEN_REFRESHED"]);
    expect(tab.manager.getSession()?.expiresAt).toBe(Date.now() + 15 * MINUTE);
  });

  it.each([502, 504])("retries a %i answer too", async (status) => {
    const tab = createTab({ expiresInMs: 60_000 });
    tab.refreshReplies.push(status);
    await start(tab);
    await vi.advanceTimersByTimeAsync(200);
    expect(tab.refreshes()).toBe(2);
    expect(tab.names()).toEqual(["INITIAL_SESSION", "TOKEN_REFRESHED"]);
  });

  it("gives up and signs out once the session's expiry has passed", async () => {
    const tab = createTab({ expiresInMs: 5_000 });
    tab.refreshReplies.push(...Array.from({ length: 50 }, () => 503));
    await start(tab);
    await vi.advanceTimersByTimeAsync(10_000);
    // 0, 200, 600, 1400, 3000 ms; the next wait (3.2 s) would end past the expiry.
    expect(tab.refreshes()).toBe(5);
    expect(tab.names()).toEqual(["INITIAL_SESSION", "SIGNED_OUT"]);
    expect(tab.manager.getSession()).toBeNull();
  });

  it.each([401, 403, 500])("drops the session on a %i answer: SIGNED_OUT", async (status) => {
    const tab = createTab({ expiresInMs: 60_000 });
    tab.refreshReplies.push(status);
    await start(tab);
    expect(tab.refreshes()).toBe(1);
    expect(tab.events.at(-1)).toMatchObject({
      event: "SIGNED_OUT",
      session: null,
      reason: "ended",
    });
    await vi.advanceTimersByTimeAsync(5 * 30_000);
    expect(tab.requests).toHaveLength(1);
  });

  it("signs out when a tick's check finds the session ended elsewhere", async () => {
    const tab = await start(createTab({ expiresInMs: 10 * MINUTE }));
    tab.getReplies.push(401);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(tab.names()).toEqual(["INITIAL_SESSION", "SIGNED_OUT"]);
  });

  it("keeps the session when a check meets a network failure", async () => {
    const tab = await start(createTab({ expiresInMs: 10 * MINUTE }));
    tab.getReplies.push("network", 503);
    await vi.advanceTimersByTimeAsync(60_000);
    expect(tab.names()).toEqual(["INITIAL_SESSION"]);
    expect(tab.manager.getSession()).not.toBeNull();
  });
});

describe("events", () => {
  it("emits USER_UPDATED when the server's answer changes the agent's fields, once", async () => {
    const tab = await start(createTab({ expiresInMs: 10 * MINUTE }));
    const renamed = { ...USER, company: "Summit Wireless" };
    tab.getReplies.push({ status: 200, user: renamed, expiresInMs: 10 * MINUTE });
    await vi.advanceTimersByTimeAsync(30_000);
    expect(tab.names()).toEqual(["INITIAL_SESSION", "USER_UPDATED"]);
    expect(tab.events.at(-1)?.session?.user.company).toBe("Summit Wireless");
    await vi.advanceTimersByTimeAsync(30_000);
    expect(tab.names()).toEqual(["INITIAL_SESSION", "USER_UPDATED"]);
  });

  it("passes on PASSWORD_RECOVERY and MFA_CHALLENGE_VERIFIED that pages announce", async () => {
    const tab = await start(createTab());
    tab.manager.notify("PASSWORD_RECOVERY");
    tab.manager.notify("MFA_CHALLENGE_VERIFIED");
    expect(tab.names()).toEqual(["INITIAL_SESSION", "PASSWORD_RECOVERY", "MFA_CHALLENGE_VERIFIED"]);
  });

  it("stops ticking when stopped", async () => {
    const tab = await start(createTab());
    tab.manager.stop();
    await vi.advanceTimersByTimeAsync(5 * 30_000);
    expect(tab.requests).toEqual([]);
  });
});

describe("sign-out", () => {
  it.each(["local", "global"] as const)("scope %s ends this session: SIGNED_OUT", async (scope) => {
    const tab = await start(createTab());
    expect(await tab.manager.signOut(scope)).toEqual({ ok: true });
    expect(tab.requests).toEqual([
      { method: "POST", path: "/api/session/sign-out", body: { scope } },
    ]);
    expect(tab.events.at(-1)).toMatchObject({ event: "SIGNED_OUT", reason: "sign-out" });
    expect(tab.manager.getSession()).toBeNull();
  });

  it("scope others keeps this session", async () => {
    const tab = await start(createTab());
    expect(await tab.manager.signOut("others")).toEqual({ ok: true });
    expect(tab.requests[0]?.body).toEqual({ scope: "others" });
    expect(tab.names()).toEqual(["INITIAL_SESSION"]);
    expect(tab.manager.getSession()).not.toBeNull();
  });

  it.each([401, 403, 404])("a %i answer still signs the browser out", async (status) => {
    const tab = await start(createTab());
    tab.signOutReplies.push(status);
    expect(await tab.manager.signOut("local")).toEqual({ ok: true });
    expect(tab.names()).toEqual(["INITIAL_SESSION", "SIGNED_OUT"]);
  });

  it.each([500, 503, "network"] as const)(
    "any other failure (%s) is reported and leaves the session",
    async (reply) => {
      const tab = await start(createTab());
      tab.signOutReplies.push(reply);
      expect(await tab.manager.signOut("local")).toEqual({
        ok: false,
        message: "We could not sign you out. Please try again.",
      });
      expect(tab.names()).toEqual(["INITIAL_SESSION"]);
      expect(tab.manager.getSession()).not.toBeNull();
    },
  );
});

describe("tabs of one browser", () => {
  it("a sign-out in one tab signs every tab out", async () => {
    const bus = createTabBus();
    const a = await start(createTab({ channel: bus() }));
    const b = await start(createTab({ channel: bus(), server: a.server }));
    await a.manager.signOut("local");
    expect(b.events.at(-1)).toMatchObject({ event: "SIGNED_OUT", reason: "other-tab" });
    expect(b.manager.getSession()).toBeNull();
    expect(b.requests).toEqual([]);
  });

  it("a refresh in one tab moves the other tabs' expiry, so they do not refresh too", async () => {
    const bus = createTabBus();
    const a = await start(createTab({ channel: bus(), expiresInMs: 150_000 }));
    await vi.advanceTimersByTimeAsync(10_000);
    // B opens 10 s later: its ticks fall between A's.
    const b = await start(createTab({ channel: bus(), server: a.server }));
    await vi.advanceTimersByTimeAsync(50_000);
    // A's 60 s tick refreshed (90 s left); B's 40 s tick was spared by A's 30 s check.
    expect(a.refreshes()).toBe(1);
    expect(b.names()).toEqual(["INITIAL_SESSION", "TOKEN_REFRESHED"]);
    expect(b.manager.getSession()?.expiresAt).toBe(a.manager.getSession()?.expiresAt);
    await vi.advanceTimersByTimeAsync(10 * 30_000);
    expect(b.refreshes()).toBe(0);
    expect(b.checks()).toBe(0);
  });

  it("a session learnt from another tab where this one had none is SIGNED_IN", async () => {
    const bus = createTabBus();
    const a = createTab({ channel: bus(), initial: false });
    a.getReplies.push(401);
    await start(a);
    const b = await start(createTab({ channel: bus(), expiresInMs: 10 * MINUTE }));
    await vi.advanceTimersByTimeAsync(30_000);
    expect(b.checks()).toBe(1);
    expect(a.names()).toEqual(["INITIAL_SESSION", "SIGNED_IN"]);
    expect(a.manager.getSession()?.user).toEqual(USER);
  });

  it("ignores messages that are not the manager's", async () => {
    let deliver: (message: unknown) => void = () => {};
    const channel: TabChannel = {
      post: () => {},
      listen: (onMessage) => {
        deliver = onMessage;
        return () => {};
      },
      close: () => {},
    };
    const a = await start(createTab({ channel }));
    deliver({ type: "signed-in" });
    deliver({ type: "session", refreshed: true, session: { user: { id: 1 }, expiresAt: "soon" } });
    deliver("signed-out");
    expect(a.names()).toEqual(["INITIAL_SESSION"]);
    expect(a.manager.getSession()?.user).toEqual(USER);
  });
});

describe("where the portal goes on SIGNED_OUT", () => {
  it("to /login after the agent's own sign-out, else to /login and back here afterwards", () => {
    const here = { pathname: "/dashboard/devices", search: "?carrier=att" };
    expect(signedOutTarget(here, "sign-out")).toBe("/login");
    expect(signedOutTarget(here, "other-tab")).toBe(
      "/login?redirectTo=%2Fdashboard%2Fdevices%3Fcarrier%3Datt",
    );
    expect(signedOutTarget(here, "ended")).toBe(
      "/login?redirectTo=%2Fdashboard%2Fdevices%3Fcarrier%3Datt",
    );
  });
});
