import { Outlet } from "react-router";
import { requireUser } from "../../../server/auth/guards.server.ts";
import { getRuntime } from "../../../server/runtime.ts";
import { listNotifications } from "../../../server/services/notifications.server.ts";
import { useNotificationSync } from "../../components/portal/NotificationsPanel.tsx";
import { PortalHeader } from "../../components/portal/PortalHeader.tsx";
import { SidebarContent } from "../../components/portal/Sidebar.tsx";
import { TooltipProvider } from "../../components/ui/tooltip.tsx";
import type { Route } from "./+types/layout";

export async function loader({ request }: Route.LoaderArgs) {
  const user = await requireUser(request);
  const { database } = await getRuntime();
  return {
    user: { name: user.name, username: user.username, role: user.role, company: user.company },
    notifications: await listNotifications(database.db, user),
  };
}

export default function PortalLayout({ loaderData }: Route.ComponentProps) {
  useNotificationSync(loaderData.notifications);
  return (
    <TooltipProvider>
      <div className="min-h-dvh bg-slate-50 lg:pl-72 dark:bg-slate-950">
        <aside className="fixed inset-y-0 left-0 hidden w-72 border-r border-slate-200 bg-white lg:block dark:border-slate-800 dark:bg-slate-900">
          <SidebarContent />
        </aside>
        <PortalHeader notifications={loaderData.notifications} />
        <Outlet />
      </div>
    </TooltipProvider>
  );
}
