import { useEffect, useState } from "react";
import { Icon } from "#app/components/ui/icon.tsx";
import { Bell, X } from "#app/components/ui/icons.ts";
import { Sheet } from "#app/components/ui/sheet.tsx";
import { formatDateTime } from "#app/lib/format.ts";
import { displayType, type NotificationView } from "#app/lib/notifications.ts";
import {
  NOTIFICATION_STORAGE_KEY,
  unreadCount,
  useNotificationStore,
} from "#app/stores/notifications.ts";

const REFRESH_MS = 60_000;

const TYPE_STYLES = {
  success: "bg-emerald-500",
  warning: "bg-amber-500",
  error: "bg-red-500",
  info: "bg-sky-500",
} as const;

/**
 * Keeps the browser's copy in step with the server: the loader's list on every navigation, other
 * tabs through the storage event, other devices by re-reading on focus and every minute.
 */
export function useNotificationSync(serverList: NotificationView[]) {
  useEffect(() => {
    useNotificationStore.getState().replace(serverList);
  }, [serverList]);

  useEffect(() => {
    const store = useNotificationStore;
    const onStorage = (event: StorageEvent) => {
      if (event.key === NOTIFICATION_STORAGE_KEY) void store.persist.rehydrate();
    };
    const onVisible = () => {
      if (document.visibilityState === "visible") void store.getState().refresh();
    };
    const timer = window.setInterval(onVisible, REFRESH_MS);
    window.addEventListener("storage", onStorage);
    document.addEventListener("visibilitychange", onVisible);
    window.addEventListener("focus", onVisible);
    return () => {
      window.clearInterval(timer);
      window.removeEventListener("storage", onStorage);
      document.removeEventListener("visibilitychange", onVisible);
      window.removeEventListener("focus", onVisible);
    };
  }, []);
}

/** The bell with its unread badge; the server's list renders it until the store has taken over. */
export function NotificationBell({ serverList }: { serverList: NotificationView[] }) {
  const [open, setOpen] = useState(false);
  const [hydrated, setHydrated] = useState(false);
  const stored = useNotificationStore((s) => s.notifications);
  useEffect(() => setHydrated(true), []);
  const list = hydrated ? stored : serverList;
  const unread = unreadCount(list);

  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={unread > 0 ? `Notifications, ${unread} unread` : "Notifications"}
        className="relative rounded-lg p-2 text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
      >
        <Icon icon={Bell} />
        {unread > 0 ? (
          <span
            data-testid="unread-badge"
            className="absolute -right-0.5 -top-0.5 flex min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-xs font-semibold text-white"
          >
            {unread > 99 ? "99+" : unread}
          </span>
        ) : null}
      </button>
      <NotificationsPanel open={open} onOpenChange={setOpen} list={list} />
    </>
  );
}

function NotificationsPanel(props: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  list: NotificationView[];
}) {
  const { markRead, markAllRead, remove, clear } = useNotificationStore.getState();
  const { list } = props;
  return (
    <Sheet
      open={props.open}
      onOpenChange={props.onOpenChange}
      side="right"
      title="Notifications"
      widthClass="w-full sm:w-96"
      actions={
        <>
          {/* Nothing to mark in an empty panel, so the action is not offered there. */}
          {list.length === 0 ? null : (
            <button
              type="button"
              onClick={() => void markAllRead()}
              disabled={unreadCount(list) === 0}
              className="rounded-lg px-2 py-1 text-sm font-medium text-brand-600 hover:bg-brand-50 disabled:text-slate-400 disabled:hover:bg-transparent dark:text-brand-400 dark:hover:bg-slate-800"
            >
              Mark all as read
            </button>
          )}
          {/* What Radix's Dialog.Close does, without loading Radix with the header. */}
          <button
            type="button"
            onClick={() => props.onOpenChange(false)}
            aria-label="Close notifications"
            className="rounded-lg p-2 text-slate-500 hover:bg-slate-100 dark:hover:bg-slate-800"
          >
            <Icon icon={X} />
          </button>
        </>
      }
    >
      {list.length === 0 ? (
        <p className="flex flex-1 items-center justify-center p-8 text-slate-500 dark:text-slate-400">
          No notifications yet
        </p>
      ) : (
        <>
          <ul className="flex-1 divide-y divide-slate-200 overflow-y-auto dark:divide-slate-800">
            {list.map((n) => {
              const type = displayType(n.type);
              return (
                <li
                  key={n.id}
                  data-read={n.read}
                  className={`flex gap-3 px-5 py-4 ${n.read ? "" : "bg-brand-50/60 dark:bg-brand-700/10"}`}
                >
                  <span
                    aria-hidden="true"
                    className={`mt-1.5 size-2.5 shrink-0 rounded-full ${TYPE_STYLES[type]}`}
                  />
                  <div className="min-w-0 flex-1">
                    <p className="font-medium">
                      <span className="sr-only">{type}: </span>
                      {n.title}
                    </p>
                    <p className="mt-0.5 text-sm text-slate-600 dark:text-slate-300">{n.message}</p>
                    <p className="mt-1 text-xs text-slate-500 dark:text-slate-400">
                      {formatDateTime(n.timestamp)}
                    </p>
                  </div>
                  {/* Targets at least 24 px tall with room between them (WCAG 2.5.8): on a
                      phone the two sat 4 px apart at 20 px. */}
                  <div className="flex shrink-0 flex-col gap-2">
                    {n.read ? null : (
                      <button
                        type="button"
                        onClick={() => void markRead(n.id)}
                        className="min-h-7 rounded px-2 py-1 text-xs font-medium text-brand-600 hover:bg-brand-50 dark:text-brand-300 dark:hover:bg-slate-800"
                      >
                        {/* Named 'Mark "…" as read' around the visible words (WCAG 2.5.3). */}
                        Mark<span className="sr-only"> "{n.title}" as</span> read
                      </button>
                    )}
                    <button
                      type="button"
                      onClick={() => void remove(n.id)}
                      className="min-h-7 rounded px-2 py-1 text-xs font-medium text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
                    >
                      Remove<span className="sr-only"> "{n.title}"</span>
                    </button>
                  </div>
                </li>
              );
            })}
          </ul>
          <div className="border-t border-slate-200 p-4 dark:border-slate-800">
            <button
              type="button"
              onClick={() => void clear()}
              className="w-full rounded-lg px-3 py-2 text-sm font-medium text-red-600 hover:bg-red-50 dark:text-red-400 dark:hover:bg-red-950/40"
            >
              Clear all notifications
            </button>
          </div>
        </>
      )}
    </Sheet>
  );
}
