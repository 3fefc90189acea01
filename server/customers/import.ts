import { and, asc, eq, inArray, sql } from "drizzle-orm";
import {
  type ColumnMapping,
  CUSTOMER_IMPORT_BATCH,
  CUSTOMER_IMPORT_FIELDS,
  CUSTOMER_IMPORT_MAX_LISTED,
  CUSTOMER_IMPORT_MAX_ROWS,
  CUSTOMER_IMPORT_SAMPLE_ROWS,
  type CustomerField,
  type CustomerImportOptions,
  type CustomerImportPreview,
  type CustomerImportSummary,
  guessMapping,
  type ImportDuplicate,
  type ImportProblem,
} from "#app/lib/schemas/customer-import.ts";
import { type CustomerFields, customerFieldsSchema } from "#app/lib/schemas/customers.ts";
import { recordActivity } from "#server/activity/index.ts";
import { customers } from "#server/db/schema/index.ts";
import type { UserContext } from "#server/platform/context.ts";
import { type CsvTable, csvErrorMessage, parseCsv } from "#server/platform/csv.ts";
import { invalidInput } from "#server/platform/errors.ts";
import { emailKey, holdCustomerWrites, personKey, samePerson } from "./same-customer.ts";
import { customerScope } from "./scope.ts";

const c = customers;

/**
 * Reads an uploaded customer file: CSV with a header row, at most 10,000 data rows. A file we
 * cannot take is refused with a message the agent can act on.
 */
export function readCustomerCsv(text: string): CsvTable {
  let table: CsvTable;
  try {
    table = parseCsv(text);
  } catch (error) {
    throw invalidInput(csvErrorMessage(error));
  }
  if (table.headers.length === 0 || table.headers.every((h) => h === "")) {
    throw invalidInput("The file has no header row. Its first line must name the columns.");
  }
  const seen = new Set<string>();
  for (const header of table.headers) {
    const key = header.toLowerCase();
    if (seen.has(key)) {
      throw invalidInput(`The column "${header || "(blank)"}" appears twice; name each once.`);
    }
    seen.add(key);
  }
  if (table.rows.every(isBlankRow)) throw invalidInput("The file has no rows to import.");
  if (table.rows.length > CUSTOMER_IMPORT_MAX_ROWS) {
    throw invalidInput(
      `The file has ${table.rows.length.toLocaleString("en-US")} rows; one import takes at most ${CUSTOMER_IMPORT_MAX_ROWS.toLocaleString("en-US")}. Split it into smaller files.`,
    );
  }
  return table;
}

const isBlankRow = (row: Readonly<Record<string, string>>) =>
  Object.values(row).every((value) => value.trim() === "");

/** Spreadsheet numbering: the header is row 1, so the first customer is row 2. */
const rowNumber = (index: number) => index + 2;

type ExistingMatch = { id: string; name: string; companyName: string };

type Analysis = {
  mapping: ColumnMapping;
  missing: string[];
  fresh: { row: number; fields: CustomerFields }[];
  matches: {
    row: number;
    fields: CustomerFields;
    existing: ExistingMatch;
    /** Known again by email, or by contact and company alone. */
    by: ImportDuplicate["by"];
  }[];
  problems: ImportProblem[];
  duplicates: ImportDuplicate[];
  fileDuplicates: number;
};

/** The mapping in use: the agent's, for the headers the file has, else one guessed from names. */
function mappingFor(headers: readonly string[], chosen: ColumnMapping | undefined): ColumnMapping {
  if (!chosen) return guessMapping(headers);
  return Object.fromEntries(headers.map((h) => [h, chosen[h] ?? ""]));
}

function sameAs(
  fields: CustomerFields,
  by: ImportDuplicate["by"],
): Pick<ImportDuplicate, "same" | "by"> {
  return by === "email" && fields.email
    ? { same: fields.email, by }
    : { same: `${fields.name} at ${fields.companyName}`, by: "name" };
}

/**
 * Checks every row with the New Customer schema, and finds the rows that repeat another row of
 * the file or a customer the company already has: by email, or by contact and company (a row
 * without an email, or a customer whose email has changed since the file was made). Nothing is
 * written.
 */
async function analyse(
  ctx: UserContext,
  table: CsvTable,
  chosen: ColumnMapping | undefined,
): Promise<Analysis> {
  const mapping = mappingFor(table.headers, chosen);
  const columnsOf = new Map<CustomerField, string[]>();
  for (const [header, field] of Object.entries(mapping)) {
    if (field !== "") columnsOf.set(field, [...(columnsOf.get(field) ?? []), header]);
  }
  const missing = CUSTOMER_IMPORT_FIELDS.filter(
    (f) => (f.field === "name" || f.field === "companyName") && !columnsOf.has(f.field),
  ).map((f) => f.label);

  const problems: ImportProblem[] = [];
  const duplicates: ImportDuplicate[] = [];
  const valid: { row: number; fields: CustomerFields }[] = [];
  const firstRowOf = new Map<string, number>();
  const firstRowOfPerson = new Map<string, number>();
  let fileDuplicates = 0;
  table.rows.forEach((raw, index) => {
    // A row of empty cells (",,,,": spreadsheets write them after the data) is no customer.
    if (isBlankRow(raw)) return;
    const row = rowNumber(index);
    const input: Record<string, string> = {};
    for (const { field } of CUSTOMER_IMPORT_FIELDS) {
      // A field filled by two columns takes the first that has a value.
      const values = (columnsOf.get(field) ?? []).map((h) => raw[h] ?? "");
      input[field] = values.find((v) => v.trim() !== "") ?? "";
    }
    const parsed = customerFieldsSchema.safeParse(input);
    if (!parsed.success) {
      const messages = [...new Set(parsed.error.issues.map((issue) => issue.message))];
      problems.push({ row, message: messages.join("; ") });
      return;
    }
    const { email } = parsed.data;
    const person = personKey(parsed.data);
    const sameEmail = email ? firstRowOf.get(email) : undefined;
    const samePerson = firstRowOfPerson.get(person);
    if (sameEmail !== undefined || samePerson !== undefined) {
      fileDuplicates += 1;
      duplicates.push({
        row,
        ...sameAs(parsed.data, sameEmail !== undefined ? "email" : "name"),
        of: { kind: "file", row: sameEmail ?? samePerson ?? row },
      });
      return;
    }
    if (email) firstRowOf.set(email, row);
    firstRowOfPerson.set(person, row);
    valid.push({ row, fields: parsed.data });
  });

  const byEmail = await existingByEmail(ctx, [...firstRowOf.keys()]);
  const unmatched = valid.filter(
    (entry) => !(entry.fields.email && byEmail.has(entry.fields.email)),
  );
  const byPerson = await existingByPerson(ctx, unmatched);
  const personMatch = new Map(unmatched.map((entry, i) => [entry, byPerson.get(i)]));
  const fresh: Analysis["fresh"] = [];
  const matches: Analysis["matches"] = [];
  for (const entry of valid) {
    const emailMatch = entry.fields.email ? byEmail.get(entry.fields.email) : undefined;
    const match = emailMatch ?? personMatch.get(entry);
    if (!match) {
      fresh.push(entry);
      continue;
    }
    matches.push({ ...entry, existing: match, by: emailMatch ? "email" : "name" });
    duplicates.push({
      row: entry.row,
      ...sameAs(entry.fields, emailMatch ? "email" : "name"),
      of: { kind: "existing", customer: { name: match.name, companyName: match.companyName } },
    });
  }
  duplicates.sort((a, b) => a.row - b.row);
  return { mapping, missing, fresh, matches, problems, duplicates, fileDuplicates };
}

/**
 * The customers the acting user may see with these emails (case ignored), the oldest first when
 * several share one. As for New Customer, one the company setting hides from an agent is no match
 * (decision 0016): the row is the agent's own new customer, and nothing tells them of the other.
 */
async function existingByEmail(
  ctx: UserContext,
  emails: readonly string[],
): Promise<Map<string, ExistingMatch>> {
  const found = new Map<string, ExistingMatch>();
  const scope = await customerScope(ctx);
  for (let i = 0; i < emails.length; i += 1_000) {
    const rows = await ctx.db
      .select({ id: c.id, email: emailKey, name: c.name, companyName: c.companyName })
      .from(c)
      .where(and(scope, inArray(emailKey, emails.slice(i, i + 1_000))))
      .orderBy(asc(c.createdAt), asc(c.id));
    for (const { email, ...match } of rows) {
      if (!found.has(email)) found.set(email, match);
    }
  }
  return found;
}

/**
 * For each entry, the customer with its contact at its company, the oldest first when several
 * match, among those the acting user may see (as `existingByEmail`).
 */
async function existingByPerson(
  ctx: UserContext,
  entries: readonly { fields: CustomerFields }[],
): Promise<Map<number, ExistingMatch>> {
  const found = new Map<number, ExistingMatch>();
  const scope = await customerScope(ctx);
  for (let i = 0; i < entries.length; i += 500) {
    const wanted = entries
      .slice(i, i + 500)
      .map(
        ({ fields }, j) => sql`(${i + j}::int, ${fields.name}::text, ${fields.companyName}::text)`,
      );
    const rows = await ctx.db
      .select({
        entry: sql<number>`wanted.entry`,
        id: c.id,
        name: c.name,
        companyName: c.companyName,
      })
      .from(c)
      .innerJoin(
        sql`(values ${sql.join(wanted, sql`, `)}) as wanted(entry, name, company)`,
        samePerson(sql`wanted.name`, sql`wanted.company`),
      )
      .where(scope)
      .orderBy(asc(c.createdAt), asc(c.id));
    for (const { entry, ...match } of rows) {
      if (!found.has(Number(entry))) found.set(Number(entry), match);
    }
  }
  return found;
}

/**
 * The ids of the rows just imported that repeat another customer the acting user may see (by
 * email, or by contact and company; a hidden one is no match, as in the analysis). None did when
 * the file was analysed, and no two rows of a file repeat each other, so such a customer is one
 * someone made since, in a transaction of its own.
 *
 * So only those are compared: rows another transaction wrote (`xmin`), made in the last ten
 * minutes (a New Customer, New Deal or saved quote that began earlier and committed after the
 * analysis would have run for minutes; each statement stops at 5 s). Compared against every
 * customer of the company, as the analysis is, the check took 3 to 7 s for 10,000 rows, all of
 * it under the lock that New Customer waits for.
 */
async function repeatedMeanwhile(
  ctx: UserContext,
  inserted: readonly { id: string; fields: CustomerFields }[],
): Promise<string[]> {
  const repeated = new Set<string>();
  const scope = await customerScope(ctx);
  // Two joins, not one with "or": each is an equality PostgreSQL answers with a hash join.
  const tests = [
    sql`${emailKey} = lower(wanted.email)`,
    samePerson(sql`wanted.name`, sql`wanted.company`),
  ];
  for (let i = 0; i < inserted.length; i += 500) {
    const wanted = inserted
      .slice(i, i + 500)
      .map(
        ({ id, fields }) =>
          sql`(${id}::uuid, ${fields.email ?? null}::text, ${fields.name}::text, ${fields.companyName}::text)`,
      );
    for (const test of tests) {
      const rows = await ctx.db
        .selectDistinct({ id: sql<string>`wanted.id` })
        .from(c)
        .innerJoin(
          sql`(values ${sql.join(wanted, sql`, `)}) as wanted(id, email, name, company)`,
          test,
        )
        .where(
          and(
            scope,
            sql`${c.createdAt} > now() - interval '10 minutes'`,
            sql`${c}.xmin <> pg_current_xact_id()::xid`,
          ),
        );
      for (const row of rows) repeated.add(row.id);
    }
  }
  return [...repeated];
}

/** What the import would do with this file and mapping, before anything is written. */
export async function previewCustomerImport(
  ctx: UserContext,
  input: { text: string; mapping?: ColumnMapping | undefined },
): Promise<CustomerImportPreview> {
  const table = readCustomerCsv(input.text);
  const analysis = await analyse(ctx, table, input.mapping);
  const listed = CUSTOMER_IMPORT_MAX_LISTED;
  return {
    headers: table.headers,
    mapping: analysis.mapping,
    missing: analysis.missing,
    sample: table.rows
      .slice(0, CUSTOMER_IMPORT_SAMPLE_ROWS)
      .map((row) => table.headers.map((h) => row[h] ?? "")),
    totalRows: table.rows.filter((row) => !isBlankRow(row)).length,
    newRows: analysis.fresh.length,
    existingDuplicates: analysis.matches.length,
    fileDuplicates: analysis.fileDuplicates,
    invalidRows: analysis.problems.length,
    problems: analysis.problems.slice(0, listed),
    duplicates: analysis.duplicates.slice(0, listed),
    unlisted:
      Math.max(0, analysis.problems.length - listed) +
      Math.max(0, analysis.duplicates.length - listed),
  };
}

export type ImportProgress = (done: number, total: number) => void | Promise<void>;

/**
 * Imports the file's valid rows in ONE transaction: new customers in batches, and, when the agent
 * chose merge, each duplicate's non-empty values written onto the customer already there. Bad
 * rows and repeated emails are never imported. Progress is told after each batch; an aborted
 * `signal` (the agent cancelled, the connection closed) or any failure rolls everything back.
 */
export async function importCustomers(
  ctx: UserContext,
  input: {
    text: string;
    options: CustomerImportOptions;
    onProgress?: ImportProgress;
    signal?: AbortSignal;
  },
): Promise<CustomerImportSummary> {
  const table = readCustomerCsv(input.text);
  return ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx };
    const analysis = await analyse(txCtx, table, input.options.mapping);
    if (analysis.missing.length > 0) {
      throw invalidInput(`Choose the column that holds the ${analysis.missing.join(" and ")}.`);
    }
    const merge = input.options.duplicates === "merge" ? analysis.matches : [];
    const total = analysis.fresh.length + merge.length;
    if (analysis.fresh.length === 0 && merge.length === 0) {
      throw invalidInput("No row of the file can be imported.");
    }
    const inserted: { id: string; fields: CustomerFields }[] = [];
    let done = 0;
    await input.onProgress?.(0, total);
    const step = async (count: number) => {
      input.signal?.throwIfAborted();
      done += count;
      await input.onProgress?.(done, total);
    };
    for (let i = 0; i < analysis.fresh.length; i += CUSTOMER_IMPORT_BATCH) {
      input.signal?.throwIfAborted();
      const batch = analysis.fresh.slice(i, i + CUSTOMER_IMPORT_BATCH);
      const ids = await tx
        .insert(c)
        .values(
          batch.map(({ fields }) => ({
            ...fields,
            companyId: ctx.user.companyId,
            createdBy: ctx.user.id,
            assignedTo: ctx.user.id,
          })),
        )
        .returning({ id: c.id });
      // Postgres returns a multi-row insert's rows in the order of its VALUES.
      ids.forEach(({ id }, j) => {
        const entry = batch[j];
        if (entry) inserted.push({ id, fields: entry.fields });
      });
      await step(batch.length);
    }
    for (let i = 0; i < merge.length; i += CUSTOMER_IMPORT_BATCH) {
      const batch = merge.slice(i, i + CUSTOMER_IMPORT_BATCH);
      input.signal?.throwIfAborted();
      for (const { fields, existing, by } of batch) {
        // Empty cells never blank out what the customer already has. A row known by contact and
        // company alone does not replace the customer's email: which of two is right, the file
        // cannot say (the customer's may be the newer; or these are two namesakes).
        const values = Object.fromEntries(
          Object.entries(fields).filter(
            ([key, value]) => value !== null && !(by === "name" && key === "email"),
          ),
        );
        await tx
          .update(c)
          .set(values)
          .where(and(eq(c.id, existing.id), await customerScope(txCtx)));
      }
      await step(batch.length);
    }
    // The analysis ran without the company's customer lock, which a long import would hold over
    // every New Customer, New Deal and saved quote. So a customer someone made meanwhile is
    // looked for now, under the lock, held from here to the commit only: a row that repeats it
    // is taken back out, and counted as a duplicate.
    await holdCustomerWrites(txCtx);
    const madeMeanwhile = await repeatedMeanwhile(txCtx, inserted);
    if (madeMeanwhile.length > 0) {
      for (let i = 0; i < madeMeanwhile.length; i += 1_000) {
        await tx.delete(c).where(inArray(c.id, madeMeanwhile.slice(i, i + 1_000)));
      }
    }
    const summary: CustomerImportSummary = {
      imported: analysis.fresh.length - madeMeanwhile.length,
      merged: merge.length,
      skippedInvalid: analysis.problems.length,
      skippedDuplicates:
        analysis.fileDuplicates + analysis.matches.length - merge.length + madeMeanwhile.length,
    };
    await recordActivity(txCtx, {
      details: { kind: "customers_imported", count: summary.imported + summary.merged },
    });
    input.signal?.throwIfAborted();
    return summary;
  });
}
