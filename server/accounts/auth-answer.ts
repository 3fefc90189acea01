import { isAPIError } from "better-auth/api";
import type { ServiceContext } from "#server/platform/context.ts";
import { DomainError, type DomainErrorKind } from "#server/platform/errors.ts";

/** What an auth endpoint said when it refused: its code, message and any listed reasons. */
export type AuthRefusal = {
  /**
   * The refusal in our kinds; "fault" when the auth service failed rather than refused (a server
   * error), which callers log and throw rather than show as a refusal.
   */
  kind: DomainErrorKind | "fault";
  /** Better Auth's own status, for log lines only. */
  status: number;
  code: string | null;
  message: string | null;
  reasons: string[];
  /** Seconds until a limit lets the request through again, when the refusal says. */
  retryAfterSeconds: number | null;
};

/**
 * Better Auth speaks HTTP: this reads the status of its refusals back into our kinds, here once,
 * so no service compares status numbers (decision 0010).
 */
const KIND_OF_STATUS: Record<number, DomainErrorKind> = {
  400: "invalid",
  401: "unauthenticated",
  403: "forbidden",
  404: "not_found",
  409: "conflict",
  410: "gone",
  422: "invalid",
  429: "rate_limited",
};

function kindOfStatus(status: number): AuthRefusal["kind"] {
  return KIND_OF_STATUS[status] ?? (status >= 500 ? "fault" : "invalid");
}

/**
 * The auth service failed rather than refused (an answer with no refusal in it that a person can
 * act on). Thrown, and logged where it happened; a page that promises an inline "try again" for
 * it catches exactly this (`unlessAuthFailed`), and anything else goes to the error boundary.
 */
export class AuthServiceFailure extends Error {
  constructor(what: string) {
    super(what);
    this.name = "AuthServiceFailure";
  }
}

/** Logs an auth answer that failed and returns the error to throw for it. */
export function authFailure(
  ctx: ServiceContext,
  refusal: AuthRefusal,
  what: string,
): AuthServiceFailure {
  ctx.ports.logger.error({ status: refusal.status, code: refusal.code }, what);
  return new AuthServiceFailure(what);
}

/** The value of `work`, or null when the auth service failed (logged where it failed). */
export async function unlessAuthFailed<T>(work: Promise<T>): Promise<T | null> {
  try {
    return await work;
  } catch (error) {
    if (error instanceof AuthServiceFailure) return null;
    throw error;
  }
}

/**
 * Calls a Better Auth endpoint for its Response. A refusal raised by a hook (lockout, password
 * policy) is thrown even when a Response was asked for; this turns it into one, so callers read
 * every refusal the same way.
 */
export async function authAnswer(call: () => Promise<Response>): Promise<Response> {
  try {
    return await call();
  } catch (error) {
    if (!isAPIError(error)) throw error;
    return Response.json(error.body ?? {}, { status: error.statusCode });
  }
}

/** Reads a refused answer's body; never throws. */
export async function readRefusal(response: Response): Promise<AuthRefusal> {
  const body: unknown = await response.json().catch(() => null);
  const code = field(body, "code");
  const message = field(body, "message");
  const reasons = field(body, "reasons");
  const retryAfter = field(body, "retryAfter");
  return {
    kind: kindOfStatus(response.status),
    status: response.status,
    code: typeof code === "string" ? code : null,
    message: typeof message === "string" ? message : null,
    reasons: Array.isArray(reasons)
      ? reasons.filter((r): r is string => typeof r === "string")
      : [],
    retryAfterSeconds:
      typeof retryAfter === "number" && Number.isFinite(retryAfter) ? Math.ceil(retryAfter) : null,
  };
}

/** A field of a JSON answer, when the answer is an object. */
export function field(body: unknown, name: string): unknown {
  return typeof body === "object" && body !== null ? Reflect.get(body, name) : undefined;
}

/** Whether a sign-in's answer asks for the second step rather than carrying a session. */
export async function asksForSecondStep(response: Response): Promise<boolean> {
  const body: unknown = await response
    .clone()
    .json()
    .catch(() => null);
  return field(body, "twoFactorRedirect") === true;
}

/** The new account's id in a create-user or sign-up answer. */
export async function createdUserId(response: Response): Promise<string> {
  const body: unknown = await response.clone().json();
  const id = field(field(body, "user"), "id");
  if (typeof id !== "string") throw new Error("the auth service answered without a user id");
  return id;
}

/** The Set-Cookie lines of an auth answer, to pass on to the browser. */
export function cookieHeaders(response: Response): Headers {
  const headers = new Headers();
  for (const cookie of response.headers.getSetCookie()) headers.append("Set-Cookie", cookie);
  return headers;
}

/**
 * Runs a Better Auth endpoint that acts on the caller's own session. That session can end between
 * the portal's check and this call (another tab signed out everywhere at the same moment): Better
 * Auth then throws "Unauthorized", which is the agent's state, not a server fault.
 */
export async function asSignedIn<T>(call: () => Promise<T>): Promise<T> {
  try {
    return await call();
  } catch (error) {
    if (isAPIError(error) && error.statusCode === 401) {
      throw new DomainError("unauthenticated", "Your session has ended. Please sign in again.");
    }
    throw error;
  }
}
