import type { Bill, BillCarrier } from "#server/bills/bill.ts";
import { makeSampleBill } from "./generate.ts";
import { renderPartialSamplePdf, renderSamplePdf, renderTwoPageGenericPdf } from "./pdf.ts";
import { scanPage } from "./scan.ts";

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

const genericSample = () => {
  const generic = SAMPLE_BILLS.find((s) => s.carrier === "generic");
  if (!generic) throw new Error("no generic sample");
  return generic;
};

/**
 * The generic sample with only its account number and line table left (`renderPartialSamplePdf`),
 * and the whole bill it was cut from.
 */
export async function partialSampleBill(): Promise<{ pdf: Uint8Array; truth: Bill }> {
  const truth = billOf(genericSample());
  return { pdf: await renderPartialSamplePdf(truth), truth };
}

/** How the mixed sample is made: the lines on its text page 1, the seed of its page 2's scan. */
const MIXED = { linesOnPageOne: 6, scanSeed: 9 };

/**
 * The generic sample over two pages, page 1 as text and page 2 scanned (image only), as a bill
 * put together from the carrier's PDF and a scanner's: read as "mixed", with lines on both pages.
 */
export async function mixedSampleBill(): Promise<{ pdf: Uint8Array; truth: Bill }> {
  const bill = billOf(genericSample());
  const text = await renderTwoPageGenericPdf(bill, MIXED.linesOnPageOne);
  const scan = await scanPage(text.pdf, { seed: MIXED.scanSeed, page: 2 });
  const mixed = await renderTwoPageGenericPdf(bill, MIXED.linesOnPageOne, new Map([[2, scan]]));
  return { pdf: mixed.pdf, truth: text.truth };
}
