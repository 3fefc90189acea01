import { createContext, type RouterContextProvider } from "react-router";
import type { CachedSession, ServiceContext, UserContext } from "#server/platform/context.ts";
import { getRuntime, type Runtime, serviceContext } from "#server/runtime.server.ts";

/**
 * What the HTTP server hands React Router for each request (server/http/app.ts) and what the
 * portal's middleware adds. Route modules read these through the helpers below, never the
 * process runtime itself.
 */

/** The CSP nonce of this response, handed from the HTTP server to the document's inline scripts. */
export const cspNonceContext = createContext<string>("");

/** The client's network address as the HTTP server sees it (proxy-aware when TRUST_PROXY is on). */
export const clientAddressContext = createContext<string>("unknown");

/** The process runtime; absent only under `react-router dev`, which has no HTTP server of ours. */
export const runtimeContext = createContext<Runtime | null>(null);

/** Set by the portal guard (server/web/guard.ts) for every route under /dashboard. */
export type PortalRequest = { ctx: UserContext; session: CachedSession };
export const portalContext = createContext<PortalRequest | null>(null);

type Context = Readonly<RouterContextProvider>;

export async function runtimeOf(context: Context): Promise<Runtime> {
  return context.get(runtimeContext) ?? getRuntime();
}

/** The service context for a page with no signed-in user (the public site, sign-in pages). */
export async function servicesOf(context: Context): Promise<ServiceContext> {
  return serviceContext(await runtimeOf(context));
}

/**
 * The portal request's service context, with the acting user. Only the portal guard sets it, so
 * a route outside /dashboard that asks has a bug: it throws rather than act for nobody.
 */
export function portalOf(context: Context): PortalRequest {
  const portal = context.get(portalContext);
  if (!portal) throw new Error("portalOf: this route is not under the portal guard");
  return portal;
}

export function userCtx(context: Context): UserContext {
  return portalOf(context).ctx;
}
