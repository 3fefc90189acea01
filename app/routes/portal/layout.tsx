import {
  Outlet,
  type ShouldRevalidateFunctionArgs,
  useLocation,
  useNavigation,
} from "react-router";
import { useNotificationSync } from "#app/components/portal/NotificationsPanel.tsx";
import { PortalHeader } from "#app/components/portal/PortalHeader.tsx";
import { SidebarContent } from "#app/components/portal/Sidebar.tsx";
import { ScreenSkeleton } from "#app/components/ui/skeleton.tsx";
import { TooltipProvider } from "#app/components/ui/tooltip.tsx";
import { layoutForPath, loadingTextForPath } from "#app/lib/portal-tools.ts";
import { searchChangedOnly } from "#app/lib/revalidation.ts";
import { SessionManagerProvider } from "#app/lib/use-session-manager.tsx";
import { sessionUserView } from "#server/accounts/session.ts";
import { shellNotifications } from "#server/dashboard/index.ts";
import { portalShell } from "#server/web/context.ts";
import { portalGuard } from "#server/web/guard.ts";
import type { Route } from "./+types/layout";

/** Every route under /dashboard runs behind the guard: no session, no loader or action runs. */
export const middleware: Route.MiddlewareFunction[] = [portalGuard];

export async function loader({ context }: Route.LoaderArgs) {
  const { ctx, session } = portalShell(context);
  const { user } = ctx;
  // Check-ins that fell due become notifications before the bell is read (decisions 0026, 0035).
  const notifications = await shellNotifications(ctx);
  return {
    user: {
      name: user.name,
      username: user.username,
      role: user.role,
      company: user.company,
      platformOperator: user.platformOperator,
    },
    // What the browser's session manager starts from (never a token).
    session: {
      user: sessionUserView(user),
      expiresAt: new Date(session.expiresAt).toISOString(),
    },
    notifications,
  };
}

/**
 * Who is signed in and the bell do not depend on a screen's search, so a filter, sort, page or
 * search within one screen reloads that screen's data alone (the bell keeps itself fresh every
 * minute and on focus). Another screen, a form sent, or the same address loaded again still
 * reload the shell.
 */
export function shouldRevalidate(args: ShouldRevalidateFunctionArgs) {
  return searchChangedOnly(args) ? false : args.defaultShouldRevalidate;
}

/**
 * While another screen loads, its skeleton takes the place of the current one (the header already
 * names the tool being opened), so nothing is drawn over old content and the layout stays still.
 * The current screen stays mounted, hidden, in case the navigation is abandoned.
 */
function PendingScreen({ children }: { children: React.ReactNode }) {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const target = navigation.state === "loading" ? navigation.location.pathname : null;
  const switching = target !== null && target !== pathname;
  return (
    <div className="relative" aria-busy={switching}>
      {switching ? (
        <>
          <div
            className="absolute inset-x-0 top-0 z-20 h-0.5 animate-pulse bg-brand-500"
            aria-hidden="true"
          />
          <ScreenSkeleton status={loadingTextForPath(target)} layout={layoutForPath(target)} />
        </>
      ) : null}
      <div hidden={switching}>{children}</div>
    </div>
  );
}

export default function PortalLayout({ loaderData }: Route.ComponentProps) {
  useNotificationSync(loaderData.notifications);
  return (
    <SessionManagerProvider initial={loaderData.session}>
      <TooltipProvider>
        {/* Two columns on a wide screen: the sidebar's column runs the page's whole height, so its
            background never stops short; its contents stay in view as the page scrolls. */}
        <div className="min-h-dvh bg-slate-50 lg:grid lg:grid-cols-[18rem_minmax(0,1fr)] dark:bg-slate-950">
          <a
            href="#main-content"
            className="sr-only focus:not-sr-only focus:fixed focus:top-3 focus:left-3 focus:z-50 focus:rounded-lg focus:bg-white focus:px-4 focus:py-2 focus:font-medium focus:text-slate-900 focus:shadow-lg"
          >
            Skip to main content
          </a>
          <aside className="hidden border-r border-slate-200 bg-white lg:block dark:border-slate-800 dark:bg-slate-900">
            <div className="sticky top-0 h-dvh">
              <SidebarContent viewer={loaderData.user} />
            </div>
          </aside>
          <div className="min-w-0">
            <PortalHeader notifications={loaderData.notifications} viewer={loaderData.user} />
            {/* The skip link's target: focusable so the next Tab continues inside the screen. */}
            <div id="main-content" tabIndex={-1} className="focus:outline-none">
              <PendingScreen>
                <Outlet />
              </PendingScreen>
            </div>
          </div>
        </div>
      </TooltipProvider>
    </SessionManagerProvider>
  );
}
