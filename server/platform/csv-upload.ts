import type { ImportResult } from "./csv.ts";

/** Reads the uploaded CSV of an import form, refusing what is missing or too large. */
export async function readCsvUpload(
  form: FormData,
  maxBytes: number,
): Promise<{ ok: true; text: string } | Extract<ImportResult, { ok: false }>> {
  const file = form.get("file");
  if (!(file instanceof File) || file.size === 0)
    return { ok: false, errors: ["Choose a CSV file to import."] };
  if (file.size > maxBytes) {
    return {
      ok: false,
      errors: [`The file is larger than ${Math.round(maxBytes / 1024 / 1024)} MB.`],
    };
  }
  return { ok: true, text: await file.text() };
}
