import { createContext, data, type RouterContextProvider } from "react-router";
import { type Access, holdsAny } from "#app/lib/access.ts";
import type { CachedSession, ServiceContext, UserContext } from "#server/platform/context.ts";
import { getRuntime, type Runtime, serviceContext } from "#server/runtime.server.ts";

/**
 * What the HTTP server hands React Router for each request (server/http/app.ts) and what the
 * portal's middleware adds. Route modules read these through the helpers below, never the
 * process runtime itself.
 */

/** The CSP nonce of this response, handed from the HTTP server to the document's inline scripts. */
export const cspNonceContext = createContext<string>("");

/** The client's address (server/http/client-address.ts): the socket's, or a trusted proxy's view. */
export const clientAddressContext = createContext<string>("unknown");

/** The process runtime; absent only under `react-router dev`, which has no HTTP server of ours. */
export const runtimeContext = createContext<Runtime | null>(null);

/** Set by the portal guard (server/web/guard.ts) for every route under /dashboard. */
export type PortalRequest = { ctx: UserContext; session: CachedSession };
export const portalContext = createContext<PortalRequest | null>(null);

/** What a route demands (server/web/guard.ts `requireRole`), any one of; null: any signed-in agent. */
export const requiredRoleContext = createContext<RequiredRole | null>(null);
export type RequiredRole = { anyOf: readonly Access[]; refusal: string };

type Context = Readonly<RouterContextProvider>;

/** The process runtime, for glue code (the guard, the API). Refuses a role the route demands. */
export async function runtimeOf(context: Context): Promise<Runtime> {
  refuseMissingRole(context);
  return shellRuntimeOf(context);
}

/**
 * The runtime for the document shell (the root route), which must render around a screen's own
 * refusal: a 403 thrown from the root's loader would replace the whole portal with the root's
 * error page. Screens use runtimeOf, servicesOf or userCtx.
 */
export async function shellRuntimeOf(context: Context): Promise<Runtime> {
  return context.get(runtimeContext) ?? getRuntime();
}

/** The service context for a page with no signed-in user (the public site, sign-in pages). */
export async function servicesOf(context: Context): Promise<ServiceContext> {
  return serviceContext(await runtimeOf(context));
}

/**
 * The portal request as the layout sees it: the session and the agent, whatever role the matched
 * screen demands (the layout renders around the screen's own 403). Screens use `portalOf`.
 */
export function portalShell(context: Context): PortalRequest {
  const portal = context.get(portalContext);
  // Only the portal guard sets it: a route outside /dashboard that asks has a bug.
  if (!portal) throw new Error("portalShell: this route is not under the portal guard");
  return portal;
}

/**
 * The portal request's service context, with the acting user. On a route that demands a role the
 * agent lacks, it throws 403 to the route's error boundary: a loader or action cannot reach the
 * data without asking for its context, so it cannot forget the check either.
 */
export function portalOf(context: Context): PortalRequest {
  refuseMissingRole(context);
  return portalShell(context);
}

/** Every way to data (portalOf, userCtx, servicesOf, runtimeOf) passes here first. */
function refuseMissingRole(context: Context): void {
  const required = context.get(requiredRoleContext);
  const portal = context.get(portalContext);
  if (required && portal && !holdsAny(portal.ctx.user, required.anyOf)) {
    throw data(required.refusal, { status: 403 });
  }
}

export function userCtx(context: Context): UserContext {
  return portalOf(context).ctx;
}
