// What text() (schemas/text.ts, decision 0013) refuses, apart from zod so a page that reads text
// without a schema (the plan screen's URL) checks it the same way without loading zod.

// C0 and C1 control characters and DEL: never typed, they only hide text from whoever reads it
// (U+0085, NEXT LINE, breaks a line in a PDF or an email). The bidirectional embeddings,
// overrides and isolates (U+202A–202E, U+2066–2069) reorder what follows them on screen, so a
// name can read as something it is not (U+202E then "moc.elpmaxe" shows as "example.com"); the
// marks U+200E and U+200F, which right-to-left text does use, stay allowed.
const CONTROLS = "\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F-\u009F\u202A-\u202E\u2066-\u2069";
// A single-line field also refuses tab and line breaks: LF, CR, and the Unicode line and
// paragraph separators (U+2028, U+2029), which split a line wherever the text is printed.
const SINGLE_LINE_CONTROLS = new RegExp(`[${CONTROLS}\\u0009\\u000A\\u000D\\u2028\\u2029]`);
const MULTI_LINE_CONTROLS = new RegExp(`[${CONTROLS}]`);

/** True when the text holds a control character the field does not allow, or half a character. */
export function hasControlCharacters(value: string, options: { multiline?: boolean } = {}) {
  return (
    (options.multiline ? MULTI_LINE_CONTROLS : SINGLE_LINE_CONTROLS).test(value) ||
    !value.isWellFormed()
  );
}
