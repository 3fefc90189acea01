import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { DEMO_BILLS, type DemoBill } from "#app/lib/schemas/bill-analyzer.ts";
import type { UserContext } from "#server/platform/context.ts";
import { PROJECT_ROOT } from "#server/platform/paths.ts";
import { submitBill } from "./analyses.ts";

// "Try a sample bill": the shipped copies of the generator's samples (tests/fixtures/bills),
// picked by a name from a fixed list, so nothing the browser sends ever becomes a path.

const DEMO_BILLS_DIR = join(PROJECT_ROOT, "server/bills/samples/demo");

/** Queues the analysis of one shipped sample bill, as if the agent had uploaded it. */
export async function submitDemoBill(
  ctx: UserContext,
  input: { name: DemoBill["name"] },
): Promise<{ id: string }> {
  const sample = DEMO_BILLS.find((bill) => bill.name === input.name);
  if (!sample) throw new Error(`no demo bill named ${input.name}`);
  const bytes = new Uint8Array(await readFile(join(DEMO_BILLS_DIR, sample.file)));
  return submitBill(ctx, { fileName: sample.file, bytes });
}
