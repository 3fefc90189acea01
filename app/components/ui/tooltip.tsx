import {
  cloneElement,
  createContext,
  type FocusEvent,
  lazy,
  type PointerEvent,
  type ReactElement,
  type ReactNode,
  Suspense,
  useContext,
  useEffect,
  useId,
  useRef,
  useState,
} from "react";
import type { TooltipSide } from "./tooltip-box.tsx";

/** The portal spec's timings: 700 ms before a tooltip opens, 300 ms to skip that delay again. */
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;

// What opens and closes a tooltip is here, in every portal page's script; the box and its
// placement beside the trigger (floating-ui) load when a tooltip first opens (decision 0034).
const loadTooltipBox = () => import("./tooltip-box.tsx");
const TooltipBox = lazy(loadTooltipBox);

/** Shared by the tooltips of one provider: one open at a time, and the skip-delay window. */
type TooltipGroup = { closeOpen: (() => void) | null; closedAt: number };

const GroupContext = createContext<TooltipGroup | null>(null);

export function TooltipProvider({ children }: { children: ReactNode }) {
  const group = useRef<TooltipGroup>({ closeOpen: null, closedAt: Number.NEGATIVE_INFINITY });
  return <GroupContext value={group.current}>{children}</GroupContext>;
}

type TriggerProps = {
  onPointerEnter?: (event: PointerEvent<HTMLElement>) => void;
  onPointerLeave?: (event: PointerEvent<HTMLElement>) => void;
  onPointerDown?: (event: PointerEvent<HTMLElement>) => void;
  onFocus?: (event: FocusEvent<HTMLElement>) => void;
  onBlur?: (event: FocusEvent<HTMLElement>) => void;
};

/**
 * A tooltip as Radix Tooltip behaves: hover opens it after the delay (at once within the skip
 * window after another closed), keyboard focus opens it at once, leaving, blur, a press, Escape or a
 * scroll around the trigger close it; the trigger is described by it while it shows.
 */
export function Tooltip(props: {
  content: ReactNode;
  children: ReactElement<TriggerProps>;
  side?: TooltipSide;
  /** Controlled, for a trigger that only sometimes has something to tell (a cut-off value). */
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
}) {
  const group = useContext(GroupContext);
  const id = useId();
  const [ownOpen, setOwnOpen] = useState(false);
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  // A press focuses the trigger too, and a press is not a request for the tooltip (as in Radix).
  const pressed = useRef(false);
  const open = (props.open ?? ownOpen) && anchor !== null;

  const onOpenChange = useRef(props.onOpenChange);
  onOpenChange.current = props.onOpenChange;
  // Stable, so the group can tell which tooltip is open and close it from another.
  const [{ change, close }] = useState(() => {
    const change = (next: boolean) => {
      clearTimeout(timer.current);
      setOwnOpen(next);
      onOpenChange.current?.(next);
    };
    return { change, close: () => change(false) };
  });
  const show = () => {
    if (group && group.closeOpen !== close) group.closeOpen?.();
    if (group) group.closeOpen = close;
    change(true);
  };
  const arm = (element: HTMLElement) => {
    setAnchor(element);
    void loadTooltipBox();
  };

  useEffect(() => {
    if (!open || !group) return;
    return () => {
      group.closedAt = performance.now();
      if (group.closeOpen === close) group.closeOpen = null;
    };
  });
  useEffect(() => () => clearTimeout(timer.current), []);

  // Escape closes the tooltip first: in a dialog it is the top layer, so the dialog stays open.
  // A scroll around the trigger closes it, as the box would no longer sit beside it.
  useEffect(() => {
    if (!open || !anchor) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key !== "Escape") return;
      close();
      if (anchor.closest('[role="dialog"]')) event.stopPropagation();
    };
    const onScroll = (event: Event) => {
      if (event.target instanceof Node && event.target.contains(anchor)) close();
    };
    window.addEventListener("keydown", onKey, true);
    window.addEventListener("scroll", onScroll, true);
    return () => {
      window.removeEventListener("keydown", onKey, true);
      window.removeEventListener("scroll", onScroll, true);
    };
  });

  const child = props.children.props;
  const trigger = cloneElement(props.children, {
    "aria-describedby": open ? id : undefined,
    onPointerEnter: (event: PointerEvent<HTMLElement>) => {
      child.onPointerEnter?.(event);
      if (event.pointerType === "touch") return;
      arm(event.currentTarget);
      const skip = group && performance.now() - group.closedAt < TOOLTIP_SKIP_DELAY_MS;
      clearTimeout(timer.current);
      if (skip) show();
      else timer.current = setTimeout(show, TOOLTIP_DELAY_MS);
    },
    onPointerLeave: (event: PointerEvent<HTMLElement>) => {
      child.onPointerLeave?.(event);
      close();
    },
    onPointerDown: (event: PointerEvent<HTMLElement>) => {
      child.onPointerDown?.(event);
      pressed.current = true;
      document.addEventListener("pointerup", () => (pressed.current = false), { once: true });
      close();
    },
    onFocus: (event: FocusEvent<HTMLElement>) => {
      child.onFocus?.(event);
      // Anchored on any focus, so a controlled tooltip (a cut value, shown while it has the
      // focus) can open; opened by itself only on a focus the browser would ring (the
      // keyboard's): a screen that moves focus after a tap, as the phone's tools drawer does,
      // must not leave a tooltip over the page.
      arm(event.currentTarget);
      if (pressed.current || !event.currentTarget.matches(":focus-visible")) return;
      show();
    },
    onBlur: (event: FocusEvent<HTMLElement>) => {
      child.onBlur?.(event);
      close();
    },
  } as Partial<TriggerProps>);

  return (
    <>
      {trigger}
      {open && anchor ? (
        <Suspense fallback={null}>
          <TooltipBox id={id} anchor={anchor} side={props.side ?? "right"}>
            {props.content}
          </TooltipBox>
        </Suspense>
      ) : null}
    </>
  );
}
