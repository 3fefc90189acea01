import { Link } from "react-router";

export function NotFound() {
  return (
    <main className="mx-auto flex min-h-[60dvh] max-w-xl flex-col items-center justify-center gap-4 px-6 py-24 text-center">
      <p className="text-sm font-semibold text-brand-600 dark:text-brand-400">404</p>
      <h1 className="text-3xl font-bold tracking-tight">Page not found</h1>
      <p className="text-slate-600 dark:text-slate-400">
        The page you are looking for does not exist or has moved.
      </p>
      <div className="flex gap-3">
        <Link
          to="/"
          className="rounded-lg bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700"
        >
          Go to the home page
        </Link>
        <Link
          to="/login"
          className="rounded-lg border border-slate-300 px-4 py-2 font-medium hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800"
        >
          Agent sign-in
        </Link>
      </div>
    </main>
  );
}
