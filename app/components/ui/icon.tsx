import type { ToolIcon as ToolIconName } from "#app/lib/portal-tools.ts";

// Simple line icons (24×24, stroke), drawn for this app; the portal's tools and the public site
// share them.
const PATHS = {
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
  users:
    "M15 19v-1a4 4 0 0 0-8 0v1M11 11a3 3 0 1 0 0-6 3 3 0 0 0 0 6Zm6.5 8v-1a3.5 3.5 0 0 0-2-3.2M15 5.2a3 3 0 0 1 0 5.6",
  bell: "M6 8a6 6 0 1 1 12 0c0 7 3 8 3 8H3s3-1 3-8Zm4 12a2 2 0 0 0 4 0",
  menu: "M4 7h16M4 12h16M4 17h16",
  user: "M20 21a8 8 0 0 0-16 0M12 13a5 5 0 1 0 0-10 5 5 0 0 0 0 10Z",
  signout: "M15 17l5-5-5-5M20 12H9M12 21H5a1 1 0 0 1-1-1V4a1 1 0 0 1 1-1h7",
  search: "M11 18a7 7 0 1 0 0-14 7 7 0 0 0 0 14Zm5-2 5 5",
  close: "M6 6l12 12M18 6 6 18",
  home: "M3 11 12 4l9 7M5 10v10h14V10",
  chevronLeft: "M15 6l-6 6 6 6",
  chevronRight: "M9 6l6 6-6 6",
  // Marketing pages
  compare: "M4 6h7M4 12h7M4 18h7M15 4v16M15 6h5M15 12h5M15 18h5",
  spark:
    "M12 3l1.8 5.2L19 10l-5.2 1.8L12 17l-1.8-5.2L5 10l5.2-1.8L12 3ZM19 16l.8 2.2L22 19l-2.2.8L19 22l-.8-2.2L16 19l2.2-.8L19 16Z",
  bolt: "M13 2 4 14h7l-1 8 9-12h-7l1-8Z",
  brand: "M12 3 4 7v5c0 4.5 3.4 8.3 8 9 4.6-.7 8-4.5 8-9V7l-8-4Zm-3 9 2 2 4-4",
  shield: "M12 3 4 6.5V12c0 4.5 3.4 8.2 8 9 4.6-.8 8-4.5 8-9V6.5L12 3Z",
  lock: "M6 11h12v10H6V11Zm2 0V7a4 4 0 1 1 8 0v4",
  link: "M10 14a4.5 4.5 0 0 0 6.4 0l3-3a4.5 4.5 0 0 0-6.4-6.4l-1 1M14 10a4.5 4.5 0 0 0-6.4 0l-3 3a4.5 4.5 0 0 0 6.4 6.4l1-1",
  signal:
    "M5 18a10 10 0 0 1 0-12M19 6a10 10 0 0 1 0 12M8.5 15a5 5 0 0 1 0-6M15.5 9a5 5 0 0 1 0 6M12 12h.01",
  clock: "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Zm0-13v4l3 2",
  target:
    "M12 21a9 9 0 1 0 0-18 9 9 0 0 0 0 18Zm0-4a5 5 0 1 0 0-10 5 5 0 0 0 0 10Zm0-4a1 1 0 1 0 0-2 1 1 0 0 0 0 2Z",
  send: "M21 3 3 10.5l7 3 3 7L21 3Zm-11 10.5L21 3",
  check: "M5 12.5l4.5 4.5L19 7.5",
} as const satisfies Record<ToolIconName, string> & Record<string, string>;

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
