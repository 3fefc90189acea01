import { Hono } from "hono";
import type { Runtime } from "../runtime.ts";

/** Our JSON endpoints under /api (waitlist, chat, quotes, bills… arrive with their features). */
export function apiRoutes(_runtime: Runtime) {
  const api = new Hono();
  api.all("*", (c) => c.json({ error: "Not found" }, 404));
  return api;
}
