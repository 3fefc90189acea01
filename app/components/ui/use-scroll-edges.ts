import { type RefObject, useEffect, useState } from "react";
import { scrollEdges } from "./data-table-model.ts";

export type ScrollEdges = ReturnType<typeof scrollEdges>;

/**
 * Whether a box that scrolls sideways is wider inside than out, and on which side it hides more:
 * the side to draw a hint at. Null until measured. `content` is what the box holds, when the box
 * clips it and reports no scroll width of its own (a table in a rounded card).
 */
export function useScrollEdges(
  scroller: RefObject<HTMLElement | null>,
  content?: RefObject<HTMLElement | null>,
): ScrollEdges | null {
  const [edges, setEdges] = useState<ScrollEdges | null>(null);
  useEffect(() => {
    const box = scroller.current;
    if (!box) return;
    const inner = content?.current ?? null;
    const measure = () => {
      const next = scrollEdges({
        scrollLeft: box.scrollLeft,
        scrollWidth: Math.max(box.scrollWidth, inner?.offsetWidth ?? 0),
        clientWidth: box.clientWidth,
      });
      setEdges((prev) =>
        prev?.overflows === next.overflows && prev.start === next.start && prev.end === next.end
          ? prev
          : next,
      );
    };
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(box);
    if (inner) observer.observe(inner);
    box.addEventListener("scroll", measure, { passive: true });
    return () => {
      observer.disconnect();
      box.removeEventListener("scroll", measure);
    };
  }, [scroller, content]);
  return edges;
}
