import { lazy, Suspense } from "react";
import { useOpenedOnce } from "./opened-once.ts";
import type { SheetProps } from "./sheet-view.tsx";

// Radix Dialog loads when a sheet first opens, not with every portal page (decision 0034).
const SheetView = lazy(() => import("./sheet-view.tsx"));

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
