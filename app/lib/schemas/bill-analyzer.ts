import { z } from "zod";
import { BILL_ANALYSIS_NOT_FOUND, BILL_TOO_LARGE } from "./bills.ts";
import { optionalRecordId, recordId } from "./fields.ts";

// The bill analyzer screen's forms (issue 16): the upload page's intents and the analysis page's.
// The file itself is read by the action (bytes decide); these check the text fields around it.

/** The bills shipped for "Try a sample bill": a name from this list, never a path. */
export const DEMO_BILLS = [
  { name: "att", label: "AT&T business bill", file: "att.pdf" },
  { name: "verizon", label: "Verizon business bill", file: "verizon.pdf" },
  { name: "tmobile", label: "T-Mobile business bill", file: "tmobile.pdf" },
  { name: "generic-scan", label: "Scanned paper bill", file: "generic-scan.png" },
] as const;
export type DemoBill = (typeof DEMO_BILLS)[number];
export const DEMO_BILL_NAMES = [
  "att",
  "verizon",
  "tmobile",
  "generic-scan",
] as const satisfies readonly DemoBill["name"][];

export const CHOOSE_A_SAMPLE = "Choose a sample bill";
export const ATTACH_A_CUSTOMER_FIRST = "Attach the bill to a customer first";
export const ANALYSIS_NOT_DONE = "The analysis is not finished yet";

/** The file types the picker offers; the server still decides by the bytes. */
export const BILL_FILE_ACCEPT = ".pdf,.png,.jpg,.jpeg,application/pdf,image/png,image/jpeg";
export const BILL_FILE_EXTENSIONS = [".pdf", ".png", ".jpg", ".jpeg"] as const;
export const BILL_FILE_TYPE_MESSAGE = "Upload a PDF, PNG or JPEG bill";

/** The browser's quick check of a chosen file, before anything is sent. */
export function billFileProblem(file: { name: string; size: number }, maxBytes: number) {
  const name = file.name.toLowerCase();
  if (!BILL_FILE_EXTENSIONS.some((ext) => name.endsWith(ext))) return BILL_FILE_TYPE_MESSAGE;
  if (file.size > maxBytes) return BILL_TOO_LARGE;
  if (file.size === 0) return "The file is empty.";
  return null;
}

const analysisId = recordId(BILL_ANALYSIS_NOT_FOUND);

/** /dashboard/bill-analyzer's action: upload a file, analyse a sample, or delete a past one. */
export const billAnalyzerActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("upload"), customerId: optionalRecordId("Choose a customer") }),
  z.object({ intent: z.literal("sample"), sample: z.enum(DEMO_BILL_NAMES, CHOOSE_A_SAMPLE) }),
  z.object({ intent: z.literal("delete"), id: analysisId }),
]);

/** /dashboard/bill-analyzer/:analysisId's action. */
export const billAnalysisActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("attach"), customerId: recordId("Choose a customer") }),
  z.object({ intent: z.literal("quote") }),
  z.object({ intent: z.literal("delete") }),
]);
