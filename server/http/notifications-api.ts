import { type Context, Hono } from "hono";
import { z } from "zod";
import {
  clearNotifications,
  listNotifications,
  markAllNotificationsRead,
  markNotificationRead,
  removeNotification,
} from "#server/notifications/index.ts";
import type { UserContext } from "#server/platform/context.ts";
import { refuse } from "#server/platform/errors.ts";
import type { Runtime } from "#server/runtime.server.ts";
import { apiUserCtx } from "./api-context.ts";
import { type ApiEnv, requireApiUser } from "./api-guard.ts";
import { apiRefusal } from "./errors.ts";

const idParam = z.object({ id: z.uuid() });
const patchBody = z.object({ read: z.literal(true) });
const NOT_VALID = refuse("invalid", "The request is not valid.");

/**
 * The signed-in user's notifications. Every answer is the whole current list, so the browser's
 * copy is reconciled with the server in the same round trip.
 */
export function notificationsApi(runtime: Runtime) {
  const api = new Hono<ApiEnv>();
  api.use(requireApiUser(runtime));

  const list = async (c: Context<ApiEnv>, ctx: UserContext) =>
    c.json({ notifications: await listNotifications(ctx) });

  api.get("/", (c) => list(c, apiUserCtx(runtime, c)));

  api.post("/read-all", async (c) => {
    const ctx = apiUserCtx(runtime, c);
    await markAllNotificationsRead(ctx);
    return list(c, ctx);
  });

  api.patch("/:id", async (c) => {
    const params = idParam.safeParse(c.req.param());
    const body = patchBody.safeParse(await c.req.json().catch(() => null));
    if (!params.success || !body.success) return apiRefusal(c, NOT_VALID);
    const ctx = apiUserCtx(runtime, c);
    const marked = await markNotificationRead(ctx, params.data.id);
    return marked.ok ? list(c, ctx) : apiRefusal(c, marked);
  });

  api.delete("/:id", async (c) => {
    const params = idParam.safeParse(c.req.param());
    if (!params.success) return apiRefusal(c, NOT_VALID);
    const ctx = apiUserCtx(runtime, c);
    const removed = await removeNotification(ctx, params.data.id);
    return removed.ok ? list(c, ctx) : apiRefusal(c, removed);
  });

  api.delete("/", async (c) => {
    const ctx = apiUserCtx(runtime, c);
    await clearNotifications(ctx);
    return list(c, ctx);
  });

  return api;
}
