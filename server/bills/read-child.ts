import { isBillReadError } from "./read/index.ts";
import { readBill } from "./read-bill.ts";
import type { ChildMessage } from "./read-isolated.ts";

// The child process of `readBillIsolated` (decision 0044): reads one bill from the bytes the
// parent sends, reports each stage, answers with the result or the reason, then exits, so
// nothing a file made pdf.js or tesseract allocate outlives its read.

const send = (message: ChildMessage) =>
  new Promise<void>((resolve) => {
    if (!process.send) resolve();
    else process.send(message, undefined, undefined, () => resolve());
  });

process.once("message", async (message: unknown) => {
  if (
    typeof message !== "object" ||
    message === null ||
    !("bytes" in message) ||
    !(message.bytes instanceof Uint8Array) ||
    !("timeLimitMs" in message) ||
    typeof message.timeLimitMs !== "number"
  ) {
    await send({ type: "error", message: "the reader was sent no bytes" });
    process.exit(1);
  }
  try {
    const result = await readBill(message.bytes, {
      timeLimitMs: message.timeLimitMs,
      onStage: (stage) => void send({ type: "stage", stage }),
    });
    await send({ type: "done", result });
  } catch (error) {
    if (isBillReadError(error)) await send({ type: "failed", failure: error.failure });
    else
      await send({ type: "error", message: String(error instanceof Error ? error.stack : error) });
  }
  // The tesseract worker would keep the process alive; the parent wants it gone.
  process.exit(0);
});

// Under the parent's signal only: a stray parent's death must not leave the reader running.
process.on("disconnect", () => process.exit(1));
