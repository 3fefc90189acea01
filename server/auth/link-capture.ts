import { AsyncLocalStorage } from "node:async_hooks";
import type { AuthMessenger } from "./messages.ts";

type Captured = { url: string | null };
const capturing = new AsyncLocalStorage<Captured>();

/**
 * Lets an admin be handed a sign-in or recovery link instead of it being mailed: inside
 * `captureLink`, the link Better Auth would send is kept and returned; everywhere else the
 * messenger sends as usual. The link itself is made by Better Auth's own endpoint, so it is the
 * very link a mailed one would be (same token store, same single use, same expiry).
 */
export function withLinkCapture(messenger: AuthMessenger): AuthMessenger {
  const keep = (send: (to: string, url: string) => Promise<void>) => (to: string, url: string) => {
    const store = capturing.getStore();
    if (!store) return send(to, url);
    store.url = url;
    return Promise.resolve();
  };
  return {
    ...messenger,
    resetLink: keep(messenger.resetLink),
    signInLink: keep(messenger.signInLink),
  };
}

/** Runs an auth call that would send a link; the link, or null when none was made. */
export async function captureLink(call: () => Promise<unknown>): Promise<string | null> {
  const store: Captured = { url: null };
  await capturing.run(store, call);
  return store.url;
}
