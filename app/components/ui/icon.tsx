import type { LucideIcon } from "lucide-react";

/**
 * One of lucide-react's icons, drawn the app's way: decorative (the control or text beside it
 * names the action) and with one stroke weight. Each screen imports only the icons it shows.
 */
export function Icon({
  icon: Drawn,
  className = "size-5",
}: {
  icon: LucideIcon;
  className?: string;
}) {
  return <Drawn aria-hidden="true" className={className} strokeWidth={1.8} />;
}

export type { LucideIcon as IconComponent };
