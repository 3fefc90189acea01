import { Hono } from "hono";
import type { Runtime } from "../runtime.ts";
import { catalogApi } from "./catalog-api.ts";
import { notificationsApi } from "./notifications-api.ts";

/** Our JSON endpoints under /api (waitlist, chat, quotes, bills… arrive with their features). */
export function apiRoutes(runtime: Runtime) {
  const api = new Hono();
  api.route("/notifications", notificationsApi(runtime));
  api.route("/", catalogApi(runtime));
  api.all("*", (c) => c.json({ error: "Not found" }, 404));
  return api;
}
