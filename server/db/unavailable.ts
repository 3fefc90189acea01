/**
 * Whether a failure means "the database is away" (stopped, restarting, frozen, unreachable, out
 * of connections) rather than "this request is wrong": the first is answered 503 with
 * Retry-After, the second stays a 500 (decision 0012). drizzle wraps the driver's error as the
 * `cause` of its own, so the whole chain is read.
 */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; depth++) {
    if (describesUnavailable(e)) return true;
    e = e.cause;
  }
  return false;
}

/** Seconds a client is asked to wait before trying again while the database is away. */
export const RETRY_AFTER_SECONDS = 5;

/** What a person is told meanwhile, on pages and in the JSON API alike. */
export const UNAVAILABLE_MESSAGE =
  "The service is briefly unavailable. Please try again in a few seconds.";

/** Socket errors of a server that is not there, or went away mid-conversation. */
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EPIPE",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);

/**
 * SQLSTATEs of a server that cannot serve now: class 08 (connection exception), 57P01-57P05
 * (shutdown, crash, starting up, database dropped, idle session timeout), 53300 (too many
 * connections). 57014, a statement cancelled by our statement timeout, is not here: a query that
 * slow on a database that answers is a bug to see as a 500, not an outage.
 */
const UNAVAILABLE_STATES = /^(08...|57P0[1-5]|53300)$/;

/** The drivers say these in words only, with no code (the last ones: a database being closed). */
const DRIVER_MESSAGES = [
  "Connection terminated",
  "Query read timeout",
  "timeout exceeded when trying to connect",
  "is not queryable",
  "Cannot use a pool after calling end on the pool",
  "the database did not answer within",
  "PGlite is closed",
];

function describesUnavailable(error: Error): boolean {
  const code: unknown = Reflect.get(error, "code");
  if (typeof code === "string" && (NETWORK_CODES.has(code) || UNAVAILABLE_STATES.test(code))) {
    return true;
  }
  return DRIVER_MESSAGES.some((message) => error.message.includes(message));
}
