import { Outlet, useLocation, useNavigation } from "react-router";
import { useNotificationSync } from "#app/components/portal/NotificationsPanel.tsx";
import { PortalHeader } from "#app/components/portal/PortalHeader.tsx";
import { SidebarContent } from "#app/components/portal/Sidebar.tsx";
import { TooltipProvider } from "#app/components/ui/tooltip.tsx";
import { loadingTextForPath } from "#app/lib/portal-tools.ts";
import { SessionManagerProvider } from "#app/lib/use-session-manager.tsx";
import { sessionUserView } from "#server/accounts/session.ts";
import { listNotifications } from "#server/notifications/index.ts";
import { portalShell } from "#server/web/context.ts";
import { portalGuard } from "#server/web/guard.ts";
import type { Route } from "./+types/layout";

/** Every route under /dashboard runs behind the guard: no session, no loader or action runs. */
export const middleware: Route.MiddlewareFunction[] = [portalGuard];

export async function loader({ context }: Route.LoaderArgs) {
  const { ctx, session } = portalShell(context);
  const { user } = ctx;
  return {
    user: { name: user.name, username: user.username, role: user.role, company: user.company },
    // What the browser's session manager starts from (never a token).
    session: {
      user: sessionUserView(user),
      expiresAt: new Date(session.expiresAt).toISOString(),
    },
    notifications: await listNotifications(ctx),
  };
}

/** While another screen loads, the current one dims and the incoming screen's loading text shows. */
function PendingScreen({ children }: { children: React.ReactNode }) {
  const navigation = useNavigation();
  const { pathname } = useLocation();
  const target = navigation.state === "loading" ? navigation.location.pathname : null;
  const switching = target !== null && target !== pathname;
  const text = switching ? loadingTextForPath(target) : undefined;
  return (
    <div className="relative" aria-busy={switching}>
      {switching ? (
        <div
          className="absolute inset-x-0 top-0 z-20 h-0.5 animate-pulse bg-brand-500"
          aria-hidden="true"
        />
      ) : null}
      {text ? (
        <p
          role="status"
          className="absolute inset-x-0 top-24 z-20 text-center text-slate-600 dark:text-slate-300"
        >
          {text}
        </p>
      ) : null}
      <div className={switching ? "opacity-40 transition-opacity" : undefined}>{children}</div>
    </div>
  );
}

export default function PortalLayout({ loaderData }: Route.ComponentProps) {
  useNotificationSync(loaderData.notifications);
  return (
    <SessionManagerProvider initial={loaderData.session}>
      <TooltipProvider>
        <div className="min-h-dvh bg-slate-50 lg:pl-72 dark:bg-slate-950">
          <aside className="fixed inset-y-0 left-0 hidden w-72 border-r border-slate-200 bg-white lg:block dark:border-slate-800 dark:bg-slate-900">
            <SidebarContent role={loaderData.user.role} />
          </aside>
          <PortalHeader notifications={loaderData.notifications} role={loaderData.user.role} />
          <PendingScreen>
            <Outlet />
          </PendingScreen>
        </div>
      </TooltipProvider>
    </SessionManagerProvider>
  );
}
