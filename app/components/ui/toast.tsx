import { lazy, Suspense, useEffect, useState } from "react";
import { useToastStore } from "./toast-store.ts";

export { TOAST_DURATION_MS, type ToastTone, toast } from "./toast-store.ts";

// Radix Toast loads with the first toast, not with every page: most visits never see one.
const ToasterView = lazy(() => import("./toast-view.tsx"));

/** The one place toasts appear; rendered once, in the root. */
export function Toaster() {
  const waiting = useToastStore((s) => s.toasts.length > 0);
  const [needed, setNeeded] = useState(false);
  useEffect(() => {
    if (waiting) setNeeded(true);
  }, [waiting]);
  if (!needed) return null;
  return (
    <Suspense fallback={null}>
      <ToasterView />
    </Suspense>
  );
}
