import { lazy, type ReactNode, Suspense } from "react";
import { useOpenedOnce } from "./opened-once.ts";

// Radix Dialog loads when a sheet first opens, not with every portal page (decision 0034).
const SheetView = lazy(() => import("./sheet-view.tsx"));

export type SheetProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  side: "left" | "right";
  title: string;
  /** Visually hidden title, for panels whose content shows its own heading. */
  hideTitle?: boolean;
  description?: string;
  widthClass: string;
  /** Where focus goes on opening (Radix focuses the first control unless this prevents it). */
  onOpenAutoFocus?: (event: Event) => void;
  /**
   * Where focus goes on closing. Radix returns it to a Dialog.Trigger, and these sheets are
   * opened by plain buttons: without this the focus falls to the page's body.
   */
  onCloseAutoFocus?: (event: Event) => void;
  /** Buttons shown beside the title (close, bulk actions). */
  actions?: ReactNode;
  children: ReactNode;
};

/**
 * A panel that slides in from one side: focus is trapped inside, Escape and the backdrop close it,
 * and focus returns where `onCloseAutoFocus` puts it (Radix Dialog).
 */
export function Sheet(props: SheetProps) {
  if (!useOpenedOnce(props.open)) return null;
  return (
    <Suspense fallback={null}>
      <SheetView {...props} />
    </Suspense>
  );
}
