import { z } from "zod";
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

export const notificationViewSchema = z.object({
  id: z.string(),
  type: z.string(),
  title: z.string(),
  message: z.string(),
  timestamp: z.number(),
  read: z.boolean(),
});

export const notificationListSchema = z.object({ notifications: z.array(notificationViewSchema) });

/** success, warning and error show as themselves; any other value shows as info (spec). */
export function displayType(type: string): "success" | "warning" | "error" | "info" {
  return type === "success" || type === "warning" || type === "error" ? type : "info";
}
