import { Outlet } from "react-router";
import { SiteFrame } from "#app/components/site/SiteFrame.tsx";
import { optionalUser } from "#server/web/guard.ts";
import type { Route } from "./+types/layout";

/**
 * Whether a signed-in agent is reading: the header then leads back to the dashboard instead of
 * offering the sign-in and the waitlist. A visitor without a session cookie costs no lookup and
 * always gets the same page, so the edge's caching stands (decision 0013): anonymous answers vary
 * on Cookie, and any request carrying a session cookie is never stored.
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  if (!request.headers.has("cookie")) return { signedIn: false };
  return { signedIn: (await optionalUser(request, context)) !== null };
}

// One can only sign in or out on pages outside this layout (sign-in, the portal), which load it
// afresh on the way back; moving between public pages need not ask again.
export const shouldRevalidate = () => false;

export default function SiteLayout() {
  return (
    <SiteFrame>
      <Outlet />
    </SiteFrame>
  );
}
