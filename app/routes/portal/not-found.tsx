import { data, Link } from "react-router";
import { buttonClass } from "#app/components/ui/button.tsx";
import type { Route } from "./+types/not-found";

// The portal's middleware has checked the session already; this only makes the answer a 404.
export function loader() {
  return data(null, { status: 404 });
}

/** The header says where the agent is: nowhere we know, not "Dashboard". */
export const handle = { title: "Page not found" };

export const meta: Route.MetaFunction = () => [{ title: "Page not found | Carrierline" }];

/** An unknown portal address: a 404 inside the shell, only after the session check. */
export default function PortalNotFound() {
  return (
    <main className="mx-auto flex max-w-xl flex-col items-center px-4 py-20 text-center">
      <p className="text-sm font-semibold text-brand-600 dark:text-brand-400">404</p>
      {/* The header's h1 already says "Page not found"; the page does not say it twice. */}
      <h2 className="mt-2 text-2xl font-bold tracking-tight">We can't find that page</h2>
      <p className="mt-3 text-slate-600 dark:text-slate-400">This portal page does not exist.</p>
      <Link to="/dashboard" className={buttonClass("secondary", "mt-8")}>
        Back to Dashboard
      </Link>
    </main>
  );
}
