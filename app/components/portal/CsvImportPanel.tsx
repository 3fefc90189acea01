import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { Button, buttonClass } from "#app/components/ui/button.tsx";

export type ImportOutcome = { ok: true; imported: number } | { ok: false; errors: string[] };

/**
 * The catalog's CSV import (all or nothing) and export, as the catalog screens offer it. The
 * import form only for `canImport` (platform operators): the server refuses anyone else anyway.
 */
export function CsvImportPanel(props: {
  summary: string;
  noun: string;
  exportHref: string;
  children: ReactNode;
  result: ImportOutcome | undefined;
  canImport?: boolean;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formMethod === "POST";
  const { result } = props;
  return (
    <details
      open={result !== undefined}
      className="mb-6 rounded-2xl border border-slate-200 bg-white p-5 dark:border-slate-800 dark:bg-slate-900"
    >
      <summary className="cursor-pointer font-semibold">{props.summary}</summary>
      <div className="mt-2 text-sm text-slate-600 dark:text-slate-400">{props.children}</div>
      <div className="mt-4 flex flex-wrap items-end gap-3">
        {props.canImport === false ? null : (
          <Form
            method="post"
            encType="multipart/form-data"
            className="flex flex-wrap items-end gap-3"
          >
            <label className="text-sm">
              <span className="mb-1 block font-medium">CSV file</span>
              <input type="file" name="file" accept=".csv,text/csv" required className="text-sm" />
            </label>
            <Button type="submit" disabled={busy}>
              {busy ? "Importing..." : "Import CSV"}
            </Button>
          </Form>
        )}
        <a href={props.exportHref} className={buttonClass("secondary")} download>
          Export CSV
        </a>
      </div>
      {result ? (
        result.ok ? (
          <p role="status" className="mt-4 text-sm text-emerald-700 dark:text-emerald-400">
            Imported {result.imported} {props.noun}.
          </p>
        ) : (
          <div
            role="alert"
            className="mt-4 rounded-lg bg-red-50 p-3 text-sm text-red-800 dark:bg-red-950/40 dark:text-red-200"
          >
            <p className="font-semibold">Nothing was imported:</p>
            <ul className="mt-1 list-disc pl-5">
              {result.errors.map((e) => (
                <li key={e}>{e}</li>
              ))}
            </ul>
          </div>
        )
      ) : null}
    </details>
  );
}
