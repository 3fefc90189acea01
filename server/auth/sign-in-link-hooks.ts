import { secondFactorChallenge } from "./code-sign-in-hooks.ts";
import type { AuthHookContext } from "./hook-context.ts";

/**
 * A sign-in link (made by an admin for one of their people) is one factor, like a password: an
 * account with a second factor still has to give its code. The link's new session is ended and
 * the browser goes to the second step instead of the dashboard.
 */
export async function signInLinkSecondStep(ctx: AuthHookContext): Promise<unknown> {
  if (ctx.path !== "/magic-link/verify") return;
  if (!ctx.context.newSession?.user.twoFactorEnabled) return;
  const { cookies } = await secondFactorChallenge(ctx);
  // Same origin as the link itself, so a relative address is enough. Better Auth lays the
  // endpoint's own headers (its redirect to the dashboard) over a hook's answer, so the
  // address is changed there too.
  const location = "/login/two-factor";
  ctx.context.responseHeaders?.set("location", location);
  const headers = new Headers({ location });
  for (const cookie of cookies) {
    headers.append("set-cookie", cookie);
    ctx.context.responseHeaders?.append("set-cookie", cookie);
  }
  return new Response(null, { status: 302, headers });
}
