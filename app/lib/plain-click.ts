/**
 * A click that should follow a link in this tab: the main button, no modifier key (those open a
 * new tab or window, or download), and not already handled. What React Router's Link checks
 * before it navigates on the client.
 */
export function isPlainClick(event: {
  button: number;
  metaKey: boolean;
  altKey: boolean;
  ctrlKey: boolean;
  shiftKey: boolean;
  defaultPrevented: boolean;
}): boolean {
  return (
    event.button === 0 &&
    !event.defaultPrevented &&
    !event.metaKey &&
    !event.altKey &&
    !event.ctrlKey &&
    !event.shiftKey
  );
}
