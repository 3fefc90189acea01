import { lazy, Suspense, useEffect } from "react";
import { useOpenedOnce } from "#app/components/ui/opened-once.ts";
import type { Viewer } from "#app/lib/access.ts";

// The palette and Radix Dialog load when it first opens, not with every portal page (decision 0034).
const CommandPaletteDialog = lazy(() => import("./CommandPaletteDialog.tsx"));

/** ⌘K on a Mac, Ctrl+K elsewhere; both work everywhere, as most apps allow. */
export function isPaletteShortcut(event: globalThis.KeyboardEvent): boolean {
  return (event.metaKey || event.ctrlKey) && !event.altKey && event.key.toLowerCase() === "k";
}

/**
 * Jump to any tool from the keyboard: a combobox over a grouped listbox (the WAI-ARIA pattern),
 * the arrows move, Enter opens, Escape closes and returns focus to where it was.
 */
export function CommandPalette(props: {
  viewer: Viewer;
  open: boolean;
  onOpenChange: (open: boolean) => void;
}) {
  if (!useOpenedOnce(props.open)) return null;
  return (
    <Suspense fallback={null}>
      <CommandPaletteDialog {...props} />
    </Suspense>
  );
}

/** Opens the palette on ⌘K / Ctrl+K anywhere in the portal, and closes it on a second press. */
export function usePaletteShortcut(setOpen: (update: (open: boolean) => boolean) => void) {
  useEffect(() => {
    const onKey = (event: globalThis.KeyboardEvent) => {
      if (!isPaletteShortcut(event)) return;
      event.preventDefault();
      setOpen((open) => !open);
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, [setOpen]);
}
