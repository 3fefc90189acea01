import type { z } from "zod";
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
 * The one way a route action reads a form: its text fields checked by the form's shared zod
 * schema. The raw fields come back too, so a refused form can be shown again as typed.
 */
export async function parseForm<S extends z.ZodType>(
  request: Request,
  schema: S,
): Promise<ParsedForm<z.output<S>>> {
  const form = await request.formData().catch(() => new FormData());
  return parseFields(formFields(form), schema);
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
