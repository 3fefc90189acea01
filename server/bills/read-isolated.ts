import { type ChildProcess, fork } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import {
  BILL_READ_FAILURES,
  BillReadError,
  type BillReadFailure,
  DEFAULT_READ_TIME_LIMIT_MS,
  type ReadOptions,
} from "./read/index.ts";
import type { ReadBillResult } from "./read-bill.ts";
import { type ChildMessage, READER_WARM_OCR_FLAG } from "./read-protocol.ts";

// A bill is read in a child process the server kills past a memory limit (decision 0044): an
// encrypted PDF's streams cannot be counted before pdf.js decrypts them, and an image pdf.js
// decodes to render a scanned page can declare any size, so only the process's own size bounds
// what a hostile file costs. A child, not a worker thread: ArrayBuffers, canvas and wasm memory
// are outside a worker's `resourceLimits`, but all inside a process's resident size.

export const DEFAULT_READER_MEMORY_MB = 512;
/** How often the child's resident size is read: 450 MB can be allocated in well under a second. */
const WATCH_MS = 25;
/** Past the read's own time limit, for a page render the reader cannot interrupt. */
const TIME_GRACE_MS = 5_000;
/** A reader on standby not taken in this long is ended: an idle server holds no reader. */
export const STANDBY_IDLE_MS = 10 * 60_000;
/**
 * A reader on standby loads tesseract ahead only under a limit that leaves a bill room beside
 * it: the worker and its English data are about 150 MB of the child's resident size.
 */
const WARM_OCR_MIN_LIMIT_MB = 512;

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
  // Beside the bundle, which is here, or one folder up when the bundler put this module in a
  // chunk under assets/.
  const candidates = [
    join(dirname(here), "bill-reader.js"),
    join(dirname(here), "..", "bill-reader.js"),
  ];
  const built = candidates.find((path) => existsSync(path));
  if (!built) throw new Error(`The bill reader's entry is missing: ${candidates.join(" or ")}`);
  return built;
}

const isMessage = (value: unknown): value is ChildMessage =>
  typeof value === "object" &&
  value !== null &&
  "type" in value &&
  (value.type === "ready" ||
    value.type === "received" ||
    value.type === "stage" ||
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
  if (options.signal?.aborted) return Promise.reject(new BillReadError("cancelled"));
  const taken = takeReader(memoryLimitMb);
  return readWith(taken.reader, bytes, options).catch((error: unknown) => {
    // A reader on standby can die while it waits (killed from outside, say) in the moment before
    // it is taken: that says nothing of the bill, which a fresh reader then reads.
    if (error instanceof ReaderLost && taken.fromStandby) {
      return readWith(forkReader(memoryLimitMb, { warmOcr: false }), bytes, options);
    }
    if (error instanceof ReaderLost)
      throw new Error("The bill reader stopped before it had the bill");
    throw error;
  });
}

/** The reader went before it had the bill: not the file's doing. */
class ReaderLost extends Error {}

function readWith(
  reader: Reader,
  bytes: Uint8Array,
  options: IsolatedReadOptions,
): Promise<ReadBillResult> {
  const { child, memoryLimitMb } = reader;
  const timeLimitMs = options.timeLimitMs ?? DEFAULT_READ_TIME_LIMIT_MS;
  return new Promise<ReadBillResult>((resolve, reject) => {
    let settled = false;
    let received = false;
    let killedFor: BillReadFailure | null = null;
    const settle = (outcome: () => void, next: "standby" | "none" = "standby") => {
      if (settled) return;
      settled = true;
      clearInterval(watch);
      clearTimeout(timer);
      options.signal?.removeEventListener("abort", onAbort);
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      // The next bill's reader is readied once no bill follows at once; not after a cancellation,
      // which is a shutdown, nor when this read is taken over by a fresh reader.
      if (next === "standby" && killedFor !== "cancelled") standbyLater(memoryLimitMb);
      outcome();
    };
    const lost = () => settle(() => reject(new ReaderLost()), "none");
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
      if (message.type === "received") received = true;
      else if (message.type === "stage") options.onStage?.(message.stage);
      else if (message.type === "done") settle(() => resolve(message.result));
      else if (message.type === "failed" && isFailure(message.failure))
        settle(() => reject(new BillReadError(message.failure)));
      else if (message.type === "error")
        settle(() => reject(new Error(`The bill reader failed: ${message.message}`)));
    });
    child.on("error", (error) => settle(() => reject(error)));
    child.on("exit", (code, signal) => {
      if (settled) return;
      if (!received && killedFor === null) return lost();
      // V8 out of heap aborts the process; any other death with no answer is the file's doing
      // too (the same bytes would do it again), never a reason to retry or to take the server down.
      const memory = signal === "SIGABRT" || code === 134 || killedFor === "too_much_memory";
      settle(() => reject(new BillReadError(memory ? "too_much_memory" : "reader_crashed")));
    });
    if (!child.connected) return lost();
    child.send({ bytes, timeLimitMs }, undefined, undefined, (error) => {
      if (error) lost();
    });
  });
}

/** What a reader needs of the server's environment: no secret (AUTH_SECRET, DATABASE_URL, SMTP_URL). */
const READER_ENVIRONMENT = ["PATH", "HOME", "TMPDIR", "LANG", "LC_ALL", "TZ", "NODE_ENV"] as const;

/**
 * The reader runs pdf.js and tesseract on bytes anyone may upload; should a parser ever be made
 * to run code, the process holds nothing worth taking.
 */
function readerEnvironment(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  const kept: NodeJS.ProcessEnv = {};
  for (const name of READER_ENVIRONMENT) if (env[name] !== undefined) kept[name] = env[name];
  return kept;
}

/** A reader process: forked, loading what it reads with, waiting for one bill. */
type Reader = { child: ChildProcess; memoryLimitMb: number; ready: Promise<void> };

function forkReader(memoryLimitMb: number, options: { warmOcr: boolean }): Reader {
  const child = fork(
    childEntry(),
    options.warmOcr && memoryLimitMb >= WARM_OCR_MIN_LIMIT_MB ? [READER_WARM_OCR_FLAG] : [],
    {
      // The JS heap's own bound, under the process's: V8 then fails cleanly rather than the
      // watcher killing a process that only needed a collection.
      execArgv: [`--max-old-space-size=${Math.max(64, Math.floor(memoryLimitMb / 2))}`],
      serialization: "advanced",
      stdio: ["ignore", "inherit", "inherit", "ipc"],
      env: readerEnvironment(process.env),
    },
  );
  const ready = new Promise<void>((resolve) => {
    const onMessage = (message: unknown) => {
      if (isMessage(message) && message.type === "ready") done();
    };
    const done = () => {
      child.off("message", onMessage);
      child.off("exit", done);
      child.off("error", done);
      resolve();
    };
    child.on("message", onMessage);
    child.once("exit", done);
    // A process that could not start (no memory, no file handles) says so here and never exits;
    // unheard, this event would end the server's process.
    child.once("error", done);
  });
  return { child, memoryLimitMb, ready };
}

// One reader kept ready for the next bill (decision 0044): a fresh process still reads each bill,
// but it has started and loaded pdf.js and tesseract before the bill comes. Module-level, like
// the OCR worker: one per server process, which reads one bill at a time (decision 0024).
let standby: Reader | null = null;
let idleTimer: NodeJS.Timeout | undefined;
let laterTimer: NodeJS.Timeout | undefined;

/**
 * How long after a read no next bill must come before a reader is readied. Bills queued one
 * after another are read by fresh readers, as without a standby: one readied at once would still
 * be loading when the next bill took it, beside the page requests the server is answering, and
 * measured that way the other pages' p95 with two scans in flight rose from about 65 to 90–135 ms.
 */
const STANDBY_AFTER_MS = 1_000;

function standbyLater(memoryLimitMb: number) {
  clearTimeout(laterTimer);
  laterTimer = setTimeout(() => {
    // A reader that cannot be readied (the build's entry gone in a deploy, say) costs the next
    // bill its head start, never the server.
    try {
      keepStandby(memoryLimitMb);
    } catch (error) {
      console.error("the next bill reader could not be started", error);
    }
  }, STANDBY_AFTER_MS);
  laterTimer.unref();
}

const isUsable = (reader: Reader) =>
  reader.child.connected && reader.child.exitCode === null && reader.child.signalCode === null;

/** Starts a reader on standby unless one is there; it waits without holding this process open. */
function keepStandby(memoryLimitMb: number, idleMs = STANDBY_IDLE_MS): Reader {
  let reader = standby;
  if (!reader || !isUsable(reader) || reader.memoryLimitMb !== memoryLimitMb) {
    shutDownBillReader();
    const started = forkReader(memoryLimitMb, { warmOcr: true });
    started.child.unref();
    started.child.channel?.unref();
    const gone = () => {
      if (standby === started) shutDownBillReader();
    };
    started.child.once("exit", gone);
    started.child.once("error", gone);
    standby = started;
    reader = started;
  }
  // Its wait starts again each time a bill, or a caller, says one is wanted.
  clearTimeout(idleTimer);
  idleTimer = setTimeout(shutDownBillReader, idleMs);
  idleTimer.unref();
  return reader;
}

/** The reader on standby for this limit, or a new one (which does not load OCR ahead). */
function takeReader(memoryLimitMb: number): { reader: Reader; fromStandby: boolean } {
  clearTimeout(laterTimer);
  const reader = standby;
  if (reader && isUsable(reader) && reader.memoryLimitMb === memoryLimitMb) {
    standby = null;
    clearTimeout(idleTimer);
    reader.child.ref();
    reader.child.channel?.ref();
    return { reader, fromStandby: true };
  }
  shutDownBillReader();
  return { reader: forkReader(memoryLimitMb, { warmOcr: false }), fromStandby: false };
}

/**
 * Starts a reader on standby now, so that the next bill does not wait for one, and resolves with
 * its pid once it has loaded what it reads with.
 */
export async function prepareBillReader(
  options: {
    memoryLimitMb?: number | undefined;
    /** How long it waits for a bill before it is ended. Default: ten minutes. */
    idleMs?: number | undefined;
  } = {},
): Promise<number | undefined> {
  const reader = keepStandby(options.memoryLimitMb ?? DEFAULT_READER_MEMORY_MB, options.idleMs);
  // Held open while it is awaited here; a reader taken meanwhile is held by its read.
  const hold = (held: boolean) => {
    if (standby !== reader) return;
    if (held) reader.child.ref();
    else reader.child.unref();
    if (held) reader.child.channel?.ref();
    else reader.child.channel?.unref();
  };
  hold(true);
  await reader.ready;
  hold(false);
  return isUsable(reader) ? reader.child.pid : undefined;
}

/** The pid of the reader on standby, ready or still loading, if there is one. */
export function billReaderOnStandby(): number | undefined {
  return standby && isUsable(standby) ? standby.child.pid : undefined;
}

/** Ends the reader on standby, if any (shutdown, tests); the next bill starts a fresh one. */
export function shutDownBillReader(): void {
  clearTimeout(idleTimer);
  clearTimeout(laterTimer);
  const reader = standby;
  standby = null;
  if (reader && reader.child.exitCode === null && reader.child.signalCode === null)
    reader.child.kill("SIGKILL");
}
