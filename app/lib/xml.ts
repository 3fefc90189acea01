// Characters XML 1.0 forbids even as references; a pasted title could carry them.
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are exactly what must go.
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]/g;

/** Text safe inside an XML element or a quoted attribute. */
export const escapeXml = (value: string) =>
  value.replace(NOT_XML, "").replace(/[<>&'"]/g, (c) => `&#${c.charCodeAt(0)};`);
