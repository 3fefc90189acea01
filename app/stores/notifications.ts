import { create } from "zustand";
import { persist } from "zustand/middleware";
import { type NotificationView, notificationsOf } from "#app/lib/notifications.ts";

/** The portal spec's storage key for the browser's copy of the notifications. */
export const NOTIFICATION_STORAGE_KEY = "notification-storage";

type NotificationState = {
  notifications: NotificationView[];
  /** Replaces the local copy with the server's list (the server is the source of truth). */
  replace: (list: NotificationView[]) => void;
  markRead: (id: string) => Promise<void>;
  markAllRead: () => Promise<void>;
  remove: (id: string) => Promise<void>;
  clear: () => Promise<void>;
  refresh: () => Promise<void>;
};

const API = "/api/notifications";

/** Sends a change and adopts the server's answer; on any failure, re-reads the server's list. */
async function sync(request: () => Promise<Response>, replace: (l: NotificationView[]) => void) {
  try {
    const response = await request();
    if (response.ok) {
      replace(notificationsOf(await response.json()));
      return;
    }
  } catch {
    // Offline or the server hiccuped: fall through and re-read what the server has.
  }
  try {
    const response = await fetch(API, { headers: { accept: "application/json" } });
    if (response.ok) replace(notificationsOf(await response.json()));
  } catch {
    // Still offline: keep the optimistic copy; the next refresh reconciles it.
  }
}

export const useNotificationStore = create<NotificationState>()(
  persist(
    (set, get) => {
      const replace = (notifications: NotificationView[]) => set({ notifications });
      const jsonInit = (method: string, body?: unknown): RequestInit => ({
        method,
        // The list has already changed on screen: the change must reach the server even when the
        // agent reloads or leaves the page at once (a plain fetch is cancelled with the page).
        keepalive: true,
        headers: { accept: "application/json", "content-type": "application/json" },
        body: body === undefined ? undefined : JSON.stringify(body),
      });
      return {
        notifications: [],
        replace,
        markRead: (id) => {
          set({
            notifications: get().notifications.map((n) => (n.id === id ? { ...n, read: true } : n)),
          });
          return sync(() => fetch(`${API}/${id}`, jsonInit("PATCH", { read: true })), replace);
        },
        markAllRead: () => {
          set({ notifications: get().notifications.map((n) => ({ ...n, read: true })) });
          return sync(() => fetch(`${API}/read-all`, jsonInit("POST")), replace);
        },
        remove: (id) => {
          set({ notifications: get().notifications.filter((n) => n.id !== id) });
          return sync(() => fetch(`${API}/${id}`, jsonInit("DELETE")), replace);
        },
        clear: () => {
          set({ notifications: [] });
          return sync(() => fetch(API, jsonInit("DELETE")), replace);
        },
        refresh: () => sync(() => fetch(API, { headers: { accept: "application/json" } }), replace),
      };
    },
    { name: NOTIFICATION_STORAGE_KEY, partialize: (s) => ({ notifications: s.notifications }) },
  ),
);

export const unreadCount = (list: NotificationView[]) => list.filter((n) => !n.read).length;
