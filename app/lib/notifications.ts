import { isArrayOf, isBoolean, isNumber, isObjectOf, isString } from "./shape.ts";

/** A notification as the browser keeps it (portal spec: id, type, title, message, timestamp, read). */
export type NotificationView = {
  id: string;
  /** success, warning, error or info; kept as text because any other value must still show. */
  type: string;
  title: string;
  message: string;
  /** Milliseconds since the epoch. */
  timestamp: number;
  read: boolean;
};

const isNotificationView = isObjectOf<NotificationView>({
  id: isString,
  type: isString,
  title: isString,
  message: isString,
  timestamp: isNumber,
  read: isBoolean,
});

const isNotificationList = isObjectOf<{ notifications: NotificationView[] }>({
  notifications: isArrayOf(isNotificationView),
});

/**
 * The list in an answer of /api/notifications; throws on anything else. Checked without zod:
 * the portal's shell reads it on every page (decision 0034).
 */
export function notificationsOf(body: unknown): NotificationView[] {
  if (!isNotificationList(body)) throw new TypeError("Not a notification list");
  return body.notifications;
}

/** success, warning and error show as themselves; any other value shows as info (spec). */
export function displayType(type: string): "success" | "warning" | "error" | "info" {
  return type === "success" || type === "warning" || type === "error" ? type : "info";
}
