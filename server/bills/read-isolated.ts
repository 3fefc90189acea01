import { type ChildProcess, fork } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  BILL_READ_FAILURES,
  BillReadError,
  type BillReadFailure,
  type BillReadStage,
  DEFAULT_READ_TIME_LIMIT_MS,
  type ReadOptions,
} from "./read/index.ts";
import type { ReadBillResult } from "./read-bill.ts";

// A bill is read in a child process the server kills past a memory limit (decision 0044): an
// encrypted PDF's streams cannot be counted before pdf.js decrypts them, and an image pdf.js
// decodes to render a scanned page can declare any size, so only the process's own size bounds
// what a hostile file costs. A child, not a worker thread: ArrayBuffers, canvas and wasm memory
// are outside a worker's `resourceLimits`, but all inside a process's resident size.

/** What the child tells its parent. */
export type ChildMessage =
  | { type: "stage"; stage: BillReadStage }
  | { type: "done"; result: ReadBillResult }
  | { type: "failed"; failure: BillReadFailure }
  | { type: "error"; message: string };

export const DEFAULT_READER_MEMORY_MB = 512;
/** How often the child's resident size is read: 450 MB can be allocated in well under a second. */
const WATCH_MS = 25;
/** Past the read's own time limit, for a page render the reader cannot interrupt. */
const TIME_GRACE_MS = 5_000;

export type IsolatedReadOptions = ReadOptions & {
  /** The child's resident size at which it is killed. Default: 512 MB. */
  memoryLimitMb?: number | undefined;
  /** The child's pid once started, for tests that check it is gone. */
  onChild?: ((pid: number) => void) | undefined;
};

/**
 * The child's entry: the TypeScript source beside this module when it runs from the sources
 * (tests, `react-router dev`; Node strips the types), the server build's `bill-reader.js` beside
 * the bundle otherwise. Found from this module's own path, never from the working directory.
 */
function childEntry(): string {
  const here = fileURLToPath(import.meta.url);
  if (here.endsWith(".ts")) return join(dirname(here), "read-child.ts");
  const built = join(dirname(here), "bill-reader.js");
  if (!existsSync(built)) throw new Error(`The bill reader's entry is missing: ${built}`);
  return built;
}

const isMessage = (value: unknown): value is ChildMessage =>
  typeof value === "object" &&
  value !== null &&
  "type" in value &&
  (value.type === "stage" ||
    value.type === "done" ||
    value.type === "failed" ||
    value.type === "error");

const isFailure = (value: string): value is BillReadFailure => value in BILL_READ_FAILURES;

/** The child's resident size in MB, or null where /proc cannot say (not Linux, already gone). */
function residentMb(pid: number): number | null {
  try {
    const match = /^VmRSS:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
    return match?.[1] ? Number(match[1]) / 1024 : null;
  } catch {
    return null;
  }
}

/** `readBill` in a child process bounded in memory and time, with the same stages and errors. */
export function readBillIsolated(
  bytes: Uint8Array,
  options: IsolatedReadOptions = {},
): Promise<ReadBillResult> {
  const memoryLimitMb = options.memoryLimitMb ?? DEFAULT_READER_MEMORY_MB;
  const timeLimitMs = options.timeLimitMs ?? DEFAULT_READ_TIME_LIMIT_MS;
  if (options.signal?.aborted) return Promise.reject(new BillReadError("cancelled"));
  return new Promise<ReadBillResult>((resolve, reject) => {
    const child: ChildProcess = fork(childEntry(), [], {
      // The JS heap's own bound, under the process's: V8 then fails cleanly rather than the
      // watcher killing a process that only needed a collection.
      execArgv: [`--max-old-space-size=${Math.max(64, Math.floor(memoryLimitMb / 2))}`],
      serialization: "advanced",
      stdio: ["ignore", "inherit", "inherit", "ipc"],
    });
    let settled = false;
    let killedFor: BillReadFailure | null = null;
    const settle = (outcome: () => void) => {
      if (settled) return;
      settled = true;
      clearInterval(watch);
      clearTimeout(timer);
      options.signal?.removeEventListener("abort", onAbort);
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      outcome();
    };
    const stop = (failure: BillReadFailure) => {
      killedFor = failure;
      child.kill("SIGKILL");
      settle(() => reject(new BillReadError(failure)));
    };
    const onAbort = () => stop("cancelled");
    options.signal?.addEventListener("abort", onAbort, { once: true });
    const timer = setTimeout(() => stop("timed_out"), timeLimitMs + TIME_GRACE_MS);
    const watch = setInterval(() => {
      const pid = child.pid;
      const size = pid === undefined ? null : residentMb(pid);
      if (size !== null && size > memoryLimitMb) stop("too_much_memory");
    }, WATCH_MS);
    if (child.pid !== undefined) options.onChild?.(child.pid);

    child.on("message", (message: unknown) => {
      if (!isMessage(message)) return;
      if (message.type === "stage") options.onStage?.(message.stage);
      else if (message.type === "done") settle(() => resolve(message.result));
      else if (message.type === "failed" && isFailure(message.failure))
        settle(() => reject(new BillReadError(message.failure)));
      else if (message.type === "error")
        settle(() => reject(new Error(`The bill reader failed: ${message.message}`)));
    });
    child.on("error", (error) => settle(() => reject(error)));
    child.on("exit", (code, signal) => {
      if (settled) return;
      // V8 out of heap aborts the process; any other death with no answer is the file's doing
      // too (the same bytes would do it again), never a reason to retry or to take the server down.
      const memory = signal === "SIGABRT" || code === 134 || killedFor === "too_much_memory";
      settle(() => reject(new BillReadError(memory ? "too_much_memory" : "reader_crashed")));
    });
    child.send({ bytes, timeLimitMs });
  });
}
