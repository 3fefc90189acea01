import { isRouteErrorResponse, Link, useRevalidator, useRouteError } from "react-router";
import { Button, buttonClass } from "#app/components/ui/button.tsx";

/** A screen's error state inside the shell: the spec's message, and a way to try again. */
export function RouteError({ message }: { message: string }) {
  const error = useRouteError();
  const revalidator = useRevalidator();
  const detail = isRouteErrorResponse(error) && typeof error.data === "string" ? error.data : null;
  return (
    <main className="mx-auto max-w-xl px-4 py-16 text-center">
      <div
        role="alert"
        className="rounded-2xl border border-red-200 bg-red-50 p-6 text-red-800 dark:border-red-900 dark:bg-red-950/40 dark:text-red-200"
      >
        <p className="font-semibold">{message}</p>
        {detail ? <p className="mt-1 text-sm">{detail}</p> : null}
      </div>
      <div className="mt-6 flex justify-center gap-3">
        <Button
          onClick={() => void revalidator.revalidate()}
          disabled={revalidator.state !== "idle"}
        >
          Try Again
        </Button>
        <Link to="/dashboard" className={buttonClass("secondary")}>
          Back to Dashboard
        </Link>
      </div>
    </main>
  );
}
