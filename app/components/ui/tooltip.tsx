import * as RadixTooltip from "@radix-ui/react-tooltip";
import type { ReactElement, ReactNode } from "react";

/** The portal spec's timings: 700 ms before a tooltip opens, 300 ms to skip that delay again. */
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

export function TooltipProvider({ children }: { children: ReactNode }) {
  return (
    <RadixTooltip.Provider
      delayDuration={TOOLTIP_DELAY_MS}
      skipDelayDuration={TOOLTIP_SKIP_DELAY_MS}
    >
      {children}
    </RadixTooltip.Provider>
  );
}

export function Tooltip(props: {
  content: ReactNode;
  children: ReactElement;
  side?: "top" | "right" | "bottom" | "left";
  /** Controlled, for a trigger that only sometimes has something to tell (a cut-off value). */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}) {
  return (
    // Left undefined, `open` leaves the tooltip to Radix (hover and focus).
    <RadixTooltip.Root open={props.open} onOpenChange={props.onOpenChange}>
      <RadixTooltip.Trigger asChild>{props.children}</RadixTooltip.Trigger>
      <RadixTooltip.Portal>
        <RadixTooltip.Content
          side={props.side ?? "right"}
          sideOffset={8}
          collisionPadding={8}
          className="z-50 max-w-64 rounded-lg [overflow-wrap:anywhere] bg-slate-900 px-3 py-2 text-sm text-white shadow-lg dark:bg-slate-100 dark:text-slate-900"
        >
          {props.content}
          <RadixTooltip.Arrow className="fill-slate-900 dark:fill-slate-100" />
        </RadixTooltip.Content>
      </RadixTooltip.Portal>
    </RadixTooltip.Root>
  );
}
