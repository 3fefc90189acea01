import type { ToolIcon as ToolIconName } from "../../lib/portal-tools.ts";

// Simple line icons (24×24, stroke), drawn for this app.
const PATHS: Record<
  ToolIconName | "bell" | "menu" | "user" | "signout" | "search" | "close" | "home",
  string
> = {
  assistant: "M4 5h16v11H8l-4 4V5Zm5 5h.01M12 10h.01M15 10h.01",
  bill: "M6 3h12v18l-3-2-3 2-3-2-3 2V3Zm3 5h6M9 12h6M9 16h3",
  quote: "M7 3h7l5 5v13H7V3Zm7 0v5h5M10 13h6M10 17h6",
  plans: "M4 20V10M10 20V4M16 20v-8M22 20H2",
  resources: "M4 4h7v16H4V4Zm9 0h7v16h-7V4Z",
  promos: "M3 12 12 3h9v9l-9 9-9-9Zm13-4h.01",
  devices: "M8 2h8a1 1 0 0 1 1 1v18a1 1 0 0 1-1 1H8a1 1 0 0 1-1-1V3a1 1 0 0 1 1-1Zm3 17h2",
  deals: "M3 5h5v14H3V5Zm7 0h5v9h-5V5Zm7 0h4v6h-4V5Z",
  customers:
    "M16 19v-1a4 4 0 0 0-8 0v1M12 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6Zm7 8v-1a3 3 0 0 0-2-2.8M17 5.2a3 3 0 0 1 0 5.6",
  reports: "M6 3h12v18H6V3Zm3 13v-3m3 3v-6m3 6v-4",
  analytics: "M3 17l6-6 4 4 8-8M15 7h6v6",
  waitlist: "M9 5h10M9 12h10M9 19h10M4 5h.01M4 12h.01M4 19h.01",
  outbox: "M3 7l9 6 9-6M3 7v11h18V7M3 7l2-3h14l2 3",
  bell: "M6 8a6 6 0 1 1 12 0c0 7 3 8 3 8H3s3-1 3-8Zm4 12a2 2 0 0 0 4 0",
  menu: "M4 7h16M4 12h16M4 17h16",
  user: "M20 21a8 8 0 0 0-16 0M12 13a5 5 0 1 0 0-10 5 5 0 0 0 0 10Z",
  signout: "M15 17l5-5-5-5M20 12H9M12 21H5a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h7",
  search: "M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14Zm5-2 5 5",
  close: "M6 6l12 12M18 6 6 18",
  home: "M3 11 12 4l9 7M5 10v10h14V10",
};

export type IconName = keyof typeof PATHS;

export function Icon({ name, className = "size-5" }: { name: IconName; className?: string }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 24 24"
      className={className}
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      strokeLinecap="round"
      strokeLinejoin="round"
    >
      <path d={PATHS[name]} />
    </svg>
  );
}
