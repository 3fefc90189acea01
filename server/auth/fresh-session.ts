/** A sensitive change (password, email, second factor) needs a session younger than this. */
export const FRESH_SESSION_SECONDS = 15 * 60;
