import type { Context } from "hono";
import { type UserContext, withUser } from "#server/platform/context.ts";
import { type Runtime, serviceContext } from "#server/runtime.server.ts";
import type { ApiEnv } from "./api-guard.ts";

/**
 * The service context of one API request behind `requireApiUser`: this process's database and
 * ports, with the signed-in user acting. Built per request, as the portal guard builds it for
 * pages.
 */
export function apiUserCtx(runtime: Runtime, c: Context<ApiEnv>): UserContext {
  return withUser(serviceContext(runtime), c.get("user"));
}
