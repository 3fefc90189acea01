import { parse } from "csv-parse/sync";
import { stringify as stringifySync } from "csv-stringify/sync";
import type { z } from "zod";

// RFC 4180: CRLF between records, every field in double quotes, quotes inside doubled. Quoting
// every value (not only those that need it) keeps spreadsheets from reading "00501" as 501.
const OPTIONS = { quoted: true, quoted_empty: true, record_delimiter: "\r\n" } as const;

/**
 * A cell of an export: text, or a real number. Numbers are written as they are; text that a
 * spreadsheet would run as a formula is neutralised (see `neutraliseCell`).
 */
export type ExportCell = string | number;

/**
 * The characters that make a spreadsheet read a cell as a formula (OWASP, "CSV Injection"), and
 * their full-width forms, which some spreadsheets read the same way.
 */
const FORMULA_START = /^[=+\-@\t\r\uFF1D\uFF0B\uFF0D\uFF20]/;

/**
 * The one guard every CSV and spreadsheet export applies to its text cells: a cell that begins
 * with `=`, `+`, `-`, `@`, a tab or a carriage return gets a leading single quote, so it shows as
 * the text it is instead of running as a formula (people type the waitlist's names and
 * companies, and anyone may). Real numbers are passed as numbers and stay numbers, negative ones
 * included; only text is ever changed.
 */
export function neutraliseCell(cell: ExportCell): string {
  if (typeof cell === "number") return String(cell);
  return FORMULA_START.test(cell) ? `'${cell}` : cell;
}

/** The inverse for an import: a cell an export neutralised is read back as it was typed. */
export function restoreCell(cell: string): string {
  return cell.startsWith("'") && FORMULA_START.test(cell.slice(1)) ? cell.slice(1) : cell;
}

export function toCsv(
  headers: readonly string[],
  rows: readonly (readonly ExportCell[])[],
): string {
  return csvRecords([headers, ...rows]);
}

/** Records without a header line: for exports streamed in batches. */
export function csvRecords(rows: readonly (readonly ExportCell[])[]): string {
  return rows.length === 0
    ? ""
    : stringifySync(
        rows.map((row) => row.map(neutraliseCell)),
        OPTIONS,
      );
}

export type CsvTable = { headers: string[]; rows: Record<string, string>[] };

/**
 * The most columns an uploaded file may have. Real exports from a CRM run to a couple of hundred;
 * each further column costs the parser and the import's column guessing, and a file of 200,000
 * one-letter columns (1.3 MB) held the process for 15 seconds.
 */
export const CSV_MAX_COLUMNS = 500;
/** The longest record the parser reads, in characters: what an unclosed quote runs into. */
export const CSV_MAX_RECORD_CHARS = 131_072;

/** A file refused for its shape, with a message for the person who uploaded it. */
export class CsvRefusal extends Error {}

/**
 * The number of fields in the text's first record, counted without parsing it: commas outside
 * quotes up to the first line break outside quotes. Stops once past `limit`.
 */
function firstRecordWidth(text: string, limit: number): number {
  let fields = 1;
  let quoted = false;
  for (let i = 0; i < text.length && fields <= limit; i++) {
    const c = text.charCodeAt(i);
    if (c === 34) quoted = !quoted;
    else if (!quoted && c === 44) fields += 1;
    else if (!quoted && (c === 10 || c === 13)) break;
  }
  return fields;
}

/** Parses uploaded CSV text (BOM and CRLF tolerated) into header-keyed rows; throws on bad CSV. */
export function parseCsv(text: string): CsvTable {
  // Refused before parsing: the cost of a wide file is in the parser and what follows it.
  if (firstRecordWidth(text, CSV_MAX_COLUMNS) > CSV_MAX_COLUMNS) {
    throw new CsvRefusal(
      `The file has more than ${CSV_MAX_COLUMNS} columns; an import takes at most ${CSV_MAX_COLUMNS}.`,
    );
  }
  let records: string[][];
  try {
    records = parse(text, {
      bom: true,
      skip_empty_lines: true,
      relax_column_count: false,
      max_record_size: CSV_MAX_RECORD_CHARS,
    });
  } catch (error) {
    if (error instanceof Error && "code" in error && error.code === "CSV_MAX_RECORD_SIZE") {
      throw new CsvRefusal(
        "A record of the file runs past 131,072 characters; check that every quote is closed.",
      );
    }
    throw error;
  }
  const [headers = [], ...data] = records;
  const trimmed = headers.map((h) => h.trim());
  return {
    headers: trimmed,
    // An export of ours is the import's template: its neutralised cells come back as typed.
    rows: data.map((values) =>
      Object.fromEntries(trimmed.map((h, i) => [h, restoreCell((values[i] ?? "").trim())])),
    ),
  };
}

/** What the uploader reads when `parseCsv` refuses a file. */
export function csvErrorMessage(error: unknown): string {
  if (error instanceof CsvRefusal) return error.message;
  return `The file is not valid CSV: ${error instanceof Error ? error.message : "unreadable"}`;
}

export type CsvImport<T> = { ok: true; rows: T[] } | { ok: false; errors: string[] };

/** What an import tells the admin: how many rows went in, or why none did. */
export type ImportResult = { ok: true; imported: number } | { ok: false; errors: string[] };

/** At most this many problems are reported; the rest would only bury the first ones. */
const MAX_ERRORS = 20;

/**
 * Checks an uploaded CSV against the expected headers and a row schema. Nothing is imported unless
 * every row is valid; errors name the line (the header is line 1) and the column.
 */
export function validateCsv<T>(
  text: string,
  headers: readonly string[],
  rowSchema: z.ZodType<T>,
  options: { maxRows: number },
): CsvImport<T> {
  let table: CsvTable;
  try {
    table = parseCsv(text);
  } catch (error) {
    return { ok: false, errors: [csvErrorMessage(error)] };
  }
  const missing = headers.filter((h) => !table.headers.includes(h));
  const unknown = table.headers.filter((h) => !headers.includes(h));
  if (missing.length > 0 || unknown.length > 0) {
    return {
      ok: false,
      errors: [
        ...missing.map((h) => `Missing column: ${h}`),
        ...unknown.map((h) => `Unknown column: ${h}`),
        `Expected the columns ${headers.join(", ")}.`,
      ],
    };
  }
  if (table.rows.length === 0) return { ok: false, errors: ["The file has no rows to import."] };
  if (table.rows.length > options.maxRows) {
    return {
      ok: false,
      errors: [
        `The file has ${table.rows.length} rows; the most one import takes is ${options.maxRows}.`,
      ],
    };
  }
  const rows: T[] = [];
  const errors: string[] = [];
  table.rows.forEach((row, index) => {
    const result = rowSchema.safeParse(row);
    if (result.success) rows.push(result.data);
    else
      for (const issue of result.error.issues) {
        if (errors.length < MAX_ERRORS)
          errors.push(`Line ${index + 2}: ${String(issue.path[0] ?? "row")} ${issue.message}`);
      }
  });
  return errors.length > 0 ? { ok: false, errors } : { ok: true, rows };
}
