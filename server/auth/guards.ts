import { data, redirect } from "react-router";
import { getSessionUser, type SessionUser } from "#server/accounts/session.ts";

/** Loaders and actions of the portal start here: no valid server session, no data. */
export async function requireUser(request: Request): Promise<SessionUser> {
  const user = await getSessionUser(request);
  if (!user) {
    const url = new URL(request.url);
    const params = new URLSearchParams({ redirectTo: `${url.pathname}${url.search}` });
    throw redirect(`/login?${params}`);
  }
  return user;
}

/** Admin screens: the agent must be signed in and an admin; anyone else gets 403. */
export async function requireAdmin(request: Request): Promise<SessionUser> {
  const user = await requireUser(request);
  if (user.role !== "admin") throw data("Only administrators can see this page.", { status: 403 });
  return user;
}

/** For the sign-in page: someone already signed in goes straight to the dashboard. */
export async function requireAnonymous(request: Request): Promise<void> {
  if (await getSessionUser(request)) throw redirect("/dashboard");
}
