import { redirect } from "react-router";
import { safeRedirect } from "#app/lib/safe-redirect.ts";
import { logoutFormSchema } from "#app/lib/schemas/session.ts";
import { signOutScope } from "#server/accounts/index.ts";
import { runtimeOf } from "#server/web/context.ts";
import { parseFields, parseForm } from "#server/web/forms.ts";
import { isCrossOrigin } from "#server/web/same-origin.ts";
import type { Route } from "./+types/logout";

/** The page to go back to after "sign out others": the form's redirectTo, else where it was sent from. */
function backTo(request: Request, redirectTo: string | undefined): string {
  if (redirectTo) return safeRedirect(redirectTo, "/dashboard/account");
  const referer = request.headers.get("referer");
  const origin = new URL(request.url).origin;
  if (referer?.startsWith(`${origin}/`)) {
    const url = new URL(referer);
    return safeRedirect(`${url.pathname}${url.search}`, "/dashboard/account");
  }
  return "/dashboard/account";
}

/** The no-JS sign-out: scope local (default) or global ends up at /login, others goes back. */
export async function action({ request, context }: Route.ActionArgs) {
  // Another site's page must not sign anyone out, nor clear their cookie: refused before any of it.
  if (isCrossOrigin(request)) return new Response("Bad Request", { status: 400 });
  // A bare POST (no form body) is still a sign-out of this device.
  const form = request.body
    ? await parseForm(request, logoutFormSchema)
    : parseFields({}, logoutFormSchema);
  // An unknown scope signs out only this device: never more than was asked for.
  const scope = form.ok ? form.data.scope : "local";
  const result = await signOutScope(await runtimeOf(context), { headers: request.headers, scope });
  if (scope === "others" && result.outcome !== "no-session") {
    throw redirect(backTo(request, form.ok ? form.data.redirectTo : undefined), {
      headers: result.headers,
    });
  }
  throw redirect("/login", { headers: result.headers });
}

/** Signing out changes state, so a plain GET only sends the visitor back. */
export function loader() {
  throw redirect("/dashboard");
}
