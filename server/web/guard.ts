import { type MiddlewareFunction, redirect } from "react-router";
import type { Access } from "#app/lib/access.ts";
import { safeRedirect } from "#app/lib/safe-redirect.ts";
import { withUser } from "#server/platform/context.ts";
import { serviceContext } from "#server/runtime.server.ts";
import { portalContext, requiredRoleContext, runtimeOf } from "./context.ts";
import { CROSS_SITE_MESSAGE, isCrossOrigin } from "./same-origin.ts";
import { pageSession } from "./session.ts";

/** The address of the page a request is for, whether the document or its data. */
export function pageUrl(request: Request): URL {
  // A client navigation asks for `/page.data?_routes=…` (`/_.data` for an index); middleware
  // and loaders see that raw URL, so it is turned back into the page's as React Router does.
  const url = new URL(request.url);
  url.pathname = url.pathname.replace(/\/_\.data$/, "/").replace(/\.data$/, "");
  url.searchParams.delete("_routes");
  return url;
}

/** Where sign-in sends the person back to: the page they asked for, never a data request. */
export function loginRedirect(request: Request): string {
  const url = pageUrl(request);
  // The way back is checked like any other return address, so a crafted URL cannot carry one.
  const params = new URLSearchParams({ redirectTo: safeRedirect(`${url.pathname}${url.search}`) });
  return `/login?${params}`;
}

/**
 * The portal's guard, the layout's middleware: every loader and action under /dashboard runs
 * after it, so none can forget the check. No valid session: a redirect to /login. Otherwise the
 * request's service context (with the acting user) goes into the router context, and a session
 * cookie Better Auth renewed during the lookup is passed on with the response. A write from a
 * page of another origin is refused first (403): React Router checks a page's own action, but not
 * a resource route's (an import, an upload), and this guard sees both.
 */
export const portalGuard: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  if (request.method !== "GET" && request.method !== "HEAD" && isCrossOrigin(request)) {
    throw new Response(CROSS_SITE_MESSAGE, { status: 403 });
  }
  const runtime = await runtimeOf(context);
  const { session, setCookies } = await pageSession(runtime, request);
  if (!session) throw redirect(loginRedirect(request), { headers: setCookies });
  context.set(portalContext, { session, ctx: withUser(serviceContext(runtime), session.user) });
  const response = await next();
  for (const cookie of setCookies.getSetCookie()) response.headers.append("Set-Cookie", cookie);
  return response;
};

/** What a refused person reads, by what the route demands. */
export function roleRefusal(anyOf: readonly Access[]): string {
  if (anyOf.includes("admin")) return "Only administrators can see this page.";
  return "Only platform operators can see this page.";
}

/**
 * Routes for admins or platform operators: `export const middleware = [requireRole("admin")]`,
 * or with several, anyone holding one of them. It marks the request; the route's loaders and
 * actions then get a 403 from `portalOf`/`userCtx` for anyone else. (A middleware that threw here
 * would skip every loader, and React Router would then show the error at the root, outside the
 * portal's frame, instead of in the screen's own error boundary.)
 */
export function requireRole(...anyOf: [Access, ...Access[]]): MiddlewareFunction<Response> {
  return async ({ context }, next) => {
    context.set(requiredRoleContext, { anyOf, refusal: roleRefusal(anyOf) });
    return next();
  };
}

/** Sign-in pages: someone already signed in goes straight to the dashboard. */
export async function requireAnonymous(
  request: Request,
  context: Parameters<typeof runtimeOf>[0],
): Promise<void> {
  const { session } = await pageSession(await runtimeOf(context), request);
  if (session) throw redirect("/dashboard");
}

/** The signed-in agent on a page outside the portal (the blog), or null. */
export async function optionalUser(request: Request, context: Parameters<typeof runtimeOf>[0]) {
  return (await pageSession(await runtimeOf(context), request)).session?.user ?? null;
}

// Kept for a page outside /dashboard that needs a user (blog/new): same redirect as the guard.
export async function requireUserOutsidePortal(
  request: Request,
  context: Parameters<typeof runtimeOf>[0],
) {
  const user = await optionalUser(request, context);
  if (!user) throw redirect(loginRedirect(request));
  return user;
}
