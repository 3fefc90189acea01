// What text() (schemas/text.ts, decision 0013) refuses, apart from zod so a page that reads text
// without a schema (the plan screen's URL) checks it the same way without loading zod.

// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const SINGLE_LINE_CONTROLS = /[\u0000-\u001F\u007F]/;
// biome-ignore lint/suspicious/noControlCharactersInRegex: as above, less tab, LF and CR.
const MULTI_LINE_CONTROLS = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;

/** True when the text holds a control character the field does not allow, or half a character. */
export function hasControlCharacters(value: string, options: { multiline?: boolean } = {}) {
  return (
    (options.multiline ? MULTI_LINE_CONTROLS : SINGLE_LINE_CONTROLS).test(value) ||
    !value.isWellFormed()
  );
}
