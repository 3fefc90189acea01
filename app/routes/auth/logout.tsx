import { redirect } from "react-router";
import { signOut } from "../../../server/services/session.server.ts";
import type { Route } from "./+types/logout";

export async function action({ request }: Route.ActionArgs) {
  const headers = await signOut(request);
  throw redirect("/login", { headers });
}

/** Signing out changes state, so a plain GET only sends the visitor back. */
export function loader() {
  throw redirect("/dashboard");
}
