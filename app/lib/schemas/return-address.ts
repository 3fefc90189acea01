import { text } from "./text.ts";

/**
 * The hidden "where to go back to" field of the sign-in and sign-out forms. It is never typed by
 * the person signing in, so a value we cannot use (a control character, an absurd length) is
 * dropped rather than refused: the sign-in goes on and lands on the dashboard, and
 * `safeRedirect` still decides whether a value that is kept may be followed.
 */
export const returnAddress = text().max(2000).optional().catch(undefined);
