import { z } from "zod";

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
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const SINGLE_LINE_CONTROLS = /[\u0000-\u001F\u007F]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: as above, less tab, LF and CR.
const MULTI_LINE_CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

export const CONTROL_CHARACTER_MESSAGE =
  "Remove the invisible control characters (such as NUL) or broken characters from this text";

export function hasNul(value: string): boolean {
  return value.includes("\u0000");
}

/** True when the text holds a control character the field does not allow, or half a character. */
export function hasControlCharacters(value: string, options: { multiline?: boolean } = {}) {
  return (
    (options.multiline ? MULTI_LINE_CONTROLS : SINGLE_LINE_CONTROLS).test(value) ||
    !value.isWellFormed()
  );
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
