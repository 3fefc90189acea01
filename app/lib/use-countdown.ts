import { useEffect, useState } from "react";

/**
 * Seconds left of a wait the server announced, ticking down once the page runs script. Before
 * hydration (and without script) it stays at the server's figure and `live` is false, so a plain
 * form is never left with a button it cannot use. Remount (a new `key`) to start a new wait.
 */
export function useCountdown(seconds: number) {
  const [left, setLeft] = useState(seconds);
  const [live, setLive] = useState(false);
  useEffect(() => {
    setLive(true);
    setLeft(seconds);
    if (seconds <= 0) return;
    const endsAt = Date.now() + seconds * 1000;
    const timer = setInterval(() => {
      const remaining = Math.max(0, Math.ceil((endsAt - Date.now()) / 1000));
      setLeft(remaining);
      if (remaining === 0) clearInterval(timer);
    }, 1000);
    return () => clearInterval(timer);
  }, [seconds]);
  return { left, live };
}
