import { type SQL, type SQLWrapper, sql } from "drizzle-orm";

/** A LIKE pattern that finds `text` anywhere; `%`, `_` and `\` typed by a user stay literal. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

// Latin letters with accents and the plain letter each is typed as. Upper case is listed too: on a
// database with the C locale (PGlite's) lower() leaves "É" as it is. One table for both sides, so
// the column and the typed text are folded alike.
const ACCENTED_LOWER = "àáâãäåāăąçćčďđèéêëēėęěìíîïīįłñńňòóôõöøōőřśšşťùúûüūůűųýÿžźż";
const PLAIN_OF: Record<string, string> = { đ: "d", ł: "l", ø: "o" };
const plain = (ch: string) => PLAIN_OF[ch] ?? ch.normalize("NFD").charAt(0);
const ACCENTED = ACCENTED_LOWER + ACCENTED_LOWER.toUpperCase();
const PLAIN = [...ACCENTED].map((ch) => plain(ch.toLowerCase())).join("");

/** Text as a search without accents compares it: lower case, accents dropped ("Café" → "cafe"). */
export function foldAccents(text: string): string {
  return [...text.toLowerCase()]
    .map((ch) => {
      const at = ACCENTED.indexOf(ch);
      return at === -1 ? ch : (PLAIN[at] ?? ch);
    })
    .join("");
}

/**
 * `column` holds `text` anywhere, ignoring case and accents either way: "cafe nandu" finds
 * "Café Ñandú" and "CAFÉ" finds "cafe". translate() needs no extension (unaccent is not in PGlite).
 */
export function containsFolded(column: SQLWrapper, text: string): SQL {
  return sql`translate(lower(${column}), ${ACCENTED}, ${PLAIN}) like ${containsPattern(foldAccents(text))}`;
}
