import { APIError } from "better-auth/api";
import type { AuthHookContext } from "./hook-context.ts";

/**
 * Better Auth endpoints that act across every company, or create an account outside one: over HTTP
 * they are closed to everyone. Our company-scoped services still call them in-process
 * (auth.api.*), after checking that the target user belongs to the admin's company; such calls
 * carry no Request, which is how the two are told apart.
 */
export function isServerOnlyPath(path: string): boolean {
  return path.startsWith("/admin/") || path === "/sign-up/email";
}

export async function refuseServerOnlyEndpoints(ctx: AuthHookContext): Promise<undefined> {
  if (ctx.request && isServerOnlyPath(ctx.path)) {
    throw new APIError("FORBIDDEN", {
      code: "SERVER_ONLY",
      message: "This action is not available here.",
    });
  }
}
