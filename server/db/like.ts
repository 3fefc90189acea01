/** A LIKE pattern that finds `text` anywhere; `%`, `_` and `\` typed by a user stay literal. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
