/**
 * Domain errors: what a service says when it cannot do what was asked, in words for a person and
 * a kind, never an HTTP status. `server/http/errors.ts` maps kinds to statuses for the JSON API and
 * `server/web/answers.ts` does the same for route actions (decision 0010).
 */
export const DOMAIN_ERROR_KINDS = [
  "invalid",
  "unauthenticated",
  "forbidden",
  "not_found",
  "conflict",
  "gone",
  "rate_limited",
] as const;
export type DomainErrorKind = (typeof DOMAIN_ERROR_KINDS)[number];

/** Messages per form field (the first problem of each), for the form that sent them. */
export type FieldErrors = Partial<Record<string, string>>;

export type RefusalDetails = {
  /** Per-field messages, for a form. */
  fieldErrors?: FieldErrors;
  /** Every reason, when a person must see them all (a weak password). */
  reasons?: string[];
  /** A machine-readable code from the auth service (USERNAME_IS_ALREADY_TAKEN…). */
  code?: string;
  /** Seconds until a rate limit lets the request through. */
  retryAfterSeconds?: number;
  /** The record already there that the request would have repeated, for a link to it. */
  existing?: { id: string; name: string };
};

/** A refusal as a value: services that return rather than throw use `Outcome<T>`. */
export type Refusal = { ok: false; kind: DomainErrorKind; message: string } & RefusalDetails;
export type Outcome<T> = { ok: true; value: T } | Refusal;

export const done = <T>(value: T): Outcome<T> => ({ ok: true, value });

export function refuse(
  kind: DomainErrorKind,
  message: string,
  details: RefusalDetails = {},
): Refusal {
  return { ok: false, kind, message, ...details };
}

/** A refusal as an exception, for services that throw; carries the same fields. */
export class DomainError extends Error {
  readonly kind: DomainErrorKind;
  readonly details: RefusalDetails;
  constructor(kind: DomainErrorKind, message: string, details: RefusalDetails = {}) {
    super(message);
    this.name = "DomainError";
    this.kind = kind;
    this.details = details;
  }
  get refusal(): Refusal {
    return refuse(this.kind, this.message, this.details);
  }
  static from(refusal: Refusal): DomainError {
    const { ok: _ok, kind, message, ...details } = refusal;
    return new DomainError(kind, message, details);
  }
}

export const notFound = (message: string) => new DomainError("not_found", message);
export const forbidden = (message: string) => new DomainError("forbidden", message);
export const conflict = (message: string, details?: RefusalDetails) =>
  new DomainError("conflict", message, details);
export const invalidInput = (message: string, fieldErrors?: FieldErrors) =>
  new DomainError("invalid", message, fieldErrors ? { fieldErrors } : {});
export const rateLimited = (message: string, retryAfterSeconds: number) =>
  new DomainError("rate_limited", message, { retryAfterSeconds });

/** The value of an outcome, or its refusal thrown as a DomainError. */
export function unwrap<T>(outcome: Outcome<T>): T {
  if (!outcome.ok) throw DomainError.from(outcome);
  return outcome.value;
}

export function isDomainError(error: unknown): error is DomainError {
  return error instanceof DomainError;
}
