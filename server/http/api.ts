import { Hono } from "hono";
import type { Runtime } from "#server/runtime.server.ts";
import { adminUsersApi } from "./admin-users-api.ts";
import { billsApi } from "./bills-api.ts";
import { chatApi, gateChatApi } from "./chat-api.ts";
import { dealsApi } from "./deals-api.ts";
import { filesApi } from "./files-api.ts";
import { notificationsApi } from "./notifications-api.ts";
import { quotesApi } from "./quotes-api.ts";
import type { RequestLogVariables } from "./request-logging.ts";
import { sessionApi } from "./session-api.ts";
import { eventsHandler, smallJsonBody, waitlistHandler } from "./waitlist-api.ts";

/** Our JSON endpoints under /api (waitlist, chat, quotes, bills… arrive with their features). */
export function apiRoutes(runtime: Runtime) {
  const api = new Hono<{ Variables: RequestLogVariables }>();
  api.post("/waitlist", smallJsonBody, waitlistHandler(runtime));
  api.post("/events", smallJsonBody, eventsHandler(runtime));
  api.route("/notifications", notificationsApi(runtime));
  api.route("/session", sessionApi(runtime));
  api.route("/admin/users", adminUsersApi(runtime));
  api.route("/", filesApi(runtime));
  api.route("/", dealsApi(runtime));
  api.route("/", quotesApi(runtime));
  api.route("/", billsApi(runtime));
  api.route("/", chatApi(runtime));
  api.route("/", gateChatApi(runtime));
  api.all("*", (c) => c.json({ error: "Not found" }, 404));
  return api;
}
