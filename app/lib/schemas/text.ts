import { z } from "zod";
import { hasControlCharacters } from "#app/lib/control-characters.ts";

/**
 * The one text primitive every string field of every schema starts from (decision 0013).
 *
 * Control characters are never what a person typed: NUL cannot even be stored by PostgreSQL,
 * and the others (escape, backspace, bell…) only hide text from whoever reads it later. A
 * single-line field refuses every C0 control character and DEL; a multi-line one (a post's
 * content) keeps tab, line feed and carriage return (browsers send a textarea's line breaks as
 * CR LF). Half a character (a lone UTF-16 surrogate, which JSON can spell as "\ud800") is
 * refused too: it has no UTF-8 form, so the database refuses to store it.
 */
export const CONTROL_CHARACTER_MESSAGE =
  "Remove the invisible control characters (such as NUL) or broken characters from this text";

export function hasNul(value: string): boolean {
  return value.includes("\u0000");
}

/**
 * A string with no control characters (but tab and line breaks when `multiline`). Chain the
 * rest as on z.string(): `text().trim().min(1, "…").max(200, "…")`. `error` is the message for
 * a value that is not a string at all (a missing field).
 */
export function text(options: { multiline?: boolean; error?: string } = {}) {
  const base = options.error ? z.string({ error: options.error }) : z.string();
  return base.refine((value) => !hasControlCharacters(value, options), {
    message: CONTROL_CHARACTER_MESSAGE,
    abort: true,
  });
}
