import { isAPIError } from "better-auth/api";

/** What an auth endpoint said when it refused: its code, message and any listed reasons. */
export type AuthRefusal = {
  status: number;
  code: string | null;
  message: string | null;
  reasons: string[];
  /** Seconds until a limit lets the request through again, when the refusal says. */
  retryAfterSeconds: number | null;
};

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
  const field = (name: string): unknown =>
    typeof body === "object" && body !== null ? Reflect.get(body, name) : undefined;
  const code = field("code");
  const message = field("message");
  const reasons = field("reasons");
  const retryAfter = field("retryAfter");
  return {
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
