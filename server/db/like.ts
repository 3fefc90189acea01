import { type SQL, sql } from "drizzle-orm";

/** A LIKE pattern that finds `text` anywhere; `%`, `_` and `\` typed by a user stay literal. */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;

/**
 * A LIKE pattern that finds `text` anywhere in a column folded by fold_text (migration 0018),
 * accents and case ignored: the text goes through the same function in the same statement, so
 * both sides fold alike, and is escaped after folding (a full-width "％" folds to a wildcard).
 * A subquery, so PostgreSQL folds the text once per statement even in a generic plan of a
 * prepared one, where the inlined function would otherwise run again for every row (10× slower).
 */
export const foldedContainsPattern = (text: string): SQL =>
  sql`(select '%' || regexp_replace(fold_text(${text}), '([\\\\%_])', '\\\\\\1', 'g') || '%')`;
