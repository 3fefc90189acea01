import { useEffect, useRef } from "react";

/**
 * Where focus goes when an action's answer takes away the control that had it (a revoked
 * invitation's row, a quote's Mark Lost button): to the answer's notice, so a keyboard or screen
 * reader user continues there instead of at the top of the page. The notice's element needs
 * tabIndex={-1}. `page` is the loader's data: the changed page can come a render after the
 * answer, so the check runs again when it does. Focus that is somewhere still stays there.
 */
export function useAnswerFocus<T extends HTMLElement>(answer: unknown, page: unknown) {
  const notice = useRef<T>(null);
  // biome-ignore lint/correctness/useExhaustiveDependencies: page only times the check.
  useEffect(() => {
    if (answer && (document.activeElement === null || document.activeElement === document.body))
      notice.current?.focus();
  }, [answer, page]);
  return notice;
}
