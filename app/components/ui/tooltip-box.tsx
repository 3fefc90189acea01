import { arrow, autoUpdate, computePosition, flip, offset, shift } from "@floating-ui/dom";
import { type ReactNode, useLayoutEffect, useRef } from "react";
import { createPortal } from "react-dom";

export type TooltipSide = "top" | "right" | "bottom" | "left";

const ARROW_SIDE: Record<TooltipSide, TooltipSide> = {
  top: "bottom",
  bottom: "top",
  left: "right",
  right: "left",
};

/**
 * A tooltip's box, placed beside its trigger and kept there (floating-ui), flipped or shifted to
 * stay 8 px inside the viewport. Loaded when a tooltip first opens: see tooltip.tsx.
 */
export default function TooltipBox(props: {
  id: string;
  anchor: HTMLElement;
  side: TooltipSide;
  children: ReactNode;
}) {
  const box = useRef<HTMLDivElement>(null);
  const tip = useRef<SVGSVGElement>(null);
  const { anchor, side } = props;
  useLayoutEffect(() => {
    const floating = box.current;
    const arrowElement = tip.current;
    if (!floating || !arrowElement) return;
    return autoUpdate(anchor, floating, () => {
      void computePosition(anchor, floating, {
        placement: side,
        strategy: "fixed",
        middleware: [
          offset(8),
          flip({ padding: 8 }),
          shift({ padding: 8 }),
          arrow({ element: arrowElement, padding: 4 }),
        ],
      }).then(({ x, y, placement, middlewareData }) => {
        Object.assign(floating.style, { left: `${x}px`, top: `${y}px`, visibility: "visible" });
        const placed = (placement.split("-")[0] ?? side) as TooltipSide;
        const edge = ARROW_SIDE[placed];
        const at = middlewareData.arrow;
        Object.assign(arrowElement.style, {
          left: at?.x === undefined ? "" : `${at.x}px`,
          top: at?.y === undefined ? "" : `${at.y}px`,
          right: "",
          bottom: "",
          // The 10 x 5 arrow turned a quarter for a side placement sits 2.5 px further out.
          [edge]: edge === "top" || edge === "bottom" ? "-5px" : "-7.5px",
          transform: {
            top: "rotate(180deg)",
            bottom: "",
            left: "rotate(90deg)",
            right: "rotate(-90deg)",
          }[edge],
        });
      });
    });
  }, [anchor, side]);
  return createPortal(
    <div
      ref={box}
      id={props.id}
      role="tooltip"
      style={{ position: "fixed", left: 0, top: 0, visibility: "hidden" }}
      className="z-50 max-w-64 rounded-lg [overflow-wrap:anywhere] bg-slate-900 px-3 py-2 text-sm text-white shadow-lg dark:bg-slate-100 dark:text-slate-900"
    >
      {props.children}
      <svg
        ref={tip}
        width="10"
        height="5"
        viewBox="0 0 30 10"
        preserveAspectRatio="none"
        aria-hidden="true"
        className="absolute fill-slate-900 dark:fill-slate-100"
      >
        <polygon points="0,0 30,0 15,10" />
      </svg>
    </div>,
    document.body,
  );
}
