import { type FormEvent, type MouseEvent, useEffect, useId, useRef, useState } from "react";
import { Form, useLocation, useNavigate } from "react-router";
import { Brand } from "#app/components/Brand.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { House, LogOut, Search } from "#app/components/ui/icons.ts";
import { SoonBadge } from "#app/components/ui/soon-badge.tsx";
import { ToolIcon } from "#app/components/ui/tool-icon.tsx";
import { Tooltip } from "#app/components/ui/tooltip.tsx";
import type { Viewer } from "#app/lib/access.ts";
import { isPlainClick } from "#app/lib/plain-click.ts";
import {
  isWithin,
  type PortalTool,
  searchTools,
  toolsByCategory,
  toolsFor,
  withoutTrailingSlash,
} from "#app/lib/portal-tools.ts";
import { useSessionManager } from "#app/lib/use-session-manager.tsx";

const LINK = "flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium";
const ACTIVE = "bg-brand-50 text-brand-700 dark:bg-brand-700/20 dark:text-brand-100";
const IDLE = "text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800";

/**
 * The sidebar's links are plain anchors; the nav turns their plain clicks into client navigation
 * (onNavClick). React Router's NavLink resolved its path, matched it and read the navigation
 * state on every one of them, on every portal page the server draws. `data-discover` keeps React
 * Router's early discovery of the routes they lead to, as its links have.
 */
function ToolLink({ tool, active }: { tool: PortalTool; active: boolean }) {
  if (tool.comingSoon) {
    return (
      <Tooltip content={tool.description}>
        {/* Focusable so keyboard users get the tooltip too; not a link, because there is nothing yet. */}
        <span
          // biome-ignore lint/a11y/noNoninteractiveTabindex: the tooltip must be reachable by keyboard
          tabIndex={0}
          aria-disabled="true"
          className={`${LINK} cursor-not-allowed text-slate-400 dark:text-slate-500`}
        >
          <ToolIcon name={tool.icon} />
          <span className="flex-1">{tool.title}</span>
          <SoonBadge />
        </span>
      </Tooltip>
    );
  }
  return (
    <Tooltip content={tool.description}>
      <a
        href={tool.path}
        data-discover="true"
        aria-current={active ? "page" : undefined}
        className={`${LINK} ${active ? ACTIVE : IDLE}`}
      >
        <ToolIcon name={tool.icon} />
        <span className="flex-1">{tool.title}</span>
        {tool.highlight ? (
          <span aria-hidden="true" className="size-2 rounded-full bg-brand-500" />
        ) : null}
      </a>
    </Tooltip>
  );
}

/** The sidebar's contents; the desktop rail and the mobile drawer both render this. */
/**
 * Signs this device out. With the page's script it goes through the session manager, so every
 * tab of this browser follows at once; without it, the form posts to /logout.
 */
function SignOutButton() {
  const manager = useSessionManager();
  const [busy, setBusy] = useState(false);
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    if (!manager) return;
    event.preventDefault();
    setBusy(true);
    // On success the manager's SIGNED_OUT takes the page to /login; a failure leaves the agent here.
    void manager.signOut("local").then((result) => {
      if (!result.ok) {
        console.warn(result.message);
        setBusy(false);
      }
    });
  };
  return (
    <Form
      method="post"
      action="/logout"
      onSubmit={onSubmit}
      className="border-t border-slate-200 p-3 dark:border-slate-800"
    >
      <button
        type="submit"
        disabled={busy}
        aria-busy={busy}
        className="flex w-full items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium text-slate-700 hover:bg-slate-100 disabled:opacity-60 dark:text-slate-300 dark:hover:bg-slate-800"
      >
        <Icon icon={LogOut} />
        {busy ? "Signing out..." : "Sign Out"}
      </button>
    </Form>
  );
}

export function SidebarContent({
  onNavigate,
  viewer,
}: {
  onNavigate?: () => void;
  viewer: Viewer;
}) {
  const [query, setQuery] = useState("");
  const searchId = useId();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const home = withoutTrailingSlash(pathname) === "/dashboard";
  // One handler for every link of the nav (see ToolLink).
  const onNavClick = (event: MouseEvent<HTMLElement>) => {
    const anchor = event.target instanceof Element ? event.target.closest("a") : null;
    const href = anchor?.getAttribute("href");
    if (!href || anchor?.target || !isPlainClick(event)) return;
    event.preventDefault();
    onNavigate?.();
    void navigate(href);
  };
  const groups = toolsByCategory(searchTools(query, toolsFor(viewer))).filter(
    ([, tools]) => tools.length > 0,
  );
  // An admin's list runs past the fold of a laptop's window: the open screen's link is brought
  // into the nav's view, so the sidebar always shows where one is.
  const nav = useRef<HTMLElement>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: each new screen's link is looked up again.
  useEffect(() => {
    const list = nav.current;
    const current = list?.querySelector<HTMLElement>('[aria-current="page"]');
    if (!list || !current) return;
    const link = current.getBoundingClientRect();
    const view = list.getBoundingClientRect();
    if (link.top < view.top) list.scrollTop -= view.top - link.top;
    else if (link.bottom > view.bottom) list.scrollTop += link.bottom - view.bottom;
  }, [pathname]);

  return (
    <div className="flex h-full flex-col">
      <div className="px-4 pt-5 pb-4">
        <Brand to="/dashboard" />
      </div>
      <div className="px-4 pb-3">
        <label htmlFor={searchId} className="sr-only">
          Search tools
        </label>
        <div className="relative">
          <Icon
            icon={Search}
            className="pointer-events-none absolute left-3 top-1/2 size-4 -translate-y-1/2 text-slate-400"
          />
          <input
            id={searchId}
            type="search"
            value={query}
            onChange={(e) => setQuery(e.target.value)}
            placeholder="Search tools..."
            className="w-full rounded-lg border border-slate-300 bg-white py-2 pr-3 pl-9 text-sm placeholder:text-slate-400 focus:border-brand-500 focus:outline-none focus:ring-2 focus:ring-brand-500/30 dark:border-slate-700 dark:bg-slate-950"
          />
        </div>
      </div>
      {/* biome-ignore lint/a11y/useKeyWithClickEvents: the links inside take Enter, which clicks them */}
      <nav
        ref={nav}
        aria-label="Tools"
        className="flex-1 overflow-y-auto px-3 pb-4"
        onClick={onNavClick}
      >
        <a
          href="/dashboard"
          data-discover="true"
          aria-current={home ? "page" : undefined}
          className={`mb-2 ${LINK} ${home ? ACTIVE : IDLE}`}
        >
          <Icon icon={House} />
          Dashboard
        </a>
        {groups.length === 0 ? (
          <p className="px-3 py-6 text-center text-sm text-slate-500 dark:text-slate-400">
            No results found
          </p>
        ) : (
          groups.map(([category, tools]) => (
            <section key={category} aria-label={category} className="mt-4">
              <h2 className="px-3 pb-1 text-xs font-semibold uppercase tracking-wider text-slate-500 dark:text-slate-400">
                {category}
              </h2>
              <ul className="space-y-0.5">
                {tools.map((tool) => (
                  <li key={tool.path}>
                    <ToolLink tool={tool} active={isWithin(pathname, tool.path)} />
                  </li>
                ))}
              </ul>
            </section>
          ))
        )}
      </nav>
      <SignOutButton />
    </div>
  );
}
