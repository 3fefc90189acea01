import { useRef, useState } from "react";
import { Link, useLocation, useMatches, useNavigation } from "react-router";
import { ThemeToggle } from "#app/components/ThemeToggle.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { CircleUser, Menu, Search } from "#app/components/ui/icons.ts";
import { Sheet } from "#app/components/ui/sheet.tsx";
import type { Viewer } from "#app/lib/access.ts";
import type { NotificationView } from "#app/lib/notifications.ts";
import { titleForPath } from "#app/lib/portal-tools.ts";
import { isObjectOf, isString } from "#app/lib/shape.ts";
import { CommandPalette, usePaletteShortcut } from "./CommandPalette.tsx";
import { NotificationBell } from "./NotificationsPanel.tsx";
import { SidebarContent } from "./Sidebar.tsx";

/** Width of the slide-in tool drawer on small screens (portal spec). */
export const DRAWER_WIDTH_CLASS = "w-[280px]";

/** A portal route may name the header itself (`handle = { title }`), e.g. the 404 screen. */
const hasTitle = isObjectOf<{ title: string }>({ title: isString });

/**
 * The header's title: the tool being opened while its screen loads (so the header and the
 * skeleton below it agree), else the screen's own title, else the tool the path belongs to.
 */
function useScreenTitle(): string {
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const matches = useMatches();
  const target = navigation.state === "loading" ? navigation.location.pathname : null;
  if (target !== null && target !== pathname) return titleForPath(target);
  for (const match of [...matches].reverse()) {
    if (hasTitle(match.handle)) return match.handle.title;
  }
  return titleForPath(pathname);
}

export function PortalHeader({
  notifications,
  viewer,
}: {
  notifications: NotificationView[];
  viewer: Viewer;
}) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [paletteOpen, setPaletteOpen] = useState(false);
  const drawer = useRef<HTMLDivElement>(null);
  usePaletteShortcut(setPaletteOpen);
  return (
    <header className="sticky top-0 z-30 flex h-16 items-center gap-2 border-b border-slate-200 bg-white/90 px-3 backdrop-blur sm:gap-3 sm:px-6 dark:border-slate-800 dark:bg-slate-900/90">
      <button
        type="button"
        onClick={() => setDrawerOpen(true)}
        aria-label="Open tools menu"
        className="rounded-lg p-2 text-slate-600 hover:bg-slate-100 lg:hidden dark:text-slate-300 dark:hover:bg-slate-800"
      >
        <Icon icon={Menu} className="size-6" />
      </button>
      <Sheet
        open={drawerOpen}
        onOpenChange={setDrawerOpen}
        side="left"
        title="Tools"
        hideTitle
        widthClass={DRAWER_WIDTH_CLASS}
        // Focus starts on the current tool, not the search box: on a phone a focused box opens
        // the keyboard, which covers the navigation the agent opened the drawer for.
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          const nav = drawer.current?.querySelector("nav");
          const current = nav?.querySelector<HTMLElement>('a[aria-current="page"]');
          (current ?? nav?.querySelector<HTMLElement>("a"))?.focus();
        }}
      >
        <div ref={drawer} className="h-full">
          <SidebarContent viewer={viewer} onNavigate={() => setDrawerOpen(false)} />
        </div>
      </Sheet>
      {/* Wraps instead of truncating: on a phone a long tool name takes two lines. */}
      <h1 className="min-w-0 flex-1 text-base leading-tight font-semibold text-balance break-words sm:text-lg">
        {useScreenTitle()}
      </h1>
      <button
        type="button"
        onClick={() => setPaletteOpen(true)}
        aria-keyshortcuts="Control+K Meta+K"
        className="hidden items-center gap-2 rounded-lg border border-slate-300 py-1.5 pr-2 pl-3 text-sm text-slate-600 hover:bg-slate-50 md:inline-flex dark:border-slate-700 dark:text-slate-300 dark:hover:bg-slate-800"
      >
        <Icon icon={Search} className="size-4" />
        <span>Go to tool</span>
        <kbd className="rounded border border-slate-300 px-1.5 text-xs text-slate-500 dark:border-slate-600 dark:text-slate-400">
          Ctrl K
        </kbd>
      </button>
      <CommandPalette viewer={viewer} open={paletteOpen} onOpenChange={setPaletteOpen} />
      <NotificationBell serverList={notifications} />
      <ThemeToggle />
      <Link
        to="/dashboard/account"
        aria-label="My Account"
        className="rounded-lg p-2 text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
      >
        <Icon icon={CircleUser} />
      </Link>
    </header>
  );
}
