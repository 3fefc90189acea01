import { readFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { PROJECT_ROOT } from "#server/platform/paths.ts";
import { type Bill, readWhole } from "./bill.ts";
import { BILL_READ_FAILURES, BillReadError, type BillReadStage } from "./read/index.ts";
import {
  billReaderOnStandby,
  prepareBillReader,
  readBillIsolated,
  shutDownBillReader,
} from "./read-isolated.ts";
import { encryptedFlateBomb, pdfWithHugeImage } from "./samples/hostile.ts";

const FIXTURES = join(PROJECT_ROOT, "tests/fixtures/bills");
const fixture = (name: string) => new Uint8Array(readFileSync(join(FIXTURES, name)));
const truthOf = (name: string): Bill =>
  JSON.parse(readFileSync(join(FIXTURES, `${name}.json`), "utf8"));
const MB = 1024 * 1024;

async function failure(promise: Promise<unknown>): Promise<BillReadError> {
  const error = await promise.then(
    () => null,
    (e: unknown) => e,
  );
  if (!(error instanceof BillReadError))
    throw new Error(`expected a BillReadError, got ${String(error)}`);
  return error;
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

describe("readBillIsolated", () => {
  it("reads a text PDF and a scan exactly as readBill does, with the same stages", {
    timeout: 60_000,
  }, async () => {
    const stages: BillReadStage["stage"][] = [];
    const text = await readBillIsolated(fixture("generic.pdf"), {
      onStage: (s) => stages.push(s.stage),
    });
    expect(text.bill).toEqual(readWhole(truthOf("generic")));
    expect(text).toMatchObject({ type: "pdf", source: "text" });
    expect(stages).toEqual(["reading_text", "finding_lines"]);

    const scan = await readBillIsolated(fixture("generic-scan.png"));
    expect(scan).toMatchObject({ type: "png", source: "ocr" });
    expect(scan.bill.lines).toHaveLength(truthOf("generic").lines.length);
  });

  it("gives back the reader's own refusals, code and message", async () => {
    const error = await failure(readBillIsolated(new Uint8Array()));
    expect(error.failure).toBe("empty");
    expect(error.message).toBe(BILL_READ_FAILURES.empty);
  });

  it("kills a page whose image declares 20,000 × 20,000 pixels at the memory limit; this process stays small", {
    timeout: 60_000,
  }, async () => {
    // In this process, readBill grew to 3.3 GB on this 700-byte file and ran past two minutes.
    const before = process.memoryUsage.rss();
    let peak = before;
    const sample = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage.rss());
    }, 10);
    let pid = 0;
    const error = await failure(
      readBillIsolated(pdfWithHugeImage(20_000), {
        memoryLimitMb: 400,
        onChild: (p) => {
          pid = p;
        },
      }),
    ).finally(() => clearInterval(sample));
    expect(error.failure).toBe("too_much_memory");
    expect(error.message).toBe(BILL_READ_FAILURES.too_much_memory);
    expect(peak - before).toBeLessThan(64 * MB);
    await expect.poll(() => alive(pid)).toBe(false);
  });

  it("kills an encrypted PDF whose page unpacks to 600 MB at the memory limit; this process stays small", {
    timeout: 60_000,
  }, async ({ skip }) => {
    // 600 KB of file; in this process readBill grew by 878 MB on it (the count cannot see
    // through the encryption). Skipped where qpdf, which encrypts it, is not installed.
    const bomb = await encryptedFlateBomb(600);
    if (!bomb) return skip("qpdf is not installed");
    const before = process.memoryUsage.rss();
    let peak = before;
    const sample = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage.rss());
    }, 10);
    const error = await failure(readBillIsolated(bomb, { memoryLimitMb: 400 })).finally(() =>
      clearInterval(sample),
    );
    expect(error.failure).toBe("too_much_memory");
    expect(peak - before).toBeLessThan(64 * MB);
  });

  it("kills the child when the read is cancelled: no process is left", {
    timeout: 30_000,
  }, async () => {
    const controller = new AbortController();
    let pid = 0;
    const read = readBillIsolated(fixture("generic-scan.png"), {
      signal: controller.signal,
      onChild: (p) => {
        pid = p;
      },
      onStage: (s) => {
        if (s.stage === "ocr") controller.abort();
      },
    });
    const error = await failure(read);
    expect(error.failure).toBe("cancelled");
    expect(pid).toBeGreaterThan(0);
    await expect.poll(() => alive(pid)).toBe(false);
  });

  it("stops a read past its time limit", { timeout: 30_000 }, async () => {
    const error = await failure(readBillIsolated(fixture("generic-scan.png"), { timeLimitMs: 50 }));
    expect(error.failure).toBe("timed_out");
  });

  it("kills a reader that stops answering once its time limit and grace have passed", {
    timeout: 30_000,
  }, async () => {
    // A stopped process cannot check its own clock, as a page that hangs inside pdf.js cannot:
    // only the parent's timer ends it.
    let pid = 0;
    const error = await failure(
      readBillIsolated(fixture("generic.pdf"), {
        timeLimitMs: 100,
        onChild: (child) => {
          pid = child;
          process.kill(child, "SIGSTOP");
        },
      }),
    );
    expect(error.failure).toBe("timed_out");
    await expect.poll(() => alive(pid)).toBe(false);
  });

  describe("the reader kept on standby", () => {
    afterAll(() => shutDownBillReader());

    /** The pid of the reader on standby, once ready; never 0, which would mean the whole group. */
    const standbyPid = async (options?: Parameters<typeof prepareBillReader>[0]) => {
      const pid = await prepareBillReader(options);
      if (!pid) throw new Error("no reader is on standby");
      return pid;
    };

    const readWith = (bytes: Uint8Array, memoryLimitMb?: number) => {
      let pid = 0;
      const read = readBillIsolated(bytes, {
        memoryLimitMb,
        onChild: (p) => {
          pid = p;
        },
      });
      return { read, pid: () => pid };
    };

    it("reads the next bill in a process started before it came, then ends it and readies another", {
      timeout: 60_000,
    }, async () => {
      const ready = await standbyPid();
      const { read, pid } = readWith(fixture("generic.pdf"));
      expect((await read).bill).toEqual(readWhole(truthOf("generic")));
      expect(pid()).toBe(ready);
      // One process per bill: nothing a file made the reader allocate outlives its read.
      await expect.poll(() => alive(ready)).toBe(false);
      // Readied by the read's end, not by asking for one.
      await expect.poll(() => billReaderOnStandby(), { timeout: 10_000 }).toBeGreaterThan(0);
      expect(billReaderOnStandby()).not.toBe(ready);
    });

    it("is readied a moment after a read when no bill follows; a bill that follows at once gets a fresh reader", {
      timeout: 60_000,
    }, async () => {
      shutDownBillReader();
      await readWith(fixture("generic.pdf")).read;
      // A queue of bills: the next one comes at once and is read by a reader of its own.
      expect(billReaderOnStandby()).toBeUndefined();
      const queued = readWith(fixture("generic.pdf"));
      await queued.read;
      expect(billReaderOnStandby()).toBeUndefined();
      // No bill follows: a reader is readied for the next one.
      await expect.poll(() => billReaderOnStandby(), { timeout: 10_000 }).toBeGreaterThan(0);
      const waiting = billReaderOnStandby();
      const next = readWith(fixture("generic.pdf"));
      await next.read;
      expect(next.pid()).toBe(waiting);
      expect(queued.pid()).not.toBe(waiting);
    });

    it("is bound like a fresh reader: a hostile file is killed at the limit", {
      timeout: 60_000,
    }, async () => {
      // At the default limit, where the reader on standby has loaded tesseract too.
      const ready = await standbyPid();
      const { read, pid } = readWith(pdfWithHugeImage(20_000));
      const error = await failure(read);
      expect(error.failure).toBe("too_much_memory");
      expect(pid()).toBe(ready);
    });

    it("is replaced when it died while waiting, even the moment before it was taken: the bill is still read", {
      timeout: 60_000,
    }, async () => {
      for (const heard of [true, false]) {
        const ready = await standbyPid();
        process.kill(ready, "SIGKILL");
        if (heard) await expect.poll(() => alive(ready)).toBe(false);
        else {
          // Dead, but this process has not heard so yet: its loop has not turned since.
          const until = Date.now() + 100;
          while (Date.now() < until) {}
        }
        const { read, pid } = readWith(fixture("generic.pdf"));
        expect((await read).bill.lines, `heard: ${heard}`).toHaveLength(
          truthOf("generic").lines.length,
        );
        expect(pid()).not.toBe(ready);
      }
    });

    it("costs nothing but its head start when it cannot be started", {
      timeout: 30_000,
    }, async () => {
      shutDownBillReader();
      const node = process.execPath;
      process.execPath = "/nonexistent/node";
      try {
        // The failed start is heard (an unheard one would end this process) and reported.
        expect(await prepareBillReader()).toBeUndefined();
        expect(billReaderOnStandby()).toBeUndefined();
        await expect(readBillIsolated(fixture("generic.pdf"))).rejects.toThrow();
      } finally {
        process.execPath = node;
      }
      const { read } = readWith(fixture("generic.pdf"));
      expect((await read).bill.lines).toHaveLength(truthOf("generic").lines.length);
    });

    it("holds none of the server's secrets: only the environment a reader needs", {
      timeout: 30_000,
    }, async () => {
      shutDownBillReader();
      const secrets = {
        AUTH_SECRET: "reader-must-not-see-this-secret",
        DATABASE_URL: "postgres://secret@db/carrierline",
        SMTP_URL: "smtp://user:secret@mail",
      };
      Object.assign(process.env, secrets);
      try {
        const pid = await standbyPid();
        const environ = readFileSync(`/proc/${pid}/environ`, "utf8").split("\0");
        const names = environ.map((entry) => entry.slice(0, entry.indexOf("=")));
        for (const name of Object.keys(secrets)) expect(names).not.toContain(name);
        expect(names).toContain("PATH");
      } finally {
        for (const name of Object.keys(secrets)) delete process.env[name];
        shutDownBillReader();
      }
      // And the reader still reads with what it was given.
      const { read } = readWith(fixture("generic.pdf"));
      expect((await read).bill.lines).toHaveLength(truthOf("generic").lines.length);
    });

    it("is ended when no bill comes, and by shutDownBillReader", { timeout: 30_000 }, async () => {
      const first = await standbyPid();
      // Asked for again with a short wait: the same reader, whose wait starts again.
      const idle = await standbyPid({ idleMs: 300 });
      expect(idle).toBe(first);
      await expect.poll(() => alive(idle), { timeout: 5_000 }).toBe(false);
      const ready = await standbyPid();
      expect(alive(ready)).toBe(true);
      shutDownBillReader();
      await expect.poll(() => alive(ready)).toBe(false);
    });
  });
});
