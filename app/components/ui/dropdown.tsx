import { type ReactNode, useEffect, useRef } from "react";

/**
 * A button that opens a short list of links below it (a <details>, so it works before the page's
 * script). Once open, a press outside it, Escape (focus back on the button) or choosing one of
 * its links closes it, as a menu does; a bare <details> stayed open over the page.
 */
export function Dropdown(props: {
  summary: ReactNode;
  summaryClassName: string;
  panelClassName: string;
  children: ReactNode;
}) {
  const details = useRef<HTMLDetailsElement>(null);

  // Listening all along, not from the toggle event on: that event comes a task after the click,
  // and a quick press outside could fall between the two.
  useEffect(() => {
    const element = details.current;
    if (!element) return;
    const close = () => {
      element.open = false;
    };
    const onPointerDown = (event: PointerEvent) => {
      if (element.open && event.target instanceof Node && !element.contains(event.target)) close();
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (!element.open || event.key !== "Escape") return;
      close();
      element.querySelector("summary")?.focus();
    };
    const onClick = (event: MouseEvent) => {
      const link = event.target instanceof Element ? event.target.closest("a") : null;
      if (element.open && link && element.contains(link)) close();
    };
    document.addEventListener("pointerdown", onPointerDown);
    document.addEventListener("keydown", onKeyDown);
    document.addEventListener("click", onClick);
    return () => {
      document.removeEventListener("pointerdown", onPointerDown);
      document.removeEventListener("keydown", onKeyDown);
      document.removeEventListener("click", onClick);
    };
  }, []);

  return (
    <details ref={details} className="relative">
      <summary className={`${props.summaryClassName} cursor-pointer list-none`}>
        {props.summary}
      </summary>
      <div className={props.panelClassName}>{props.children}</div>
    </details>
  );
}
