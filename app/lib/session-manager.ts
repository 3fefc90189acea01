import type { SessionUserView, SignOutScope } from "./schemas/session.ts";
import {
  isBoolean,
  isIsoDateTime,
  isLiteral,
  isNullable,
  isNumber,
  isObjectOf,
  isString,
} from "./shape.ts";

/**
 * The browser's side of our cookie sessions: what the old app's auth client did with the tokens it
 * kept, done for an httpOnly cookie the page never sees. It watches the session's expiry, extends
 * it in time, pauses while the tab is hidden, keeps the tabs of this browser in step and tells
 * subscribers what happened. No React in here; app/lib/use-session-manager.tsx wires it in.
 */

export type SessionEvent =
  | "INITIAL_SESSION"
  | "SIGNED_IN"
  | "SIGNED_OUT"
  | "TOKEN_REFRESHED"
  | "USER_UPDATED"
  | "PASSWORD_RECOVERY"
  | "MFA_CHALLENGE_VERIFIED";

/** Events a page announces itself (a recovery link followed, a second factor checked). */
export type NotifiedEvent = "PASSWORD_RECOVERY" | "MFA_CHALLENGE_VERIFIED";

/** The session as the browser knows it; expiresAt is on this browser's clock (ms). */
export type BrowserSession = { user: SessionUserView; expiresAt: number };

/** Why the session went: signed out here, in another tab, or found gone/refused by the server. */
export type SignedOutReason = "sign-out" | "other-tab" | "ended";

export type SessionListener = (
  event: SessionEvent,
  session: BrowserSession | null,
  detail: { reason?: SignedOutReason },
) => void;

export type SignOutResult = { ok: true } | { ok: false; message: string };

/**
 * The user as the server's session answer and other tabs carry it (sessionUserSchema's shape,
 * checked without zod: this runs in the portal's shell, decision 0034).
 */
const isSessionUser = isObjectOf<SessionUserView>({
  id: isString,
  username: isString,
  name: isString,
  email: isString,
  role: isString,
  company: isNullable(isString),
});

/** Only the user's own fields, as zod's parse kept them: nothing else is kept or passed on. */
const userOf = (u: SessionUserView): SessionUserView => ({
  id: u.id,
  username: u.username,
  name: u.name,
  email: u.email,
  role: u.role,
  company: u.company,
});

/** GET /api/session and POST /api/session/refresh (sessionAnswerSchema's shape). */
const isSessionAnswer = isObjectOf<{
  user: SessionUserView;
  expiresAt: string;
  serverTime: string;
}>({ user: isSessionUser, expiresAt: isIsoDateTime, serverTime: isIsoDateTime });

/** What tabs of one browser tell each other. */
type TabMessage =
  | { type: "signed-out" }
  | { type: "session"; refreshed: boolean; session: BrowserSession };

const isSignedOutMessage = isObjectOf<{ type: "signed-out" }>({ type: isLiteral("signed-out") });
const isSessionMessage = isObjectOf<Extract<TabMessage, { type: "session" }>>({
  type: isLiteral("session"),
  refreshed: isBoolean,
  session: isObjectOf<BrowserSession>({ user: isSessionUser, expiresAt: isNumber }),
});

export type TabChannel = {
  post(message: TabMessage): void;
  /** Calls back with each message another tab posted (unparsed: the manager checks it). */
  listen(onMessage: (message: unknown) => void): () => void;
  close(): void;
};

export type VisibilitySource = {
  isVisible(): boolean;
  listen(onChange: () => void): () => void;
};

export type SessionManagerDeps = {
  fetch: typeof fetch;
  now: () => number;
  setTimeout: (run: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
  visibility: VisibilitySource;
  /** Null where the browser offers neither BroadcastChannel nor storage events. */
  channel: TabChannel | null;
};

export type SessionManagerOptions = {
  /** The session the server rendered the page with, so the first render needs no fetch. */
  initial?: { user: SessionUserView; expiresAt: string } | null;
  /** Where the API lives (tests of the page use the page's own origin, the default ""). */
  baseUrl?: string;
};

/** Portal spec: a tick every 30 s; refresh when 3 ticks (90 s) or fewer remain. */
export const TICK_MS = 30_000;
export const REFRESH_MARGIN_TICKS = 3;
export const REFRESH_MARGIN_MS = TICK_MS * REFRESH_MARGIN_TICKS;
/** Retryable refresh failures wait 200 ms, then 400, 800… never more than one tick. */
export const RETRY_START_MS = 200;
export const RETRY_MAX_MS = TICK_MS;

export const SESSION_CHANNEL = "carrierline-session";

const RETRYABLE_STATUS = new Set([502, 503, 504]);
const ALREADY_SIGNED_OUT = new Set([401, 403, 404]);
const SIGN_OUT_FAILED = "We could not sign you out. Please try again.";

export type SessionManager = ReturnType<typeof createSessionManager>;

function sameUser(a: SessionUserView, b: SessionUserView): boolean {
  return (
    a.id === b.id &&
    a.username === b.username &&
    a.name === b.name &&
    a.email === b.email &&
    a.role === b.role &&
    a.company === b.company
  );
}

type Answer =
  | { kind: "session"; session: BrowserSession }
  | { kind: "retry" }
  | { kind: "refused"; status: number };

export function createSessionManager(
  deps: SessionManagerDeps,
  options: SessionManagerOptions = {},
) {
  const base = options.baseUrl ?? "";
  const listeners = new Set<SessionListener>();
  let session: BrowserSession | null = options.initial
    ? { user: options.initial.user, expiresAt: Date.parse(options.initial.expiresAt) }
    : null;
  let started = false;
  let tickTimer: unknown = null;
  /** A refresh waiting to try again; waking it early (on pause) ends its wait. */
  let retryWait: { timer: unknown; wake: () => void } | null = null;
  let retryAttempt = 0;
  let refreshing: Promise<void> | null = null;
  /** When this tab last learnt the session from the server or from another tab. */
  let lastSyncAt = options.initial ? deps.now() : Number.NEGATIVE_INFINITY;
  let stopListening: Array<() => void> = [];

  const emit = (event: SessionEvent, detail: { reason?: SignedOutReason } = {}) => {
    for (const listener of [...listeners]) listener(event, session, detail);
  };

  /** Takes a session in, telling subscribers what changed. */
  const adopt = (next: BrowserSession, refreshed: boolean) => {
    const previous = session;
    session = next;
    lastSyncAt = deps.now();
    if (!previous) emit("SIGNED_IN");
    else if (!sameUser(previous.user, next.user)) emit("USER_UPDATED");
    if (refreshed) emit("TOKEN_REFRESHED");
  };

  const drop = (reason: SignedOutReason, tellTabs: boolean) => {
    cancelRetry();
    if (!session) return;
    session = null;
    if (tellTabs) deps.channel?.post({ type: "signed-out" });
    emit("SIGNED_OUT", { reason });
  };

  /** Ends a retry's wait at once; the refresh then sees why and stops. */
  const wakeRetry = () => {
    if (!retryWait) return;
    deps.clearTimeout(retryWait.timer);
    retryWait.wake();
    retryWait = null;
  };

  const cancelRetry = () => {
    wakeRetry();
    retryAttempt = 0;
  };

  /** One call to the session API, read into what the manager acts on. */
  const call = async (path: string, init: RequestInit = {}): Promise<Answer> => {
    let response: Response;
    try {
      response = await deps.fetch(`${base}/api/session${path}`, {
        credentials: "same-origin",
        cache: "no-store",
        ...init,
        headers: { accept: "application/json", ...init.headers },
      });
    } catch {
      return { kind: "retry" };
    }
    if (RETRYABLE_STATUS.has(response.status)) return { kind: "retry" };
    if (!response.ok) return { kind: "refused", status: response.status };
    const answer: unknown = await response.json().catch(() => null);
    if (!isSessionAnswer(answer)) return { kind: "retry" };
    const { user, expiresAt, serverTime } = answer;
    // Kept on this browser's clock: a skewed clock must not make us refresh late.
    const expires = deps.now() + (Date.parse(expiresAt) - Date.parse(serverTime));
    return { kind: "session", session: { user: userOf(user), expiresAt: expires } };
  };

  const broadcast = (refreshed: boolean) => {
    if (session) deps.channel?.post({ type: "session", refreshed, session });
  };

  /** Asks the server whether the session still stands (it may have ended on another device). */
  const check = async () => {
    const answer = await call("");
    if (answer.kind === "session") {
      adopt(answer.session, false);
      broadcast(false);
    } else if (answer.kind === "refused") {
      drop("ended", true);
    }
    // A network or server failure says nothing about the session: the next tick asks again.
  };

  const attemptRefresh = async (): Promise<void> => {
    const answer = await call("/refresh", { method: "POST" });
    if (answer.kind === "session") {
      cancelRetry();
      adopt(answer.session, true);
      broadcast(true);
      return;
    }
    if (answer.kind === "refused") {
      drop("ended", true);
      return;
    }
    const delay = Math.min(RETRY_START_MS * 2 ** retryAttempt, RETRY_MAX_MS);
    // Past its expiry the session is gone on the server too: no point asking again.
    if (!session || deps.now() + delay >= session.expiresAt) {
      drop("ended", true);
      return;
    }
    retryAttempt += 1;
    const finished = await new Promise<boolean>((resolve) => {
      const timer = deps.setTimeout(() => {
        retryWait = null;
        resolve(true);
      }, delay);
      retryWait = { timer, wake: () => resolve(false) };
    });
    // Stopped, hidden or signed out while waiting: the retry is off (a visible tab starts over).
    if (!finished || !started || !session || !deps.visibility.isVisible()) {
      retryAttempt = 0;
      return;
    }
    return attemptRefresh();
  };

  /** Extends the session; concurrent callers share the one refresh (and its retries). */
  const refresh = (): Promise<void> => {
    if (!refreshing) {
      refreshing = attemptRefresh().finally(() => {
        refreshing = null;
      });
    }
    return refreshing;
  };

  /** One tick: refresh near expiry, else make sure the session still stands. */
  const tick = async (force: boolean) => {
    if (!session || refreshing) return;
    if (session.expiresAt - deps.now() <= REFRESH_MARGIN_MS) return refresh();
    // Another tab that learnt the session within the last tick spares this one the request.
    if (force || deps.now() - lastSyncAt >= TICK_MS) return check();
  };

  const schedule = () => {
    if (tickTimer !== null) deps.clearTimeout(tickTimer);
    tickTimer = deps.setTimeout(() => {
      tickTimer = null;
      schedule();
      void tick(false);
    }, TICK_MS);
  };

  const pause = () => {
    if (tickTimer !== null) deps.clearTimeout(tickTimer);
    tickTimer = null;
    wakeRetry();
  };

  const onVisibility = () => {
    if (!started) return;
    if (deps.visibility.isVisible()) {
      schedule();
      void tick(true);
    } else {
      pause();
    }
  };

  const onTabMessage = (raw: unknown) => {
    if (isSignedOutMessage(raw)) {
      drop("other-tab", false);
      return;
    }
    if (!isSessionMessage(raw)) return;
    const { session: sent, refreshed } = raw;
    adopt({ user: userOf(sent.user), expiresAt: sent.expiresAt }, refreshed);
  };

  return {
    /** Starts watching; INITIAL_SESSION goes out once the session is known. */
    async start(): Promise<void> {
      if (started) return;
      started = true;
      stopListening = [deps.visibility.listen(onVisibility)];
      if (deps.channel) stopListening.push(deps.channel.listen(onTabMessage));
      if (!options.initial) {
        const answer = await call("");
        if (answer.kind === "session") {
          session = answer.session;
          lastSyncAt = deps.now();
        }
      }
      if (!started) return;
      emit("INITIAL_SESSION");
      if (deps.visibility.isVisible()) {
        schedule();
        // A session that is already close to its end is extended at once, not a tick later.
        if (session && session.expiresAt - deps.now() <= REFRESH_MARGIN_MS) void refresh();
      }
    },

    stop(): void {
      started = false;
      pause();
      for (const stopOne of stopListening) stopOne();
      stopListening = [];
    },

    subscribe(listener: SessionListener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    getSession(): BrowserSession | null {
      return session;
    },

    refresh,

    /** Announces what only a page knows: a recovery link was followed, a second factor checked. */
    notify(event: NotifiedEvent): void {
      emit(event);
    },

    /**
     * Signs out with a scope. An answer of 401, 403 or 404 means the server has no session for
     * us: the browser is signed out all the same. Any other failure leaves the session.
     */
    async signOut(scope: SignOutScope): Promise<SignOutResult> {
      let response: Response;
      try {
        response = await deps.fetch(`${base}/api/session/sign-out`, {
          method: "POST",
          credentials: "same-origin",
          headers: { "content-type": "application/json", accept: "application/json" },
          body: JSON.stringify({ scope }),
        });
      } catch {
        return { ok: false, message: SIGN_OUT_FAILED };
      }
      if (ALREADY_SIGNED_OUT.has(response.status)) {
        drop("sign-out", true);
        return { ok: true };
      }
      if (!response.ok) return { ok: false, message: SIGN_OUT_FAILED };
      // "others" keeps this session: the other devices find out on their next check.
      if (scope !== "others") drop("sign-out", true);
      return { ok: true };
    },
  };
}

/** The real browser: window's fetch and timers, document visibility, a BroadcastChannel. */
export function browserSessionDeps(): SessionManagerDeps {
  return {
    fetch: (input, init) => window.fetch(input, init),
    now: () => Date.now(),
    setTimeout: (run, ms) => window.setTimeout(run, ms),
    clearTimeout: (handle) => {
      if (typeof handle === "number") window.clearTimeout(handle);
    },
    visibility: {
      isVisible: () => document.visibilityState !== "hidden",
      listen: (onChange) => {
        document.addEventListener("visibilitychange", onChange);
        return () => document.removeEventListener("visibilitychange", onChange);
      },
    },
    channel: browserTabChannel(),
  };
}

/** BroadcastChannel where there is one; else the storage event, which other tabs receive. */
export function browserTabChannel(): TabChannel | null {
  if (typeof BroadcastChannel === "function") {
    const channel = new BroadcastChannel(SESSION_CHANNEL);
    return {
      post: (message) => channel.postMessage(message),
      listen: (onMessage) => {
        const handler = (event: MessageEvent) => onMessage(event.data);
        channel.addEventListener("message", handler);
        return () => channel.removeEventListener("message", handler);
      },
      close: () => channel.close(),
    };
  }
  if (typeof localStorage === "undefined") return null;
  return {
    post: (message) => {
      try {
        // A nonce makes each write a change, so a repeated message still fires the event.
        localStorage.setItem(SESSION_CHANNEL, JSON.stringify({ message, nonce: Math.random() }));
      } catch {
        // Storage full or refused (private mode): tabs then catch up on their next check.
      }
    },
    listen: (onMessage) => {
      const handler = (event: StorageEvent) => {
        if (event.key !== SESSION_CHANNEL || !event.newValue) return;
        try {
          const stored: unknown = JSON.parse(event.newValue);
          if (typeof stored === "object" && stored !== null)
            onMessage(Reflect.get(stored, "message"));
        } catch {
          // Not ours to read.
        }
      };
      window.addEventListener("storage", handler);
      return () => window.removeEventListener("storage", handler);
    },
    close: () => {},
  };
}

/**
 * Where the portal goes when the session ends: after the agent's own sign-out, the sign-in page;
 * when it ended otherwise (another tab, another device, expiry), back here after signing in.
 */
export function signedOutTarget(
  location: { pathname: string; search: string },
  reason: SignedOutReason | undefined,
): string {
  if (reason === "sign-out") return "/login";
  const params = new URLSearchParams({ redirectTo: `${location.pathname}${location.search}` });
  return `/login?${params}`;
}
