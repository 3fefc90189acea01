import { z } from "zod";
import type { CustomerFields } from "./customers.ts";
import { text } from "./text.ts";

// The customer CSV import: what the panel posts (the file, the column mapping, what to do with
// duplicates) and what the server answers (the preview, then the import's progress lines).

export const CUSTOMER_IMPORT_MAX_ROWS = 10_000;
export const CUSTOMER_IMPORT_MAX_BYTES = 5 * 1024 * 1024;
/** Rows inserted per statement inside the import's one transaction; progress is told per batch. */
export const CUSTOMER_IMPORT_BATCH = 500;
/** Rows of the file the preview shows as they are. */
export const CUSTOMER_IMPORT_SAMPLE_ROWS = 5;
/** Problems the preview lists one by one; the rest are counted. */
export const CUSTOMER_IMPORT_MAX_LISTED = 100;

export type CustomerField = keyof CustomerFields;

/** The customer fields a column can fill, in the form's order, with the names people give them. */
export const CUSTOMER_IMPORT_FIELDS: readonly {
  field: CustomerField;
  label: string;
  aliases: readonly string[];
}[] = [
  {
    field: "name",
    label: "Contact name",
    aliases: ["name", "contact name", "contact", "full name"],
  },
  {
    field: "companyName",
    label: "Company name",
    aliases: ["company", "company name", "business", "business name", "organization"],
  },
  { field: "email", label: "Email", aliases: ["email", "email address", "e-mail"] },
  { field: "phone", label: "Phone", aliases: ["phone", "phone number", "telephone", "mobile"] },
  {
    field: "companyWebsite",
    label: "Website",
    aliases: ["website", "company website", "web", "url"],
  },
  { field: "address", label: "Address", aliases: ["address", "street", "street address"] },
  { field: "city", label: "City", aliases: ["city", "town"] },
  { field: "state", label: "State", aliases: ["state", "province", "region"] },
  {
    field: "postalCode",
    label: "Postal code",
    aliases: ["postal code", "postcode", "zip", "zip code", "zipcode"],
  },
  { field: "industry", label: "Industry", aliases: ["industry", "sector"] },
  { field: "size", label: "Company size", aliases: ["size", "company size", "employees"] },
  { field: "notes", label: "Notes", aliases: ["notes", "note", "comments"] },
];

const FIELD_NAMES = CUSTOMER_IMPORT_FIELDS.map((f) => f.field) as [
  CustomerField,
  ...CustomerField[],
];

/** Header → the field it fills, or "" for a column left out. */
export type ColumnMapping = Record<string, CustomerField | "">;

const normalise = (header: string) =>
  header
    .trim()
    .toLowerCase()
    .replace(/[_\s-]+/g, " ");

/**
 * The mapping the preview starts from: each header matched by name, ignoring case, spaces,
 * dashes and underscores; a field is taken by its first matching column only.
 */
export function guessMapping(headers: readonly string[]): ColumnMapping {
  const taken = new Set<CustomerField>();
  const mapping: ColumnMapping = {};
  for (const header of headers) {
    const name = normalise(header);
    const match = CUSTOMER_IMPORT_FIELDS.find(
      (f) => !taken.has(f.field) && f.aliases.some((alias) => normalise(alias) === name),
    );
    mapping[header] = match?.field ?? "";
    if (match) taken.add(match.field);
  }
  return mapping;
}

export const DUPLICATE_CHOICES = ["skip", "merge"] as const;
export type DuplicateChoice = (typeof DUPLICATE_CHOICES)[number];

/** The options posted beside the file; the mapping travels as JSON text in the form. */
export const customerImportOptionsSchema = z.object({
  mapping: text()
    .max(100_000)
    .optional()
    .transform((value, ctx): ColumnMapping | undefined => {
      if (value === undefined || value.trim() === "") return undefined;
      let raw: unknown;
      try {
        raw = JSON.parse(value);
      } catch {
        ctx.addIssue({ code: "custom", message: "The column mapping is not valid." });
        return z.NEVER;
      }
      const parsed = z
        .record(text().max(500), z.union([z.literal(""), z.enum(FIELD_NAMES)]))
        .safeParse(raw);
      if (!parsed.success) {
        ctx.addIssue({ code: "custom", message: "The column mapping is not valid." });
        return z.NEVER;
      }
      return parsed.data;
    }),
  duplicates: z.enum(DUPLICATE_CHOICES).catch("skip"),
});
export type CustomerImportOptions = z.output<typeof customerImportOptionsSchema>;

/** A row that will not be imported, and why ("Row 7: Enter a valid email address"). */
export type ImportProblem = { row: number; message: string };

export type ImportDuplicate = {
  row: number;
  /**
   * What the row shares with the other: its email (`by: "email"`), or, for a row whose email
   * matches nothing, its contact and company ("Rosa Delgado at Delgado & Sons", `by: "name"`).
   */
  same: string;
  by: "email" | "name";
  /** Another row of the file with the same email (its row), or a customer already there. */
  of:
    | { kind: "file"; row: number }
    /** Only ever one the acting user may see: a hidden one is no match (decision 0016). */
    | { kind: "existing"; customer: { name: string; companyName: string } };
};

/** What the preview shows before anything is written. */
export type CustomerImportPreview = {
  headers: string[];
  mapping: ColumnMapping;
  /** Required fields no column fills (their labels): nothing can be imported until they are. */
  missing: string[];
  sample: string[][];
  totalRows: number;
  /** Rows that pass the checks and are new: imported either way. */
  newRows: number;
  /** Rows matching an existing customer: merged or skipped, as the agent chooses. */
  existingDuplicates: number;
  /** Rows repeating an earlier row's email: always skipped. */
  fileDuplicates: number;
  invalidRows: number;
  problems: ImportProblem[];
  duplicates: ImportDuplicate[];
  /** Problems and duplicates beyond those listed. */
  unlisted: number;
};

/** The import's summary once it has committed. */
export type CustomerImportSummary = {
  imported: number;
  merged: number;
  skippedInvalid: number;
  skippedDuplicates: number;
};

/** One line of the import's NDJSON answer. */
export type CustomerImportLine =
  | { type: "progress"; done: number; total: number }
  | ({ type: "done" } & CustomerImportSummary)
  | { type: "error"; message: string };

/** The preview's answer to the customer list's import form. */
export type CustomerImportPreviewAnswer =
  | { ok: true; preview: CustomerImportPreview }
  | { ok: false; message: string };
