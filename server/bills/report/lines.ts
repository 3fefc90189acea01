import { fileNameSlug } from "#server/platform/files.ts";

// What the report and the workbook share about an analysis's lines.

/** The analysis keeps dollars as the spec shows them; sums and formats work in whole cents. */
export const toCents = (dollars: number) => Math.round(dollars * 100);

/** `bill-analysis-acme-dental-2026-11-24.pdf`: ASCII, so every browser keeps it. */
export function reportFileName(subject: string, day: string, extension: "pdf" | "xlsx"): string {
  const name = fileNameSlug(subject.replace(/\.(pdf|png|jpe?g)$/i, ""));
  return `bill-analysis-${name || "bill"}-${day}.${extension}`;
}
