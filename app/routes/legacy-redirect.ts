import { redirect } from "react-router";
import { legacyRedirect } from "#app/lib/portal-screens.ts";
import { pageUrl } from "#server/web/guard.ts";
import type { Route } from "./+types/legacy-redirect";

/** `/customers`, `/customers/new` and `/quotes` (design.md): on to their portal screens. */
export function loader({ request }: Route.LoaderArgs) {
  const target = legacyRedirect(pageUrl(request));
  if (!target) throw new Response("Not Found", { status: 404 });
  return redirect(target);
}
