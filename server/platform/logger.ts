import pino from "pino";
import type { AppConfig } from "./config.ts";

export type Logger = pino.Logger;

/**
 * Fields of database errors that carry the values of a query: drizzle's `params`, pg's and
 * PGlite's `parameters`, and `detail` ("Key (email)=(ana@…) already exists"). They hold names,
 * emails and phone numbers, so they never reach a log; the query text (with $1 placeholders) and
 * the error code stay, which is what a reader needs to find the statement.
 */
const VALUE_FIELDS = new Set(["params", "parameters", "detail", "values"]);

/**
 * Drizzle puts the values in the message (and so the stack) too: "Failed query: …\nparams:
 * ana@example.com,1", up to the stack's first frame or the end.
 */
const PARAMS_IN_MESSAGE = /\nparams: [\s\S]*?(?=\n {4}at |$)/g;

/** A message with drizzle's query values taken out (a library may log one as plain text). */
export function withoutQueryValues(text: string): string {
  return text.replace(PARAMS_IN_MESSAGE, "\nparams: [redacted]");
}

function withoutValues(value: unknown, depth = 0): unknown {
  if (typeof value === "string") return withoutQueryValues(value);
  if (depth > 4 || typeof value !== "object" || value === null) return value;
  if (Array.isArray(value)) return value.map((item) => withoutValues(item, depth + 1));
  const kept: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(value)) {
    kept[key] = VALUE_FIELDS.has(key) ? "[redacted]" : withoutValues(inner, depth + 1);
  }
  return kept;
}

/** pino's error serializer (message, stack, causes, own fields) with the query values taken out. */
export function serializeError(error: unknown): unknown {
  return withoutValues(error instanceof Error ? pino.stdSerializers.err(error) : error);
}

export function createLogger(
  level: AppConfig["logLevel"],
  destination?: pino.DestinationStream,
): Logger {
  const options: pino.LoggerOptions = {
    level,
    base: { service: "carrierline" },
    timestamp: pino.stdTimeFunctions.isoTime,
    serializers: { err: serializeError, error: serializeError },
    redact: {
      paths: ["req.headers.cookie", "req.headers.authorization", "*.password", "*.token"],
      censor: "[redacted]",
    },
  };
  return destination ? pino(options, destination) : pino(options);
}
