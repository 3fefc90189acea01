import { isRouteErrorResponse, useRouteError } from "react-router";
import { RouteError } from "./RouteError.tsx";

/**
 * The error view of admin and operator screens: the server's refusal for those it turns away
 * (requireRole says who may enter), else the screen's message.
 */
export function AdminErrorBoundary({ message }: { message: string }) {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 403) {
    return (
      <main className="mx-auto max-w-xl px-4 py-16 text-center">
        <p className="text-sm font-semibold text-brand-600 dark:text-brand-400">403</p>
        <h2 className="mt-2 text-2xl font-bold tracking-tight">
          {typeof error.data === "string" ? error.data : "You cannot see this page."}
        </h2>
        <p className="mt-3 text-slate-600 dark:text-slate-400">
          Ask an administrator of your company if you need this information.
        </p>
      </main>
    );
  }
  return <RouteError message={message} />;
}
