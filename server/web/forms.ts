import { data } from "react-router";
import { z } from "zod";
import type { FieldErrors } from "#server/platform/errors.ts";

export type ParsedForm<T> =
  | { ok: true; data: T; fields: Record<string, string> }
  | { ok: false; fieldErrors: FieldErrors; fields: Record<string, string> };

/** A form's text fields, each named once (a repeated name keeps its first value). */
export function formFields(form: FormData): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of form) {
    if (typeof value === "string" && !(name in fields)) fields[name] = value;
  }
  return fields;
}

/** The first message of each field that failed, keyed by the field's name. */
export function fieldErrorsOf(error: z.ZodError): FieldErrors {
  const out: FieldErrors = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? issue.path.map(String).join(".") : "form";
    out[key] ??= issue.message;
  }
  return out;
}

/**
 * The form a request carries. A body that is not a form (JSON, a broken multipart body, none at
 * all) is the client's mistake: 400 to the route's error boundary, never a 500. The request
 * edge (server/http/edge.ts) refuses these before any action runs; this holds where it is not
 * in front (`react-router dev`).
 */
export async function readForm(request: Request): Promise<FormData> {
  try {
    return await request.formData();
  } catch {
    throw data("The request does not carry a form.", { status: 400 });
  }
}

/**
 * The one way a route action reads a form: its text fields checked by the form's shared zod
 * schema. The raw fields come back too, so a refused form can be shown again as typed.
 */
export async function parseForm<S extends z.ZodType>(
  request: Request,
  schema: S,
): Promise<ParsedForm<z.output<S>>> {
  return parseFields(formFields(await readForm(request)), schema);
}

/** As parseForm, for fields already read (an action that also takes a file). */
export function parseFields<S extends z.ZodType>(
  fields: Record<string, string>,
  schema: S,
): ParsedForm<z.output<S>> {
  const parsed = schema.safeParse(fields);
  return parsed.success
    ? { ok: true, data: parsed.data, fields }
    : { ok: false, fieldErrors: fieldErrorsOf(parsed.error), fields };
}

/** A record's id from the URL: anything that is not one of our ids is a 404, like a missing one. */
export function recordIdParam(value: string | undefined, notFoundMessage: string): string {
  const parsed = z.uuid().safeParse(value);
  if (!parsed.success) throw data(notFoundMessage, { status: 404 });
  return parsed.data;
}
