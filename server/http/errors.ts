import type { Context } from "hono";
import type { ContentfulStatusCode } from "hono/utils/http-status";
import {
  type DomainError,
  type DomainErrorKind,
  isDomainError,
  type Refusal,
} from "#server/platform/errors.ts";

/** The one table from a domain error's kind to an HTTP status (API answers and route actions). */
export const STATUS_OF: Record<DomainErrorKind, 400 | 401 | 403 | 404 | 409 | 410 | 429> = {
  invalid: 400,
  unauthenticated: 401,
  forbidden: 403,
  not_found: 404,
  conflict: 409,
  gone: 410,
  rate_limited: 429,
};

export function statusOf(kind: DomainErrorKind): ContentfulStatusCode {
  return STATUS_OF[kind];
}

/** The JSON body every API refusal has: `error` for people, the rest for forms and scripts. */
export function refusalBody(refusal: Refusal) {
  return {
    error: refusal.message,
    ...(refusal.fieldErrors ? { fieldErrors: refusal.fieldErrors } : {}),
    ...(refusal.reasons ? { reasons: refusal.reasons } : {}),
    ...(refusal.code ? { code: refusal.code } : {}),
  };
}

/** Answers a refusal (returned or thrown by a service) on the JSON API. */
export function apiRefusal(c: Context, refused: Refusal | DomainError): Response {
  const refusal = isDomainError(refused) ? refused.refusal : refused;
  if (refusal.retryAfterSeconds !== undefined) {
    c.header("Retry-After", String(refusal.retryAfterSeconds));
  }
  return c.json(refusalBody(refusal), statusOf(refusal.kind));
}
