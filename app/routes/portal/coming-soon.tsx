import { Link, useLocation } from "react-router";
import { buttonClass } from "#app/components/ui/button.tsx";
import { ToolIcon } from "#app/components/ui/tool-icon.tsx";
import { PORTAL_TOOLS, titleForPath } from "#app/lib/portal-tools.ts";
import type { Route } from "./+types/coming-soon";

export const meta: Route.MetaFunction = ({ location }) => [
  { title: `${titleForPath(location.pathname)} | Carrierline` },
];

/**
 * Nothing to load, but a loader makes every visit ask the server, so the portal guard notices a
 * session that ended meanwhile (a screen without one is shown with no request at all).
 */
export async function loader() {
  return null;
}

/** Tools whose screens are not built yet land here, inside the shell, instead of failing. */
export default function ComingSoon() {
  const { pathname } = useLocation();
  const title = titleForPath(pathname);
  const tool = PORTAL_TOOLS.find((t) => t.title === title);
  return (
    <main className="mx-auto flex max-w-2xl flex-col items-center px-4 py-20 text-center sm:px-6">
      <span className="rounded-2xl bg-brand-50 p-4 text-brand-600 dark:bg-brand-700/20 dark:text-brand-100">
        <ToolIcon name={tool?.icon ?? "home"} className="size-8" />
      </span>
      <h2 className="mt-6 text-2xl font-bold tracking-tight">
        {title} is coming in the next release
      </h2>
      <p className="mt-3 text-slate-600 dark:text-slate-400">
        {tool?.description ?? "This part of the portal is being built."} We will let you know in
        your notifications when it is ready.
      </p>
      <Link to="/dashboard" className={buttonClass("secondary", "mt-8")}>
        Back to Dashboard
      </Link>
    </main>
  );
}
