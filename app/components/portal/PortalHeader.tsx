import { useState } from "react";
import { Link, useLocation } from "react-router";
import { ThemeToggle } from "#app/components/ThemeToggle.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { Sheet } from "#app/components/ui/sheet.tsx";
import type { NotificationView } from "#app/lib/notifications.ts";
import { titleForPath } from "#app/lib/portal-tools.ts";
import { NotificationBell } from "./NotificationsPanel.tsx";
import { SidebarContent } from "./Sidebar.tsx";

/** Width of the slide-in tool drawer on small screens (portal spec). */
export const DRAWER_WIDTH_CLASS = "w-[280px]";

export function PortalHeader({
  notifications,
  role,
}: {
  notifications: NotificationView[];
  role: string;
}) {
  const { pathname } = useLocation();
  const [drawerOpen, setDrawerOpen] = useState(false);
  return (
    <header className="sticky top-0 z-30 flex h-16 items-center gap-3 border-b border-slate-200 bg-white/90 px-4 backdrop-blur sm:px-6 dark:border-slate-800 dark:bg-slate-900/90">
      <button
        type="button"
        onClick={() => setDrawerOpen(true)}
        aria-label="Open tools menu"
        className="rounded-lg p-2 text-slate-600 hover:bg-slate-100 lg:hidden dark:text-slate-300 dark:hover:bg-slate-800"
      >
        <Icon name="menu" className="size-6" />
      </button>
      <Sheet
        open={drawerOpen}
        onOpenChange={setDrawerOpen}
        side="left"
        title="Tools"
        hideTitle
        widthClass={DRAWER_WIDTH_CLASS}
      >
        <SidebarContent role={role} onNavigate={() => setDrawerOpen(false)} />
      </Sheet>
      <h1 className="flex-1 truncate text-lg font-semibold">{titleForPath(pathname)}</h1>
      <NotificationBell serverList={notifications} />
      <ThemeToggle />
      <Link
        to="/dashboard/account"
        aria-label="My Account"
        className="rounded-lg p-2 text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
      >
        <Icon name="user" />
      </Link>
    </header>
  );
}
