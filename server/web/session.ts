import { sessionFromHeaders } from "#server/accounts/index.ts";
import type { CachedSession } from "#server/platform/context.ts";
import type { Runtime } from "#server/runtime.server.ts";

type PageSession = { session: CachedSession | null; setCookies: Headers };

// The guard and a page's own helpers may both ask during one request: they share one lookup.
const lookups = new WeakMap<Request, Promise<PageSession>>();

/**
 * The session behind a page request, looked up once per request. When the lookup slides the
 * session, Better Auth's renewed cookie lands in `setCookies`; the portal guard passes it on, as
 * a cookie never renewed would end the session in the browser while the agent kept working.
 */
export function pageSession(runtime: Runtime, request: Request): Promise<PageSession> {
  let lookup = lookups.get(request);
  if (!lookup) {
    const setCookies = new Headers();
    lookup = sessionFromHeaders(runtime, request.headers, setCookies).then((session) => ({
      session,
      setCookies,
    }));
    lookups.set(request, lookup);
  }
  return lookup;
}
