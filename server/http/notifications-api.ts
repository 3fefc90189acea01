import { type Context, Hono } from "hono";
import { z } from "zod";
import {
  clearNotifications,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  removeNotification,
} from "#server/notifications/notifications.ts";
import type { Runtime } from "#server/runtime.server.ts";
import { type ApiEnv, badRequest, requireApiUser } from "./api-guard.ts";

const idParam = z.object({ id: z.uuid() });
const patchBody = z.object({ read: z.literal(true) });

/**
 * The signed-in user's notifications. Every answer is the whole current list, so the browser's
 * copy is reconciled with the server in the same round trip.
 */
export function notificationsApi(runtime: Runtime) {
  const db = runtime.database.db;
  const api = new Hono<ApiEnv>();
  api.use(requireApiUser(runtime));

  const list = async (c: Context<ApiEnv>) =>
    c.json({ notifications: await listNotifications(db, c.get("user")) });

  api.get("/", list);

  api.post("/read-all", async (c) => {
    await markAllNotificationsRead(db, c.get("user"));
    return list(c);
  });

  api.patch("/:id", async (c) => {
    const params = idParam.safeParse(c.req.param());
    const body = patchBody.safeParse(await c.req.json().catch(() => null));
    if (!params.success || !body.success) return badRequest(c);
    if (!(await markNotificationRead(db, c.get("user"), params.data.id))) {
      return c.json({ error: "Notification not found." }, 404);
    }
    return list(c);
  });

  api.delete("/:id", async (c) => {
    const params = idParam.safeParse(c.req.param());
    if (!params.success) return badRequest(c);
    if (!(await removeNotification(db, c.get("user"), params.data.id))) {
      return c.json({ error: "Notification not found." }, 404);
    }
    return list(c);
  });

  api.delete("/", async (c) => {
    await clearNotifications(db, c.get("user"));
    return list(c);
  });

  return api;
}
