/** What a write from another site is answered with, page or API (decision 0013). */
export const CROSS_SITE_MESSAGE = "Requests from other sites are not allowed.";

/**
 * Whether a write comes from a page of another origin. React Router refuses such a post to a
 * route with a page, but /logout is a resource route (no page of its own), which React Router
 * leaves unchecked; this is the same check: the Origin header against the request's own origin
 * (the HTTP server builds the request URL, so behind a trusted proxy it is the public one). An
 * opaque origin ("null": a sandboxed frame, a data: page) is another origin. A request with no
 * Origin header is not from a browser's cross-site form (browsers send it on every POST).
 */
export function isCrossOrigin(request: Request): boolean {
  const origin = request.headers.get("origin");
  if (origin === null) return false;
  const own = new URL(request.url).origin;
  try {
    return new URL(origin).origin !== own;
  } catch {
    // "null", or not a URL at all: not our origin.
    return true;
  }
}
