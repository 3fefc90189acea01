import { useState } from "react";

/**
 * True from the first time `open` is true: a dialog whose code loads on first use (decision 0034)
 * renders nothing until then, and stays mounted afterwards so it can animate and return focus.
 */
export function useOpenedOnce(open: boolean): boolean {
  const [opened, setOpened] = useState(open);
  if (open && !opened) setOpened(true);
  return opened || open;
}
