import { isBillReadError } from "./read/index.ts";
import { warmUpReader } from "./read/warm-up.ts";
import { readBill } from "./read-bill.ts";
import { type ChildMessage, READER_WARM_OCR_FLAG } from "./read-protocol.ts";

// The child process of `readBillIsolated` (decision 0044): reads one bill from the bytes the
// parent sends, reports each stage, answers with the result or the reason, then exits, so
// nothing a file made pdf.js or tesseract allocate outlives its read.

const send = (message: ChildMessage) =>
  new Promise<void>((resolve) => {
    if (!process.send) resolve();
    else process.send(message, undefined, undefined, () => resolve());
  });

let billCame = false;

process.once("message", async (message: unknown) => {
  billCame = true;
  void send({ type: "received" });
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

// A reader may wait on standby for its bill: it loads what reading needs meanwhile, so the bill
// does not wait for it. A bill that comes first is read at once and shares what is loading.
warmUpReader({ ocr: () => process.argv.includes(READER_WARM_OCR_FLAG) && !billCame }).then(
  () => send({ type: "ready" }),
  // Nothing lost: the bill loads what it needs itself, and says so if it cannot.
  () => send({ type: "ready" }),
);

// Under the parent's signal only: a stray parent's death must not leave the reader running.
process.on("disconnect", () => process.exit(1));
