import { useEffect, useRef, useState } from "react";
import { useFetcher, useRevalidator } from "react-router";
import { ErrorAlert, SuccessAlert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { onFirstUse } from "#app/lib/on-first-use.ts";
import {
  type ColumnMapping,
  CUSTOMER_IMPORT_FIELDS,
  CUSTOMER_IMPORT_MAX_BYTES,
  CUSTOMER_IMPORT_MAX_ROWS,
  type CustomerField,
  type CustomerImportLine,
  type CustomerImportPreview,
  type CustomerImportPreviewAnswer,
  type CustomerImportSummary,
  type DuplicateChoice,
} from "#app/lib/schemas/customer-import.ts";

type Phase =
  | { step: "preview" }
  | { step: "importing"; done: number; total: number }
  | { step: "done"; summary: CustomerImportSummary }
  | { step: "failed"; message: string }
  | { step: "cancelled" };

// The answer's checks load when an import starts, while its request is on its way.
const answerChecks = onFirstUse(() => import("#app/lib/schemas/customer-import-answer.ts"));

/**
 * The customer CSV import: choose a file, read the server's preview (the first rows, the column
 * mapping, bad rows and duplicates), then import it in one go while a progress bar runs. Cancel
 * stops the request, and the server rolls the whole import back.
 */
export function CustomerImport({ onClose }: { onClose: () => void }) {
  const fetcher = useFetcher<CustomerImportPreviewAnswer>({ key: "customer-import" });
  const revalidator = useRevalidator();
  const [file, setFile] = useState<File | null>(null);
  const [tooLarge, setTooLarge] = useState(false);
  const [duplicates, setDuplicates] = useState<DuplicateChoice>("skip");
  const [phase, setPhase] = useState<Phase>({ step: "preview" });
  const abort = useRef<AbortController | null>(null);
  useEffect(() => () => abort.current?.abort(), []);

  const answer = fetcher.data;
  const preview = file && answer?.ok ? answer.preview : null;
  const previewing = fetcher.state !== "idle";

  const ask = (chosen: File, mapping?: ColumnMapping) => {
    const form = new FormData();
    form.set("file", chosen);
    if (mapping) form.set("mapping", JSON.stringify(mapping));
    void fetcher.submit(form, {
      method: "post",
      action: "/dashboard/customers",
      encType: "multipart/form-data",
    });
  };

  const choose = (chosen: File | null) => {
    setPhase({ step: "preview" });
    setFile(chosen);
    setTooLarge(chosen !== null && chosen.size > CUSTOMER_IMPORT_MAX_BYTES);
    if (chosen && chosen.size <= CUSTOMER_IMPORT_MAX_BYTES) ask(chosen);
  };

  const remap = (header: string, field: CustomerField | "") => {
    if (!file || !preview) return;
    const mapping: ColumnMapping = { ...preview.mapping, [header]: field };
    // A field comes from one column: choosing it here takes it from any other.
    if (field !== "") {
      for (const other of Object.keys(mapping)) {
        if (other !== header && mapping[other] === field) mapping[other] = "";
      }
    }
    ask(file, mapping);
  };

  const run = async (chosen: File, current: CustomerImportPreview) => {
    const controller = new AbortController();
    abort.current = controller;
    setPhase({ step: "importing", done: 0, total: importCount(current, duplicates) });
    const form = new FormData();
    form.set("file", chosen);
    form.set("mapping", JSON.stringify(current.mapping));
    form.set("duplicates", duplicates);
    try {
      const checks = answerChecks.load();
      const res = await fetch("/dashboard/customers/import", {
        method: "POST",
        body: form,
        signal: controller.signal,
      });
      if (!res.ok || !res.body || !res.headers.get("content-type")?.includes("ndjson")) {
        const { importRefusalSchema } = await checks;
        const body = importRefusalSchema.safeParse(await res.json().catch(() => null));
        setPhase({
          step: "failed",
          message: body.success
            ? body.data.error
            : res.redirected
              ? "Your session has ended. Sign in again, then import the file."
              : "Failed to import customers",
        });
        return;
      }
      const { readImportLine } = await checks;
      const outcome = await readLines(res.body, readImportLine, (done, total) =>
        setPhase({ step: "importing", done, total }),
      );
      setPhase(outcome);
      if (outcome.step === "done") void revalidator.revalidate();
    } catch {
      setPhase(
        controller.signal.aborted
          ? { step: "cancelled" }
          : { step: "failed", message: "Failed to import customers" },
      );
    } finally {
      abort.current = null;
    }
  };

  const importing = phase.step === "importing";
  return (
    <section
      aria-labelledby="customer-import-title"
      className="mb-6 space-y-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <h3 id="customer-import-title" className="text-lg font-semibold">
            Import customers from CSV
          </h3>
          <p className="mt-1 max-w-2xl text-sm text-slate-600 dark:text-slate-400">
            A header row, then one customer a row: at most{" "}
            {CUSTOMER_IMPORT_MAX_ROWS.toLocaleString("en-US")} rows and 5 MB. Columns such as Name,
            Company, Email, Phone, City and State are matched by name; rows are numbered as in a
            spreadsheet (the header is row 1). Nothing is saved until you import, and an import that
            fails or is cancelled saves nothing.
          </p>
        </div>
        <Button variant="ghost" onClick={onClose} disabled={importing}>
          Close
        </Button>
      </div>

      <label className="block text-sm">
        <span className="mb-1 block font-medium">CSV file</span>
        <input
          type="file"
          name="file"
          accept=".csv,text/csv"
          disabled={importing}
          onChange={(event) => choose(event.target.files?.[0] ?? null)}
          className="block w-full text-sm file:mr-3 file:rounded-lg file:border-0 file:bg-brand-600 file:px-3 file:py-2 file:font-semibold file:text-white hover:file:bg-brand-700"
        />
      </label>

      {tooLarge ? <ErrorAlert>The file is larger than 5 MB.</ErrorAlert> : null}
      {previewing ? (
        <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
          Reading the file...
        </p>
      ) : null}
      {file && !tooLarge && answer && !answer.ok && !previewing ? (
        <ErrorAlert>{answer.message}</ErrorAlert>
      ) : null}

      {preview && !tooLarge ? (
        <PreviewView
          preview={preview}
          duplicates={duplicates}
          onDuplicates={setDuplicates}
          onRemap={remap}
          disabled={importing || previewing}
        />
      ) : null}

      {phase.step === "importing" ? (
        <div className="space-y-2">
          <progress
            className="h-2 w-full overflow-hidden rounded-full accent-brand-600"
            aria-label="Import progress"
            max={Math.max(phase.total, 1)}
            value={phase.done}
          />
          <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
            Importing... {phase.done.toLocaleString("en-US")} of{" "}
            {phase.total.toLocaleString("en-US")}
          </p>
        </div>
      ) : null}
      {phase.step === "done" ? <SuccessAlert>{summaryText(phase.summary)}</SuccessAlert> : null}
      {phase.step === "failed" ? (
        <ErrorAlert>{phase.message} Nothing was imported.</ErrorAlert>
      ) : null}
      {phase.step === "cancelled" ? (
        <ErrorAlert>Import cancelled. Nothing was imported.</ErrorAlert>
      ) : null}

      {preview && file && !tooLarge && phase.step !== "done" ? (
        <div className="flex flex-wrap justify-end gap-3">
          {importing ? (
            <Button variant="secondary" onClick={() => abort.current?.abort()}>
              Cancel import
            </Button>
          ) : null}
          <Button
            disabled={
              importing ||
              previewing ||
              preview.missing.length > 0 ||
              importCount(preview, duplicates) === 0
            }
            onClick={() => void run(file, preview)}
          >
            {importing
              ? "Importing..."
              : `Import ${customersCount(importCount(preview, duplicates))}`}
          </Button>
        </div>
      ) : null}
    </section>
  );
}

function importCount(preview: CustomerImportPreview, duplicates: DuplicateChoice): number {
  return preview.newRows + (duplicates === "merge" ? preview.existingDuplicates : 0);
}

const customersCount = (n: number) =>
  `${n.toLocaleString("en-US")} ${n === 1 ? "customer" : "customers"}`;

function summaryText(s: CustomerImportSummary): string {
  const parts = [`Imported ${customersCount(s.imported)}`];
  if (s.merged > 0) parts.push(`merged ${s.merged.toLocaleString("en-US")} into existing ones`);
  const skipped: string[] = [];
  if (s.skippedInvalid > 0) skipped.push(`${s.skippedInvalid} with errors`);
  if (s.skippedDuplicates > 0) skipped.push(`${s.skippedDuplicates} duplicates`);
  return `${parts.join(" and ")}.${skipped.length > 0 ? ` Skipped ${skipped.join(" and ")}.` : ""}`;
}

/** Reads the import's NDJSON answer to its last line: the summary, or why it failed. */
async function readLines(
  body: ReadableStream<Uint8Array>,
  readImportLine: (line: string) => CustomerImportLine | null,
  onProgress: (done: number, total: number) => void,
): Promise<Phase> {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffered = "";
  for (;;) {
    const { done, value } = await reader.read();
    buffered += decoder.decode(value, { stream: !done });
    const lines = buffered.split("\n");
    buffered = done ? "" : (lines.pop() ?? "");
    for (const text of lines) {
      const line = readImportLine(text);
      if (!line) continue;
      if (line.type === "progress") onProgress(line.done, line.total);
      else if (line.type === "done") {
        const { type: _, ...summary } = line;
        return { step: "done", summary };
      } else return { step: "failed", message: line.message };
    }
    if (done) return { step: "failed", message: "The import stopped before it finished." };
  }
}

function PreviewView(props: {
  preview: CustomerImportPreview;
  duplicates: DuplicateChoice;
  onDuplicates: (choice: DuplicateChoice) => void;
  onRemap: (header: string, field: CustomerField | "") => void;
  disabled: boolean;
}) {
  const { preview } = props;
  const n = (value: number) => value.toLocaleString("en-US");
  return (
    <div className="space-y-4">
      <ul className="flex flex-wrap gap-2 text-sm" aria-label="What the file holds">
        <Stat label="rows" value={n(preview.totalRows)} />
        <Stat label="new" value={n(preview.newRows)} tone="good" />
        <Stat label="already customers" value={n(preview.existingDuplicates)} />
        <Stat label="repeated in the file" value={n(preview.fileDuplicates)} />
        <Stat label="with errors" value={n(preview.invalidRows)} tone="bad" />
      </ul>

      {preview.missing.length > 0 ? (
        <ErrorAlert>
          Choose the column that holds the {preview.missing.join(" and ")} below.
        </ErrorAlert>
      ) : null}

      {/* relative: the select labels (sr-only, absolute) must scroll with the table, not widen the page. */}
      <div className="relative overflow-x-auto rounded-xl border border-slate-200 dark:border-slate-800">
        <table className="min-w-full text-left text-sm">
          <caption className="sr-only">
            The file's first rows, with the customer field each column fills
          </caption>
          <thead className="bg-slate-50 dark:bg-slate-800/60">
            <tr>
              {preview.headers.map((header, index) => (
                <th key={header} scope="col" className="min-w-40 px-3 py-2 align-top font-medium">
                  <span className="block truncate">{header || `Column ${index + 1}`}</span>
                  <label className="mt-1 block">
                    <span className="sr-only">Field for the column {header}</span>
                    <select
                      value={preview.mapping[header] ?? ""}
                      disabled={props.disabled}
                      onChange={(event) => props.onRemap(header, fieldOf(event.target.value))}
                      className="w-full rounded-md border border-slate-300 bg-white px-2 py-1 text-xs font-normal dark:border-slate-700 dark:bg-slate-900"
                    >
                      <option value="">Don't import</option>
                      {CUSTOMER_IMPORT_FIELDS.map((f) => (
                        <option key={f.field} value={f.field}>
                          {f.label}
                        </option>
                      ))}
                    </select>
                  </label>
                </th>
              ))}
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
            {preview.sample.map((row, rowIndex) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the file's rows have no id of their own
              <tr key={rowIndex}>
                {row.map((cell, cellIndex) => (
                  <td
                    // biome-ignore lint/suspicious/noArrayIndexKey: cells are positional
                    key={cellIndex}
                    className="max-w-56 truncate px-3 py-2 text-slate-700 dark:text-slate-300"
                  >
                    {cell}
                  </td>
                ))}
              </tr>
            ))}
          </tbody>
        </table>
      </div>

      {preview.existingDuplicates > 0 ? (
        <fieldset className="space-y-2 text-sm" disabled={props.disabled}>
          <legend className="font-medium">
            {n(preview.existingDuplicates)}{" "}
            {preview.existingDuplicates === 1 ? "row has" : "rows have"} the email of a customer you
            already have:
          </legend>
          <label className="flex items-center gap-2">
            <input
              type="radio"
              name="duplicates"
              value="skip"
              checked={props.duplicates === "skip"}
              onChange={() => props.onDuplicates("skip")}
            />
            Skip them
          </label>
          <label className="flex items-center gap-2">
            <input
              type="radio"
              name="duplicates"
              value="merge"
              checked={props.duplicates === "merge"}
              onChange={() => props.onDuplicates("merge")}
            />
            Merge them: fill in and update the existing customers with the file's values
          </label>
        </fieldset>
      ) : null}

      {preview.problems.length > 0 || preview.duplicates.length > 0 ? (
        <details open className="text-sm">
          <summary className="cursor-pointer font-medium">
            Rows that need attention ({n(preview.invalidRows + preview.duplicates.length)})
          </summary>
          <ul className="mt-2 max-h-64 space-y-1 overflow-y-auto rounded-lg bg-slate-50 p-3 dark:bg-slate-800/60">
            {mergeByRow(preview).map((item) => (
              <li
                key={`${item.row}-${item.kind}`}
                className={
                  item.kind === "error"
                    ? "text-red-700 dark:text-red-300"
                    : "text-amber-800 dark:text-amber-300"
                }
              >
                {item.text}
              </li>
            ))}
            {preview.unlisted > 0 ? (
              <li className="text-slate-600 dark:text-slate-400">and {n(preview.unlisted)} more</li>
            ) : null}
          </ul>
        </details>
      ) : null}
    </div>
  );
}

function fieldOf(value: string): CustomerField | "" {
  return CUSTOMER_IMPORT_FIELDS.find((f) => f.field === value)?.field ?? "";
}

/** Errors and duplicates in the file's order, each as the sentence the agent reads. */
function mergeByRow(preview: CustomerImportPreview) {
  const items = [
    ...preview.problems.map((p) => ({
      row: p.row,
      kind: "error" as const,
      text: `Row ${p.row}: ${p.message}`,
    })),
    ...preview.duplicates.map((d) => ({
      row: d.row,
      kind: "duplicate" as const,
      text:
        d.of.kind === "file"
          ? `Row ${d.row}: ${d.same} repeats row ${d.of.row}; skipped`
          : d.by === "email"
            ? `Row ${d.row}: ${d.same} is already ${d.of.customer.name} (${d.of.customer.companyName})`
            : `Row ${d.row}: ${d.same} is already a customer`,
    })),
  ];
  return items.sort((a, b) => a.row - b.row);
}

function Stat(props: { label: string; value: string; tone?: "good" | "bad" }) {
  const tone =
    props.tone === "good"
      ? "bg-emerald-50 text-emerald-800 dark:bg-emerald-950/50 dark:text-emerald-300"
      : props.tone === "bad"
        ? "bg-red-50 text-red-800 dark:bg-red-950/50 dark:text-red-300"
        : "bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300";
  return (
    <li className={`rounded-full px-3 py-1 ${tone}`}>
      <span className="font-semibold">{props.value}</span> {props.label}
    </li>
  );
}
