import type { IconData } from "./icons.ts";

/**
 * One of the app's icons (lucide's drawings, `icons.ts`), drawn the app's way: decorative (the
 * control or text beside it names the action) and with one stroke weight. The drawing is written
 * as the SVG's markup, so a page renders one element an icon, not a component and its paths
 * (decision 0045).
 */
export function Icon({
  icon,
  className = "size-5",
  strokeWidth = 1.8,
}: {
  icon: IconData;
  className?: string;
  strokeWidth?: number;
}) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width="24"
      height="24"
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={strokeWidth}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      className={className}
      // biome-ignore lint/security/noDangerouslySetInnerHtml: icons.ts is generated from lucide's drawings, never from input
      dangerouslySetInnerHTML={{ __html: icon.body }}
    />
  );
}

export type { IconData as IconComponent };
