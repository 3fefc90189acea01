import type { ReactNode } from "react";
import { Link, useRouteLoaderData } from "react-router";
import { buttonClass } from "#app/components/ui/button.tsx";

/** The site layout's route id: its loader says whether the visitor is a signed-in agent. */
const SITE_LAYOUT_ID = "routes/site/layout";

/**
 * True when a signed-in agent is reading the public site. Outside the site layout (the closed
 * sign-up page draws the same frame), and for every visitor without a session, false.
 */
export function useSignedIn(): boolean {
  const data: unknown = useRouteLoaderData(SITE_LAYOUT_ID);
  return typeof data === "object" && data !== null && "signedIn" in data && data.signedIn === true;
}

/**
 * A hero's waitlist buttons for a visitor; for a signed-in agent, who has an account already,
 * the way back to the dashboard in their place.
 */
export function WaitlistOrDashboard({ children }: { children: ReactNode }) {
  if (!useSignedIn()) return children;
  return (
    <Link to="/dashboard" className={buttonClass("primary", "px-6 py-3 text-base")}>
      Go to Dashboard
    </Link>
  );
}
