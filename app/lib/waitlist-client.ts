import type { WaitlistSource } from "./schemas/waitlist.ts";

/** Where the browser sends sign-ups; the old /.netlify/functions/waitlist answers the same. */
export const WAITLIST_ENDPOINT = "/api/waitlist";
export const EVENTS_ENDPOINT = "/api/events";

/** How long the success message stays before the modal closes itself (public-site spec §9). */
export const SIGNUP_AUTO_CLOSE_MS = 2000;

/** A failure whose message is meant for the visitor (one of the spec's catalogue). */
export class SignupError extends Error {
  override name = "SignupError";
}

function errorField(data: unknown): string | undefined {
  if (typeof data === "object" && data !== null && "error" in data) {
    const { error } = data;
    if (typeof error === "string" && error.trim() !== "") return error;
  }
  return undefined;
}

/**
 * Posts one sign-up and resolves when the server accepted it; otherwise throws a SignupError with
 * the server's text, "Failed to process request", "Server error: {status}" or "Failed to join
 * waitlist", as the spec's contract reads the answer.
 */
export async function postSignup(
  body: Record<string, string | undefined>,
  fetchImpl: typeof fetch = fetch,
): Promise<void> {
  const response = await fetchImpl(WAITLIST_ENDPOINT, {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify(body),
  });
  if (!response.ok) {
    let data: unknown;
    try {
      data = await response.json();
    } catch {
      throw new SignupError(`Server error: ${response.status}`);
    }
    throw new SignupError(errorField(data) ?? "Failed to process request");
  }
  const data: unknown = await response.json().catch(() => null);
  const accepted =
    typeof data === "object" && data !== null && "success" in data && data.success === true;
  if (!accepted) throw new SignupError("Failed to join waitlist");
}

/**
 * The text shown above the button for anything postSignup threw. A network failure surfaces as
 * the browser's own TypeError ("Failed to fetch"), which would mean nothing to a visitor.
 */
export function signupErrorMessage(error: unknown): string {
  if (error instanceof SignupError) return error.message;
  if (error instanceof Error) return "Failed to submit form";
  return "An unexpected error occurred. Please try again.";
}

export type SignupEvent =
  | { name: "begin_waitlist_submission"; source: WaitlistSource }
  | { name: "complete_waitlist_submission"; source: WaitlistSource }
  | { name: "waitlist_submission_error"; source: WaitlistSource; message: string };

/** Fire-and-forget: analytics must never delay, block or break the form. */
export function trackSignupEvent(event: SignupEvent): void {
  try {
    const body = JSON.stringify({ ...event, path: window.location.pathname });
    void fetch(EVENTS_ENDPOINT, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body,
      keepalive: true,
    }).catch(() => undefined);
  } catch {
    // No fetch, no window: nothing to report to, and nothing the visitor should notice.
  }
}
