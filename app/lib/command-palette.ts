// What the command palette (⌘K / Ctrl+K) can jump to, as data. Each source gives groups of
// results for a query; today the portal's tools and pages, later customers, deals and quotes
// (a source that searches the server returns its groups the same way).
import type { Viewer } from "./access.ts";
import {
  type PortalTool,
  searchTools,
  type ToolIcon,
  toolsByCategory,
  toolsFor,
} from "./portal-tools.ts";

export type PaletteItem = {
  /** Unique across every group: the option's DOM id is made from it. */
  id: string;
  label: string;
  /** A second line, e.g. the tool's description or a customer's city. */
  detail?: string;
  to: string;
  icon: ToolIcon | "home" | "user";
};

export type PaletteGroup = { heading: string; items: PaletteItem[] };

/** The pages that are not tools but are often jumped to. */
const PAGES: readonly PaletteItem[] = [
  { id: "page:dashboard", label: "Dashboard", to: "/dashboard", icon: "home" },
  { id: "page:account", label: "My Account", to: "/dashboard/account", icon: "user" },
];

const toolItem = (tool: PortalTool): PaletteItem => ({
  id: `tool:${tool.path}`,
  label: tool.title,
  detail: tool.description,
  to: tool.path,
  icon: tool.icon,
});

/**
 * How well a tool's title answers the query, best first: its start, the start of one of its
 * words, anywhere in it; a match in the description alone comes last.
 */
function rank(tool: PortalTool, needle: string): number {
  const title = tool.title.toLowerCase();
  if (title.startsWith(needle)) return 0;
  if (title.split(/\s+/).some((word) => word.startsWith(needle))) return 1;
  return title.includes(needle) ? 2 : 3;
}

/**
 * The tools a viewer may open, grouped by the sidebar's categories. A tool with no screen at all
 * (Analytics) is left out. For a query, the best matches come first, within each group and among
 * the groups, so Enter opens the tool whose name was typed ("devi": Certified Devices, not Carrier
 * Promos, whose description says "device").
 */
export function toolGroups(viewer: Viewer, query: string): PaletteGroup[] {
  const needle = query.trim().toLowerCase();
  const open = toolsFor(viewer).filter((tool) => !tool.comingSoon);
  const byRank = (a: PortalTool, b: PortalTool) => rank(a, needle) - rank(b, needle);
  return toolsByCategory(searchTools(query, open))
    .filter(([, tools]) => tools.length > 0)
    .map(([category, tools]) => ({ category, tools: [...tools].sort(byRank) }))
    .sort((a, b) => (a.tools[0] && b.tools[0] ? byRank(a.tools[0], b.tools[0]) : 0))
    .map(({ category, tools }) => ({ heading: category, items: tools.map(toolItem) }));
}

export function pageGroup(query: string): PaletteGroup[] {
  const needle = query.trim().toLowerCase();
  const items = PAGES.filter((page) => page.label.toLowerCase().includes(needle));
  return items.length > 0 ? [{ heading: "Pages", items }] : [];
}

/** Every group for a query, in the order they are shown. */
export function paletteGroups(viewer: Viewer, query: string): PaletteGroup[] {
  return [...pageGroup(query), ...toolGroups(viewer, query)];
}

/** The items in the order the arrow keys walk them. */
export function flatItems(groups: readonly PaletteGroup[]): PaletteItem[] {
  return groups.flatMap((group) => group.items);
}
