// The portal's navigation as data: the sidebar, the tool search and the header title all read it.

import { type Access, holdsAny, type Viewer } from "./access.ts";

export const TOOL_CATEGORIES = ["AI Tools", "Sales Tools", "Management", "Admin"] as const;
export type ToolCategory = (typeof TOOL_CATEGORIES)[number];

export type ToolIcon =
  | "assistant"
  | "bill"
  | "quote"
  | "plans"
  | "resources"
  | "promos"
  | "devices"
  | "deals"
  | "customers"
  | "reports"
  | "analytics"
  | "waitlist"
  | "outbox"
  | "users"
  | "company";

export type PortalTool = {
  title: string;
  description: string;
  path: string;
  icon: ToolIcon;
  category: ToolCategory;
  /** Emphasised in the sidebar (the spec's `highlight`). */
  highlight?: boolean;
  /** No screen at all yet (the spec's Analytics): shown disabled with a 'Soon' badge, not a link. */
  comingSoon?: boolean;
  /** What the screen says while it loads (portal spec), e.g. 'Loading plans...'. */
  loadingText?: string;
  /** Shown only to those holding one of these (the server refuses everyone else anyway). */
  for?: readonly Access[];
  /** The screen's main content, so its loading skeleton has the same shape (cards by default). */
  layout?: "cards" | "table";
};

export const PORTAL_TOOLS: readonly PortalTool[] = [
  {
    title: "AI Sales Assistant",
    description: "Ask for product recommendations, pricing and technical specifications.",
    path: "/dashboard/agent",
    icon: "assistant",
    category: "AI Tools",
    highlight: true,
  },
  {
    title: "Bill Analyzer",
    description: "Upload a customer's wireless bill to find savings and upgrade opportunities.",
    path: "/dashboard/bill-analyzer",
    icon: "bill",
    category: "AI Tools",
  },
  {
    title: "Quote Generator",
    description: "Turn a plain-language description of a customer's needs into a quote.",
    path: "/dashboard/quotes/new",
    icon: "quote",
    category: "Sales Tools",
  },
  {
    title: "Plan Comparison",
    description: "Compare business plans from AT&T, Verizon and T-Mobile side by side.",
    path: "/dashboard/plans",
    loadingText: "Loading plans...",
    icon: "plans",
    category: "Sales Tools",
  },
  {
    title: "Sales Resources",
    description: "Flyers, case studies, business cases, presentations and sales guides.",
    path: "/dashboard/resources",
    icon: "resources",
    category: "Sales Tools",
  },
  {
    title: "Carrier Promos",
    description: "Current carrier promotions by device type, with their requirements.",
    path: "/dashboard/promos",
    icon: "promos",
    category: "Sales Tools",
  },
  {
    title: "Certified Devices",
    description: "Search the devices each carrier has certified for its network.",
    path: "/dashboard/devices",
    layout: "table",
    loadingText: "Loading certified devices...",
    icon: "devices",
    category: "Sales Tools",
  },
  {
    title: "My Deals",
    description: "Track opportunities from lead to won on a drag-and-drop board.",
    path: "/dashboard/deals",
    loadingText: "Loading deals...",
    icon: "deals",
    category: "Management",
  },
  {
    title: "Customers",
    description: "Your customers' contacts, locations and account details.",
    path: "/dashboard/customers",
    loadingText: "Loading customers...",
    icon: "customers",
    category: "Management",
  },
  {
    title: "Reports",
    description: "Deals, customer, activity and performance reports to export.",
    path: "/dashboard/reports",
    icon: "reports",
    category: "Management",
  },
  {
    title: "Analytics",
    description: "Sales analytics and forecasting.",
    path: "/analytics",
    icon: "analytics",
    category: "Management",
    comingSoon: true,
  },
  {
    title: "Users",
    description: "Your company's accounts: invite, create, roles, bans, sessions and links.",
    path: "/dashboard/admin/users",
    layout: "table",
    icon: "users",
    category: "Admin",
    for: ["admin"],
  },
  {
    title: "Company Settings",
    description:
      "Who sees what in your company: agents' access to each other's deals and customers.",
    path: "/dashboard/admin/company",
    icon: "company",
    category: "Admin",
    for: ["admin"],
  },
  {
    title: "Waitlist",
    description: "Everyone who signed up on the public site, with where they came from.",
    path: "/dashboard/admin/waitlist",
    layout: "table",
    icon: "waitlist",
    category: "Admin",
    for: ["operator"],
  },
  {
    title: "Outbox",
    description: "Emails and texts the platform has queued or sent.",
    path: "/dashboard/admin/outbox",
    layout: "table",
    icon: "outbox",
    category: "Admin",
    for: ["admin", "operator"],
  },
];

/** The tools a user may see: the Admin group's only to those they are for. */
export function toolsFor(viewer: Viewer): PortalTool[] {
  return PORTAL_TOOLS.filter((tool) => !tool.for || holdsAny(viewer, tool.for));
}

/** Case-insensitive match on title or description (portal spec). */
export function searchTools(
  query: string,
  tools: readonly PortalTool[] = PORTAL_TOOLS,
): PortalTool[] {
  const needle = query.trim().toLowerCase();
  if (needle === "") return [...tools];
  return tools.filter(
    (tool) =>
      tool.title.toLowerCase().includes(needle) || tool.description.toLowerCase().includes(needle),
  );
}

/** Pages of the portal that are not tools but still name the header. */
const OTHER_TITLES: Record<string, string> = {
  "/dashboard/account": "My Account",
  "/dashboard/deals/new": "New Deal",
  "/dashboard/customers/new": "New Customer",
};

/** A path without its trailing slashes, as the portal's routes match it. */
export const withoutTrailingSlash = (pathname: string) => pathname.replace(/\/+$/, "") || "/";

/** Whether a path is a tool's page or a page under it (whole segments; a trailing `/` aside). */
export function isWithin(pathname: string, toolPath: string): boolean {
  const path = withoutTrailingSlash(pathname);
  return path === toolPath || path.startsWith(`${toolPath}/`);
}

/** The header title for a path: the deepest tool whose path it is in, else 'Dashboard'. */
export function titleForPath(pathname: string): string {
  const path = withoutTrailingSlash(pathname);
  const other = OTHER_TITLES[path];
  if (other) return other;
  let best: PortalTool | undefined;
  for (const tool of PORTAL_TOOLS) {
    if (isWithin(path, tool.path)) {
      if (!best || tool.path.length > best.path.length) best = tool;
    }
  }
  return best?.title ?? "Dashboard";
}

export function toolsByCategory(tools: readonly PortalTool[]): [ToolCategory, PortalTool[]][] {
  return TOOL_CATEGORIES.map((category) => [
    category,
    tools.filter((t) => t.category === category),
  ]);
}

/** The tool a path belongs to (the deepest whose path it is in), if any. */
function toolForPath(pathname: string): PortalTool | undefined {
  const title = titleForPath(pathname);
  return PORTAL_TOOLS.find((t) => t.title === title);
}

/** The loading text of the tool a path belongs to, if that tool has one. */
export function loadingTextForPath(pathname: string): string | undefined {
  return toolForPath(pathname)?.loadingText;
}

/** The shape of a path's screen, for the skeleton drawn while it loads. */
export function layoutForPath(pathname: string): "cards" | "table" {
  return toolForPath(pathname)?.layout ?? "cards";
}
