import type { Bill, BillCarrier } from "#server/bills/bill.ts";
import { makeSampleBill } from "./generate.ts";
import { renderPartialSamplePdf, renderSamplePdf } from "./pdf.ts";

export { type Accuracy, accuracy } from "./accuracy.ts";
export { makeSampleBill, seededRandom } from "./generate.ts";
export { renderSamplePdf } from "./pdf.ts";
export { scanPage } from "./scan.ts";

export type SampleBill = {
  name: string;
  carrier: BillCarrier;
  seed: number;
  lines: number;
  carrierName?: string;
  /** Also shipped as a scan of page 1, made with this seed. */
  scanSeed?: number;
};

/** The shipped samples (tests/fixtures/bills, "Try a sample bill"): one per layout, 1–3 pages. */
export const SAMPLE_BILLS: SampleBill[] = [
  { name: "att", carrier: "att", seed: 11, lines: 16 },
  { name: "verizon", carrier: "verizon", seed: 22, lines: 26 },
  { name: "tmobile", carrier: "tmobile", seed: 34, lines: 10 },
  {
    name: "generic",
    carrier: "generic",
    seed: 44,
    lines: 12,
    carrierName: "Northwind Mobile",
    scanSeed: 3,
  },
];

const billOf = (sample: SampleBill) =>
  makeSampleBill({
    carrier: sample.carrier,
    seed: sample.seed,
    lines: sample.lines,
    ...(sample.carrierName ? { carrierName: sample.carrierName } : {}),
  });

export async function sampleBill(sample: SampleBill): Promise<{ pdf: Uint8Array; truth: Bill }> {
  return renderSamplePdf(billOf(sample));
}

/**
 * The generic sample with only its account number and line table left (`renderPartialSamplePdf`),
 * and the whole bill it was cut from.
 */
export async function partialSampleBill(): Promise<{ pdf: Uint8Array; truth: Bill }> {
  const generic = SAMPLE_BILLS.find((s) => s.carrier === "generic");
  if (!generic) throw new Error("no generic sample");
  const truth = billOf(generic);
  return { pdf: await renderPartialSamplePdf(truth), truth };
}
