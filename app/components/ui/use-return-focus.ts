import { useRef } from "react";

/**
 * Focus handlers for a Radix dialog opened by something other than its Dialog.Trigger: a plain
 * button, a row's action, a keyboard shortcut. Radix gives focus back to a Trigger only; without
 * these, closing dropped focus to the page's body and a keyboard user lost their place. The
 * element that had focus as the dialog opened gets it back, if it is still on the page.
 */
export function useReturnFocus() {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: () => {
      const active = document.activeElement;
      opener.current = active instanceof HTMLElement ? active : null;
    },
    onCloseAutoFocus: (event: Event) => {
      if (!opener.current?.isConnected) return;
      event.preventDefault();
      opener.current.focus();
    },
  };
}
