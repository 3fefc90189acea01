import { House, LogOut, Search } from "lucide-react";
import { type FormEvent, useId, useState } from "react";
import { Form, NavLink, useMatch } from "react-router";
import { Brand } from "#app/components/Brand.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { SoonBadge } from "#app/components/ui/soon-badge.tsx";
import { ToolIcon } from "#app/components/ui/tool-icon.tsx";
import { Tooltip } from "#app/components/ui/tooltip.tsx";
import type { Viewer } from "#app/lib/access.ts";
import { type PortalTool, searchTools, toolsByCategory, toolsFor } from "#app/lib/portal-tools.ts";
import { useSessionManager } from "#app/lib/use-session-manager.tsx";

const LINK = "flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium";
const ACTIVE = "bg-brand-50 text-brand-700 dark:bg-brand-700/20 dark:text-brand-100";
const IDLE = "text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800";

function ToolLink({ tool, onNavigate }: { tool: PortalTool; onNavigate?: () => void }) {
  // Radix's Slot (the tooltip trigger) merges className as text, so NavLink's className function
  // cannot be used here; the active state is matched directly instead.
  const active = useMatch({ path: tool.path, end: false }) !== null;
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
      <NavLink to={tool.path} onClick={onNavigate} className={`${LINK} ${active ? ACTIVE : IDLE}`}>
        <ToolIcon name={tool.icon} />
        <span className="flex-1">{tool.title}</span>
        {tool.highlight ? (
          <span aria-hidden="true" className="size-2 rounded-full bg-brand-500" />
        ) : null}
      </NavLink>
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
  const groups = toolsByCategory(searchTools(query, toolsFor(viewer))).filter(
    ([, tools]) => tools.length > 0,
  );

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
      <nav aria-label="Tools" className="flex-1 overflow-y-auto px-3 pb-4">
        <NavLink
          to="/dashboard"
          end
          onClick={onNavigate}
          className={({ isActive }) =>
            `mb-2 flex items-center gap-3 rounded-lg px-3 py-2 text-sm font-medium ${
              isActive
                ? "bg-brand-50 text-brand-700 dark:bg-brand-700/20 dark:text-brand-100"
                : "text-slate-700 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
            }`
          }
        >
          <Icon icon={House} />
          Dashboard
        </NavLink>
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
                    <ToolLink tool={tool} onNavigate={onNavigate} />
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
