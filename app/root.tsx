import { useEffect, useState } from "react";
import {
  isRouteErrorResponse,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useLocation,
} from "react-router";
import type { Route } from "./+types/root";
import "./app.css";
import interLatin from "@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url";
import { shellRuntimeOf } from "#server/web/context.ts";
import { NotFound } from "./components/NotFound.tsx";
import { Toaster } from "./components/ui/toast.tsx";
import { useNonce } from "./lib/nonce.tsx";
import type { SiteOriginData } from "./lib/seo.ts";
import { applyTheme, PORTAL_PATH, THEME_STORAGE_KEY, themeBootScript } from "./lib/theme.ts";
import { useThemeStore } from "./stores/theme.ts";

/** The public origin for canonical and Open Graph URLs (BASE_URL, never the request's Host). */
export async function loader({ context }: Route.LoaderArgs): Promise<SiteOriginData> {
  const { config } = await shellRuntimeOf(context);
  return { origin: config.baseUrl };
}

// The origin never changes while the server runs; navigations need not fetch it again.
export const shouldRevalidate = () => false;

export const links: Route.LinksFunction = () => [
  { rel: "icon", href: "/favicon.svg", type: "image/svg+xml" },
  // Every page sets its text in Inter; fetched with the HTML, it is there before the first paint.
  { rel: "preload", href: interLatin, as: "font", type: "font/woff2", crossOrigin: "anonymous" },
];

export function Layout({ children }: { children: React.ReactNode }) {
  const nonce = useNonce();
  // Without JavaScript the boot script never runs, so the HTML itself carries the public site's
  // dark default. Read once: React never sets the class again, the boot script and ThemeSync own it.
  const { pathname } = useLocation();
  const [serverTheme] = useState(() => (PORTAL_PATH.test(pathname) ? undefined : "dark"));
  return (
    // The theme class is set by the boot script before paint, so React must not fight over it.
    <html
      lang="en"
      className={serverTheme}
      style={serverTheme ? { colorScheme: serverTheme } : undefined}
      suppressHydrationWarning
    >
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <script nonce={nonce} suppressHydrationWarning>
          {themeBootScript}
        </script>
        <Meta />
        {/* Stylesheets are ours ('self' in style-src) and need no nonce. Left to itself, Links
            puts the server's nonce on them and none in the browser, and React reports the
            difference as a hydration mismatch; an empty one is the same on both sides. */}
        <Links nonce="" />
      </head>
      <body className="min-h-dvh">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

/** Re-applies the default on client navigation between the public site and the portal. */
function ThemeSync() {
  const { pathname } = useLocation();
  useEffect(() => {
    if (pathname) applyTheme(THEME_STORAGE_KEY, PORTAL_PATH, useThemeStore.getState().theme);
  }, [pathname]);
  useEffect(() => {
    // Lets browser tests wait until React is in charge of the page before they click.
    document.documentElement.dataset.hydrated = "true";
  }, []);
  return null;
}

export default function App() {
  return (
    <>
      <ThemeSync />
      <Outlet />
      <Toaster />
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  if (isRouteErrorResponse(error) && error.status === 404) {
    return <NotFound />;
  }
  if (isRouteErrorResponse(error) && error.status === 503) {
    // The database is away for a moment (decision 0012): nothing is wrong with the page itself.
    return <BrieflyUnavailable message={typeof error.data === "string" ? error.data : null} />;
  }
  const status = isRouteErrorResponse(error) ? error.status : 500;
  return (
    <main className="mx-auto flex min-h-dvh max-w-xl flex-col items-center justify-center gap-4 px-6 text-center">
      <p className="text-sm font-semibold text-brand-600 dark:text-brand-400">Error {status}</p>
      <h1 className="text-3xl font-bold tracking-tight">Something went wrong</h1>
      <p className="text-slate-600 dark:text-slate-400">
        We could not show this page. Please try again in a moment; if it keeps happening, let us
        know.
      </p>
      <a
        href="/"
        className="rounded-lg bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700"
      >
        Back to the home page
      </a>
    </main>
  );
}

function BrieflyUnavailable({ message }: { message: string | null }) {
  const { pathname, search } = useLocation();
  return (
    <main className="mx-auto flex min-h-dvh max-w-xl flex-col items-center justify-center gap-4 px-6 text-center">
      <p className="text-sm font-semibold text-brand-600 dark:text-brand-400">Error 503</p>
      <h1 className="text-3xl font-bold tracking-tight">Briefly unavailable</h1>
      <p className="text-slate-600 dark:text-slate-400">
        {message ?? "The service is briefly unavailable. Please try again in a few seconds."}
      </p>
      <a
        href={`${pathname}${search}`}
        className="rounded-lg bg-brand-600 px-4 py-2 font-medium text-white hover:bg-brand-700"
      >
        Try again
      </a>
    </main>
  );
}
