import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import { createWorker, type Page, type Worker } from "tesseract.js";
import { BillReadError } from "./errors.ts";
import { groupIntoRows, type PositionedItem, type TextItem, type TextRow } from "./rows.ts";

// OCR with tesseract.js and the English data installed from npm (never downloaded at run time).
// One worker per process and one page at a time (about 170 MB and a core each); a page that
// takes too long has its worker terminated, the only way to stop tesseract, and the next page
// starts a fresh one.

const require = createRequire(import.meta.url);
const LANG_PATH = join(
  dirname(require.resolve("@tesseract.js-data/eng/package.json")),
  "4.0.0_best_int",
);
const LSTM_ONLY = 1;

let current: Promise<Worker> | null = null;
let queue: Promise<unknown> = Promise.resolve();

function worker(): Promise<Worker> {
  if (!current) {
    current = createWorker("eng", LSTM_ONLY, {
      langPath: LANG_PATH,
      gzip: true,
      cacheMethod: "none",
      // Without a handler a bad image throws inside the worker's message handler and ends the
      // process; with one, the recognize promise rejects and we answer for it.
      errorHandler: () => {},
    });
    current
      // Tesseract's notes ("Estimating resolution as 172") go to a file nobody reads, not to
      // the server's output.
      .then((w) => w.setParameters({ debug_file: "/dev/null" }))
      .catch(() => {
        current = null;
      });
  }
  return current;
}

async function stopWorker(): Promise<void> {
  const stopping = current;
  current = null;
  if (stopping) await stopping.then((w) => w.terminate()).catch(() => {});
}

/** Starts the process's OCR worker ahead of its first page; resolves once it is ready. */
export async function startOcr(): Promise<void> {
  await worker();
}

/** Ends the process's OCR worker (tests, shutdown); the next recognition starts another. */
export function shutDownOcr(): Promise<void> {
  return stopWorker();
}

export type OcrOptions = {
  /** Milliseconds this page may take, waiting for the worker included. */
  timeLimitMs: number;
  signal?: AbortSignal | undefined;
  /** Dots per inch the image was made at, to give positions in points like a PDF's. */
  dpi?: number;
};

/** Runs `task` when the ones before it are done: one recognition at a time in this process. */
function oneAtATime<T>(task: () => Promise<T>): Promise<T> {
  const run = queue.then(task, task);
  queue = run.catch(() => {});
  return run;
}

/** The image's words as rows of positioned text, straightened when the scan is slightly turned. */
export function recognizeRows(
  image: Uint8Array,
  imageHeight: number,
  options: OcrOptions,
): Promise<TextRow[]> {
  const started = Date.now();
  return oneAtATime(async () => {
    const left = options.timeLimitMs - (Date.now() - started);
    if (left <= 0) throw new BillReadError("timed_out");
    if (options.signal?.aborted) throw new BillReadError("cancelled");
    let timer: NodeJS.Timeout | undefined;
    let onAbort: (() => void) | undefined;
    const stopped = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new BillReadError("timed_out")), left);
      onAbort = () => reject(new BillReadError("cancelled"));
      options.signal?.addEventListener("abort", onAbort, { once: true });
    });
    const pending = worker();
    const recognition = pending.then((w) => {
      // Stopped while it was starting: a terminated worker must not be sent a job (tesseract.js
      // would reject it where nobody can catch it).
      if (current !== pending) throw new BillReadError("timed_out");
      return w.recognize(Buffer.from(image), { rotateAuto: true }, { blocks: true, text: false });
    });
    // A recognition abandoned at the time limit still settles later, on a stopped worker.
    recognition.catch(() => {});
    try {
      const result = await Promise.race([recognition, stopped]);
      return pageRows(result.data, imageHeight, options.dpi ?? 150);
    } catch (error) {
      // A page that ran out of time or was cancelled is still running: stop its worker.
      await stopWorker();
      if (error instanceof BillReadError) throw error;
      throw new BillReadError("unreadable_scan");
    } finally {
      clearTimeout(timer);
      if (onAbort) options.signal?.removeEventListener("abort", onAbort);
    }
  });
}

function pageRows(page: Page, imageHeight: number, dpi: number): TextRow[] {
  const k = 72 / dpi;
  const items: PositionedItem[] = [];
  const heights: number[] = [];
  for (const block of page.blocks ?? []) {
    for (const paragraph of block.paragraphs) {
      for (const line of paragraph.lines) {
        // Every word of a tesseract line on the line's baseline: its words' boxes vary with
        // descenders, its baseline does not.
        const baseline = (line.baseline.y0 + line.baseline.y1) / 2;
        heights.push((line.bbox.y1 - line.bbox.y0) * k);
        for (const word of line.words) {
          // Specks read as "©" or "-" between columns carry no letter or digit: not text.
          if (word.confidence < 20 || !/[A-Za-z0-9]/.test(word.text)) continue;
          items.push({
            str: word.text,
            x: word.bbox.x0 * k,
            width: (word.bbox.x1 - word.bbox.x0) * k,
            y: (imageHeight - baseline) * k,
          });
        }
      }
    }
  }
  heights.sort((a, b) => a - b);
  const median = heights[Math.floor(heights.length / 2)] ?? 10;
  // Tesseract splits a row into several lines when its cells are far apart (a label and its
  // amount); rows whose baselines are within a third of a line height are one row.
  const rows = groupIntoRows(items, median / 3);
  return rows.map((row) => ({ ...row, items: phrases(row.items, median * 0.45) }));
}

/**
 * Words closer than a space's width joined into one item, as a PDF prints a cell: a device name
 * of four words must reach its column as one piece, not lend its last word to the next column.
 */
function phrases(items: TextItem[], gap: number): TextItem[] {
  const joined: TextItem[] = [];
  for (const item of items) {
    const last = joined[joined.length - 1];
    if (last && item.x - (last.x + last.width) < gap) {
      last.str = `${last.str} ${item.str}`;
      last.width = item.x + item.width - last.x;
    } else {
      joined.push({ ...item });
    }
  }
  return joined;
}
