import { lazy, Suspense } from "react";
import type { ModalProps } from "./modal-view.tsx";
import { useOpenedOnce } from "./opened-once.ts";

// Radix Dialog loads when a modal first opens, not with the page (decision 0034).
const loadModalView = () => import("./modal-view.tsx");
const ModalView = lazy(loadModalView);

/** Fetches the dialog's code ahead of an opening the visitor has shown intent for. */
export function preloadModal(): void {
  void loadModalView();
}

/**
 * A centred dialog: focus is trapped inside, Escape, the backdrop and the close button close it,
 * and focus returns to the button that opened it (Radix Dialog; see modal-view.tsx).
 */
export function Modal(props: ModalProps) {
  if (!useOpenedOnce(props.open)) return null;
  return (
    <Suspense fallback={null}>
      <ModalView {...props} />
    </Suspense>
  );
}
