import { data } from "react-router";
import { statusOf } from "#server/http/errors.ts";
import {
  DomainError,
  type FieldErrors,
  isDomainError,
  type Refusal,
  type RefusalDetails,
} from "#server/platform/errors.ts";

/** What a refused form action hands back to its form. */
export type ActionRefusal = {
  ok: false;
  message: string;
  fieldErrors?: FieldErrors;
  reasons?: string[];
  existing?: RefusalDetails["existing"];
};

/**
 * A refusal as a route action's answer: the message and field errors go back to the form with the
 * status of the refusal's kind. "Not found" is thrown instead, so the route's error boundary shows
 * it, as for a loader.
 */
export function refusedAction(refused: Refusal | DomainError) {
  const refusal = isDomainError(refused) ? refused.refusal : refused;
  if (refusal.kind === "not_found") throw data(refusal.message, { status: 404 });
  const headers = new Headers();
  if (refusal.retryAfterSeconds !== undefined) {
    headers.set("Retry-After", String(refusal.retryAfterSeconds));
  }
  return data<ActionRefusal>(
    {
      ok: false,
      message: refusal.message,
      ...(refusal.fieldErrors ? { fieldErrors: refusal.fieldErrors } : {}),
      ...(refusal.reasons ? { reasons: refusal.reasons } : {}),
      ...(refusal.existing ? { existing: refusal.existing } : {}),
    },
    { status: statusOf(refusal.kind), headers },
  );
}

/** A form that failed its schema: the field messages back to the form, with 400. */
export function invalidForm(fieldErrors: FieldErrors, message = "Check the highlighted fields.") {
  return refusedAction(new DomainError("invalid", message, { fieldErrors }));
}

/**
 * Runs an action's work and turns a DomainError it throws into the form's answer; any other error
 * goes on to the error boundary and the log.
 */
export async function answerAction<T>(work: () => Promise<T>) {
  try {
    return await work();
  } catch (error) {
    if (isDomainError(error)) return refusedAction(error);
    throw error;
  }
}

/**
 * Runs a loader's reads; a DomainError becomes the route's error response with the status of its
 * kind (an id of another company: 404 to the screen's error boundary).
 */
export async function answerLoader<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (isDomainError(error)) throw data(error.message, { status: statusOf(error.kind) });
    throw error;
  }
}
