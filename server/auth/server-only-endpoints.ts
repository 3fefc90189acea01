import { APIError } from "better-auth/api";
import type { AuthHookContext } from "./hook-context.ts";

/**
 * Better Auth endpoints that act across every company, or create an account outside one: over HTTP
 * they are closed to everyone. Our company-scoped services still call them in-process
 * (auth.api.*), after checking that the target user belongs to the admin's company; such calls
 * carry no Request, which is how the two are told apart.
 */
const SERVER_ONLY_PREFIX = "/admin/";

/**
 * Endpoints the portal never uses and that go around our own rules: update-user writes the name,
 * username, company, phone and picture unchecked (My Account edits them through its zod schema),
 * and is-username-available tells anyone whether an account exists (decision 0009: no answer
 * does).
 */
const CLOSED_PATHS = new Set(["/sign-up/email", "/update-user", "/is-username-available"]);

export function isServerOnlyPath(path: string): boolean {
  return path.startsWith(SERVER_ONLY_PREFIX) || CLOSED_PATHS.has(path);
}

export async function refuseServerOnlyEndpoints(ctx: AuthHookContext): Promise<undefined> {
  if (ctx.request && isServerOnlyPath(ctx.path)) {
    throw new APIError("FORBIDDEN", {
      code: "SERVER_ONLY",
      message: "This action is not available here.",
    });
  }
}
