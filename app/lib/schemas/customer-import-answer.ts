import { z } from "zod";
import type { CustomerImportLine } from "./customer-import.ts";
import { text } from "./text.ts";

// How the import panel reads the server's answer to an import: apart from customer-import.ts so
// the customer list loads zod when an import starts, not with the page (decision 0036).

/** A refusal of the import as a whole (a bad file, too many rows): `{ error }`. */
export const importRefusalSchema = z.object({ error: text({ multiline: true }) });

const lineSchema = z.discriminatedUnion("type", [
  z.object({ type: z.literal("progress"), done: z.number(), total: z.number() }),
  z.object({
    type: z.literal("done"),
    imported: z.number(),
    merged: z.number(),
    skippedInvalid: z.number(),
    skippedDuplicates: z.number(),
  }),
  z.object({ type: z.literal("error"), message: text({ multiline: true }) }),
]);

/** Reads one line of the import's answer; a line that is not one of ours is null. */
export function readImportLine(line: string): CustomerImportLine | null {
  try {
    const parsed = lineSchema.safeParse(JSON.parse(line));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}
