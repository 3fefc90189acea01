import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, inArray, sql } from "drizzle-orm";
import ExcelJS from "exceljs";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { billAnalysisResultSchema } from "#app/lib/bill-analysis.ts";
import {
  ANALYSIS_CRASHED,
  BILL_ANALYSIS_NOT_FOUND,
  BILL_TOO_LARGE,
  MAX_BILL_BYTES,
  UPLOAD_A_BILL_FIRST,
} from "#app/lib/schemas/bills.ts";
import { reportQuerySchema } from "#app/lib/schemas/reports.ts";
import {
  analyzeBill,
  attachToCustomer,
  BILL_JOB_MAX_ATTEMPTS,
  BILL_READ_FAILURES,
  BILL_UPLOAD_LIMIT,
  type Bill,
  billLinesWorkbook,
  billReportPdf,
  claimBillJob,
  createBillWorker,
  deleteAnalysis,
  listAnalyses,
  quoteFromBill,
  readBill,
  readWhole,
  runBillJob,
  runNextBillJob,
  shutDownOcr,
  submitBill,
} from "#server/bills/index.ts";
import { pdfWithHugeImage } from "#server/bills/samples/hostile.ts";
import { partialSampleBill } from "#server/bills/samples/index.ts";
import { certifiedDeviceNames } from "#server/catalog/index.ts";
import { type DatabaseHandle, openDatabase } from "#server/db/client.ts";
import { activities, billAnalyses, companies, customers } from "#server/db/schema/index.ts";
import type { UserContext } from "#server/platform/context.ts";
import { PROJECT_ROOT } from "#server/platform/paths.ts";
import { generateQuote, saveQuote } from "#server/quotes/index.ts";
import { activityDays, reportScope } from "#server/reports/index.ts";
import { serviceContext } from "#server/runtime.server.ts";
import { createCompanyWithAgent, signInCookie } from "./helpers/accounts.ts";
import { userContextFor } from "./helpers/contexts.ts";
import { type PageServer, setUpTestRuntime, type TestServer } from "./helpers/fixture.ts";
import { migrationStatements } from "./helpers/migrations.ts";
import { TEST_BASE_URL, type TestRuntime } from "./helpers/runtime.ts";

// The bill analyzer's API, jobs and storage (issue 16, decision 0024): an upload is judged by
// its bytes, stored under a random key and queued; a worker takes each job once, reads it and
// prices it through the quote engine; the company's people poll, download and delete it, and
// nobody else finds it. Runs on PGlite, and on PostgreSQL with TEST_DATABASE_URL.

const FIXTURES = join(PROJECT_ROOT, "tests/fixtures/bills");
const fixture = (name: string) => new Uint8Array(readFileSync(join(FIXTURES, name)));
const truthOf = (name: string): Bill =>
  JSON.parse(readFileSync(join(FIXTURES, `${name}.json`), "utf8"));
const SAMPLES = ["att", "verizon", "tmobile", "generic"] as const;

const world = setUpTestRuntime({ demo: true, api: true, pages: true });
let rt: TestRuntime;
let server: TestServer;
let pages: PageServer;
let north: { companyId: string; userId: string; cookie: string; ctx: UserContext };
let south: { companyId: string; cookie: string; ctx: UserContext };
const PASSWORD = "bill-sturdy-password-4";

async function person(company: string, username: string) {
  const made = await createCompanyWithAgent(rt, { company, username, password: PASSWORD });
  return {
    ...made,
    cookie: await signInCookie(server.url, username, PASSWORD),
    ctx: await userContextFor(rt, { username }),
  };
}

beforeAll(async () => {
  ({ rt, api: server, pages } = world());
  north = await person("Bills North", "bills_north");
  south = await person("Bills South", "bills_south");
});

afterAll(() => shutDownOcr());

function upload(
  cookie: string | null,
  file: { bytes: Uint8Array; name: string } | null,
  options: { query?: string; headers?: Record<string, string> } = {},
) {
  const form = new FormData();
  if (file) form.set("file", new File([new Uint8Array(file.bytes)], file.name));
  const headers: Record<string, string> = { origin: TEST_BASE_URL, ...options.headers };
  if (cookie) headers.cookie = cookie;
  return fetch(`${server.url}/api/analyze-bill${options.query ?? ""}`, {
    method: "POST",
    headers,
    body: form,
  });
}

function call(cookie: string | null, path: string, method = "GET") {
  const headers: Record<string, string> = { origin: TEST_BASE_URL };
  if (cookie) headers.cookie = cookie;
  // The downloads are page routes; the rest is the API's.
  const base = path.startsWith("/dashboard/") ? pages.url : server.url;
  return fetch(`${base}${path}`, { method, headers, redirect: "manual" });
}

async function queued(res: Response): Promise<string> {
  expect(res.status, await res.clone().text()).toBe(202);
  const body = (await res.json()) as { id: string; status: string };
  expect(body.status).toBe("pending");
  return body.id;
}

/** Runs `fn` with this process's worker taking jobs, as the server runs it (for `?wait=1`). */
async function withWorker(fn: () => Promise<void>) {
  const worker = createBillWorker({
    context: () => serviceContext(rt),
    logger: pino({ level: "silent" }),
    pollMs: 50,
  });
  worker.start();
  try {
    await fn();
  } finally {
    await worker.stop();
  }
}

/** Runs every queued job in this process, as the worker would. */
async function runQueued() {
  const ctx = serviceContext(rt);
  while (await runNextBillJob(ctx)) {}
}

type State = { status: string; stage: string; progress: number; error: string | null };
async function stateOf(cookie: string, id: string) {
  const res = await call(cookie, `/api/bill-analyses/${id}`);
  expect(res.status).toBe(200);
  return (await res.json()) as State & { result: unknown };
}

const storedFiles = (companyId: string) => {
  const dir = join(rt.config.dataDir, "files", "bills", companyId);
  return existsSync(dir) ? readdirSync(dir) : [];
};

describe("POST /api/analyze-bill and the worker", () => {
  for (const name of SAMPLES) {
    it(`analyses ${name}.pdf: every line and the bill's total`, async () => {
      const truth = truthOf(name);
      const id = await queued(
        await upload(north.cookie, { bytes: fixture(`${name}.pdf`), name: `${name}.pdf` }),
      );
      await runQueued();
      const state = await stateOf(north.cookie, id);
      expect(state).toMatchObject({ status: "completed", stage: "done", progress: 100 });
      const result = billAnalysisResultSchema.parse(state.result);
      expect(result.lines).toHaveLength(truth.lines.length);
      expect(result.totalMonthlyBill).toBe(truth.totals.currentChargesCents / 100);
      const [row] = await rt.database.db.select().from(billAnalyses).where(eq(billAnalyses.id, id));
      expect(row).toMatchObject({
        totalMonthlyCents: truth.totals.currentChargesCents,
        carrier: name === "generic" ? null : name,
        attempts: 1,
        lockedUntil: null,
        mimeType: "application/pdf",
        readSource: "text",
      });
    });
  }

  it("takes the saving from the quote engine's recommended option, never a percentage", async () => {
    const bytes = fixture("verizon.pdf");
    const id = (await submitBill(north.ctx, { fileName: "verizon.pdf", bytes })).id;
    await runQueued();
    const [row] = await rt.database.db
      .select({ result: billAnalyses.result, annualSavingsCents: billAnalyses.annualSavingsCents })
      .from(billAnalyses)
      .where(eq(billAnalyses.id, id));
    const quote = await generateQuote(north.ctx, {
      currentBill: analyzeBill((await readBill(bytes)).bill),
    });
    const saving = quote.saving;
    const recommended = quote.options.find((o) => o.recommended);
    if (!saving || !recommended) throw new Error("the engine priced no saving");
    expect(row?.result?.potentialSavings.annualSavings).toBe(Math.max(0, saving.yearlyCents / 100));
    // The same figure in its column, which the dashboard ranks unquoted bills by.
    expect(row?.annualSavingsCents).toBe(Math.max(0, saving.yearlyCents));
    expect(row?.result?.competitiveAnalysis.marketComparison.costDifference).toBe(
      saving.monthlyCents / 100,
    );
    expect(row?.result?.competitiveAnalysis.marketComparison.advantages[0]).toContain(
      recommended.label,
    );
  });

  it("compares the bill's plan charges with the option's plan prices, on screen and in both exports", async () => {
    // att.pdf: $1,148.10 in all, of which plans $590.00; device installments ($258.31) stay due,
    // roaming ($157.32) was this month's and taxes and fees ($142.47) apply to any carrier.
    // T-Mobile prices the 16 lines at $370.00 before taxes: $220.00 a month, $2,640.00 a year.
    const id = (await submitBill(north.ctx, { fileName: "att.pdf", bytes: fixture("att.pdf") })).id;
    await runQueued();
    const [row] = await rt.database.db
      .select({ result: billAnalyses.result, annualSavingsCents: billAnalyses.annualSavingsCents })
      .from(billAnalyses)
      .where(eq(billAnalyses.id, id));
    const result = billAnalysisResultSchema.parse(row?.result);
    expect(result.totalMonthlyBill).toBe(1148.1);
    expect(result.potentialSavings.compared).toEqual({ planCharges: 590, option: 370 });
    expect(result.potentialSavings.annualSavings).toBe(2640);
    expect(row?.annualSavingsCents).toBe(264_000);
    expect(result.competitiveAnalysis.marketComparison.costDifference).toBe(220);
    expect(result.competitiveAnalysis.marketComparison.advantages.slice(0, 2)).toEqual([
      "T-Mobile prices the same 16 lines at $370.00 a month.",
      "That is $220.00 a month less than the plan charges on this bill ($590.00): $2,640.00 a year, before taxes.",
    ]);
    expect(result.potentialSavings.enterpriseOpportunities).toContain(
      "Move to T-Mobile to save $2,640.00 a year in plan charges on the same lines, before taxes.",
    );
    const basis =
      "Plan charges on this bill ($590.00 a month) vs the option's plan prices ($370.00), before taxes";

    const pdf = await billReportPdf(north.ctx, { id });
    const path = join(mkdtempSync(join(tmpdir(), "bill-saving-")), "report.pdf");
    writeFileSync(path, pdf.bytes);
    const text = execFileSync("pdftotext", [path, "-"], { encoding: "utf8" }).replace(/\s+/g, " ");
    expect(text).toContain("$2,640.00");
    expect(text).toContain(`Compared: ${basis}.`);
    expect(text).not.toContain("$9,337.20");
    rmSync(path);

    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await billLinesWorkbook(north.ctx, { id })).bytes.buffer);
    const figures = new Map<string, ExcelJS.CellValue>();
    workbook
      .getWorksheet("Summary")
      ?.eachRow((r) => figures.set(String(r.getCell(1).value), r.getCell(2).value));
    expect(figures.get("Annual savings")).toBe(2640);
    expect(figures.get("Monthly difference with our recommended option")).toBe(220);
    expect(figures.get("Savings compare")).toBe(basis);
  });

  it("logs each completed analysis, so the Activity Report keeps it once the analysis is deleted", async () => {
    const agent = await createCompanyWithAgent(rt, {
      company: "Counted Bills Co",
      username: "counted_bills",
      password: "counted-bills-password-1",
    });
    const ctx = await userContextFor(rt, { id: agent.userId });
    const billsAnalysed = async () =>
      (await activityDays(ctx, reportScope(ctx, reportQuerySchema.parse({ period: "all" }))))
        .map((day) => day.billsAnalysed)
        .reduce((sum, n) => sum + n, 0);
    const ids: string[] = [];
    for (const name of ["att", "tmobile"]) {
      ids.push(
        (await submitBill(ctx, { fileName: `${name}.pdf`, bytes: fixture(`${name}.pdf`) })).id,
      );
    }
    await runQueued();
    expect(await billsAnalysed()).toBe(2);
    const logged = await rt.database.db
      .select({ actorId: activities.actorId, details: activities.details })
      .from(activities)
      .where(eq(activities.companyId, agent.companyId));
    expect(logged).toEqual(
      expect.arrayContaining([
        { actorId: agent.userId, details: { analysisId: ids[0], fileName: "att.pdf" } },
      ]),
    );
    await deleteAnalysis(ctx, { id: ids[0] ?? "" });
    expect(
      await rt.database.db.$count(billAnalyses, eq(billAnalyses.companyId, agent.companyId)),
    ).toBe(1);
    expect(await billsAnalysed()).toBe(2);
  });

  it("answers the analysis itself with ?wait=1 once the worker is done", async () => {
    await withWorker(async () => {
      const res = await upload(
        north.cookie,
        { bytes: fixture("att.pdf"), name: "att.pdf" },
        { query: "?wait=1" },
      );
      expect(res.status).toBe(200);
      const result = billAnalysisResultSchema.parse(await res.json());
      expect(result.lines).toHaveLength(truthOf("att").lines.length);

      const failed = await upload(
        north.cookie,
        { bytes: fixture("att.pdf").slice(0, 2_000), name: "cut.pdf" },
        { headers: { prefer: "wait" } },
      );
      expect(failed.status).toBe(400);
      expect(await failed.json()).toEqual({
        error: BILL_READ_FAILURES.pdf_damaged,
        code: "pdf_damaged",
      });
    });
  });

  it("judges a PNG named .pdf by its bytes: an image, read by OCR", {
    timeout: 90_000,
  }, async () => {
    const id = await queued(
      await upload(north.cookie, { bytes: fixture("generic-scan.png"), name: "bill.pdf" }),
    );
    await runQueued();
    const state = await stateOf(north.cookie, id);
    expect(state.status).toBe("completed");
    const result = billAnalysisResultSchema.parse(state.result);
    expect(result.lines).toHaveLength(truthOf("generic").lines.length);
    const file = await call(north.cookie, `/api/bill-analyses/${id}/file`);
    expect(file.headers.get("content-type")).toBe("image/png");
  });

  it("stores a damaged PDF's job as failed, with the reader's words", async () => {
    const id = (
      await submitBill(north.ctx, {
        fileName: "cut.pdf",
        bytes: fixture("generic.pdf").slice(0, 900),
      })
    ).id;
    await runQueued();
    expect(await stateOf(north.cookie, id)).toMatchObject({
      status: "failed",
      error: BILL_READ_FAILURES.pdf_damaged,
      result: null,
    });
  });

  it("fails at once, with the reader's words, a bill whose read passes the memory limit", {
    timeout: 60_000,
  }, async () => {
    // A 700-byte scanned page whose image declares 20,000 × 20,000 pixels: read in this process it
    // grew to 3.3 GB; in the reader's child it is killed at the limit, and not tried again.
    const id = (
      await submitBill(north.ctx, { fileName: "huge.pdf", bytes: pdfWithHugeImage(20_000) })
    ).id;
    await runQueued();
    expect(await stateOf(north.cookie, id)).toMatchObject({
      status: "failed",
      error: BILL_READ_FAILURES.too_much_memory,
      result: null,
    });
    const [row] = await north.ctx.db
      .select({ attempts: billAnalyses.attempts })
      .from(billAnalyses)
      .where(eq(billAnalyses.id, id));
    expect(row?.attempts).toBe(1);
  });

  it("refuses an empty, random, oversized or huge-image file, and keeps none of it", async () => {
    const { companyId, cookie } = await person("Bills Refused", "bills_refused");
    const huge = fixture("generic-scan.png").slice(0, 33);
    new DataView(huge.buffer).setUint32(16, 20_000);
    new DataView(huge.buffer).setUint32(20, 20_000);
    const oversized = new Uint8Array(MAX_BILL_BYTES + 1);
    oversized.set(new TextEncoder().encode("%PDF-1.7\n"));
    const cases: [Uint8Array | null, string][] = [
      [null, UPLOAD_A_BILL_FIRST],
      [new Uint8Array(0), BILL_READ_FAILURES.empty],
      [
        crypto.getRandomValues(new Uint8Array(4_096)).fill(0x41, 0, 8),
        BILL_READ_FAILURES.not_a_bill_file,
      ],
      [new TextEncoder().encode("Name,Amount\nA,1\n"), BILL_READ_FAILURES.not_a_bill_file],
      [oversized, BILL_TOO_LARGE],
      [huge, BILL_READ_FAILURES.image_too_large],
    ];
    for (const [bytes, message] of cases) {
      const res = await upload(cookie, bytes ? { bytes, name: "bill.pdf" } : null);
      expect(res.status, message).toBe(400);
      expect(((await res.json()) as { error: string }).error).toBe(message);
    }
    expect(storedFiles(companyId)).toEqual([]);
    const rows = await rt.database.db
      .select()
      .from(billAnalyses)
      .where(eq(billAnalyses.companyId, companyId));
    expect(rows).toEqual([]);
  });

  it("takes a form only, and a customer of the agent's own company", async () => {
    const json = await fetch(`${server.url}/api/analyze-bill`, {
      method: "POST",
      headers: { origin: TEST_BASE_URL, cookie: north.cookie, "content-type": "application/json" },
      body: JSON.stringify({ file: "x" }),
    });
    expect(json.status).toBe(415);
    const [theirs] = await rt.database.db
      .insert(customers)
      .values({ companyId: south.companyId, name: "Sue", companyName: "South Upload Co" })
      .returning({ id: customers.id });
    const form = new FormData();
    form.set("file", new File([fixture("generic.pdf")], "generic.pdf"));
    form.set("customerId", theirs?.id ?? "");
    const res = await fetch(`${server.url}/api/analyze-bill`, {
      method: "POST",
      headers: { origin: TEST_BASE_URL, cookie: north.cookie },
      body: form,
    });
    expect(res.status).toBe(404);
    form.set("customerId", "not-an-id");
    const bad = await fetch(`${server.url}/api/analyze-bill`, {
      method: "POST",
      headers: { origin: TEST_BASE_URL, cookie: north.cookie },
      body: form,
    });
    expect(bad.status).toBe(400);
    expect(storedFiles(north.companyId).length).toBe(
      (await listAnalyses(north.ctx, { page: 1 })).total,
    );
  });

  it("limits uploads per agent", async () => {
    const { cookie } = await person("Bills Busy", "bills_busy");
    for (let i = 0; i < BILL_UPLOAD_LIMIT; i++)
      expect((await upload(cookie, null)).status).toBe(400);
    const limited = await upload(cookie, null);
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toMatch(/^\d+$/);
  });
});

describe("reading, downloading and deleting an analysis", () => {
  let id: string;
  beforeAll(async () => {
    id = (await submitBill(north.ctx, { fileName: "generic.pdf", bytes: fixture("generic.pdf") }))
      .id;
  });

  it("serves the original to its company: its stored type, as an attachment", async () => {
    const res = await call(north.cookie, `/api/bill-analyses/${id}/file`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="generic.pdf"');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(fixture("generic.pdf"));
  });

  it("answers a pending analysis with its state", async () => {
    expect(await stateOf(north.cookie, id)).toEqual({
      id,
      status: "pending",
      stage: "uploading",
      progress: 0,
      error: null,
      result: null,
      readSource: null,
    });
  });

  it("is not found for another company's agent, on every route", async () => {
    for (const [path, method] of [
      [`/api/bill-analyses/${id}`, "GET"],
      [`/api/bill-analyses/${id}/file`, "GET"],
      [`/api/bill-analyses/${id}`, "DELETE"],
    ] as const) {
      const res = await call(south.cookie, path, method);
      expect(res.status, `${method} ${path}`).toBe(404);
      expect(await res.json()).toEqual({ error: BILL_ANALYSIS_NOT_FOUND });
    }
    for (const download of ["report.pdf", "lines.xlsx"]) {
      const res = await call(south.cookie, `/dashboard/bill-analyzer/${id}/${download}`);
      expect(res.status, download).toBe(404);
    }
    expect((await call(north.cookie, `/api/bill-analyses/${id}`)).status).toBe(200);
    expect((await call(north.cookie, "/api/bill-analyses/not-an-id")).status).toBe(404);
    const listed = await listAnalyses(south.ctx, { page: 1 });
    expect(listed.items.map((a) => a.id)).not.toContain(id);
    expect((await listAnalyses(north.ctx, { page: 1 })).items.map((a) => a.id)).toContain(id);
  });

  it("answers 401 to a signed-out visitor", async () => {
    expect((await upload(null, { bytes: fixture("generic.pdf"), name: "g.pdf" })).status).toBe(401);
    for (const [path, method] of [
      [`/api/bill-analyses/${id}`, "GET"],
      [`/api/bill-analyses/${id}/file`, "GET"],
      [`/api/bill-analyses/${id}`, "DELETE"],
      [`/api/bill-analyses/${id}/customer`, "POST"],
      ["/api/bill-analyses", "GET"],
    ] as const) {
      expect((await call(null, path, method)).status, `${method} ${path}`).toBe(401);
    }
    for (const download of ["report.pdf", "lines.xlsx"]) {
      const res = await call(null, `/dashboard/bill-analyzer/${id}/${download}`);
      expect(res.status, download).toBe(302);
      expect(res.headers.get("location"), download).toMatch(/^\/login\?/);
    }
  });

  it("attaches an analysis to the company's own customers only", async () => {
    const [own, other] = await rt.database.db
      .insert(customers)
      .values([
        { companyId: north.companyId, name: "Nell", companyName: "North Bills Co" },
        { companyId: south.companyId, name: "Sid", companyName: "South Bills Co" },
      ])
      .returning({ id: customers.id });
    if (!own || !other) throw new Error("customers not made");
    await attachToCustomer(north.ctx, { id, customerId: own.id });
    await expect(attachToCustomer(north.ctx, { id, customerId: other.id })).rejects.toMatchObject({
      kind: "not_found",
    });
    await expect(attachToCustomer(south.ctx, { id, customerId: other.id })).rejects.toMatchObject({
      kind: "not_found",
    });
    const [row] = await rt.database.db
      .select({ customerId: billAnalyses.customerId })
      .from(billAnalyses)
      .where(eq(billAnalyses.id, id));
    expect(row?.customerId).toBe(own.id);
  });

  it("deletes the analysis and its file", async () => {
    const before = storedFiles(north.companyId).length;
    const res = await call(north.cookie, `/api/bill-analyses/${id}`, "DELETE");
    expect(res.status).toBe(204);
    expect(storedFiles(north.companyId)).toHaveLength(before - 1);
    expect((await call(north.cookie, `/api/bill-analyses/${id}`)).status).toBe(404);
    expect((await call(north.cookie, `/api/bill-analyses/${id}/file`)).status).toBe(404);
  });
});

describe("jobs across processes", () => {
  it("takes a job again once the process that held it has died", async () => {
    const ctx = serviceContext(rt);
    const { id } = await submitBill(north.ctx, {
      fileName: "g.pdf",
      bytes: fixture("generic.pdf"),
    });
    const first = await claimBillJob(ctx);
    expect(first).toMatchObject({ id, attempts: 1 });
    // The process that took it dies here; while its hold lasts, nobody else takes the job.
    expect(await claimBillJob(ctx)).toBeNull();
    await rt.database.db
      .update(billAnalyses)
      .set({ lockedUntil: sql`now() - interval '1 second'` })
      .where(eq(billAnalyses.id, id));
    const again = await claimBillJob(ctx);
    expect(again).toMatchObject({ id, attempts: 2 });
    if (!again || !first) throw new Error("not taken");
    // The dead process's late write (its take) changes nothing.
    await runBillJob(ctx, first);
    expect((await stateOf(north.cookie, id)).status).toBe("processing");
    await runBillJob(ctx, again);
    expect(await stateOf(north.cookie, id)).toMatchObject({ status: "completed", progress: 100 });
  });

  it("fails a job that crashed its process on every attempt, with a generic message", async () => {
    const { id } = await submitBill(north.ctx, {
      fileName: "g.pdf",
      bytes: fixture("generic.pdf"),
    });
    await rt.database.db
      .update(billAnalyses)
      .set({
        status: "processing",
        attempts: BILL_JOB_MAX_ATTEMPTS,
        lockedUntil: sql`now() - interval '1 second'`,
      })
      .where(eq(billAnalyses.id, id));
    await runQueued();
    expect(await stateOf(north.cookie, id)).toMatchObject({
      status: "failed",
      error: ANALYSIS_CRASHED,
    });
  });

  it("shows the stage while it works, and puts the job back when the worker stops", {
    timeout: 60_000,
  }, async () => {
    const { id } = await submitBill(north.ctx, {
      fileName: "scan.png",
      bytes: fixture("generic-scan.png"),
    });
    const worker = createBillWorker({
      context: () => serviceContext(rt),
      logger: pino({ level: "silent" }),
      pollMs: 20,
    });
    worker.start();
    let seen: State | null = null;
    try {
      for (let waited = 0; waited < 30_000 && seen?.stage !== "ocr"; waited += 20) {
        seen = await stateOf(north.cookie, id);
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    } finally {
      await worker.stop();
    }
    expect(seen).toMatchObject({ status: "processing", stage: "ocr", progress: 20 });
    const [row] = await rt.database.db.select().from(billAnalyses).where(eq(billAnalyses.id, id));
    expect(row).toMatchObject({ status: "pending", attempts: 0, lockedUntil: null, progress: 0 });
    expect((await call(north.cookie, `/api/bill-analyses/${id}`, "DELETE")).status).toBe(204);
  });

  it("takes each company's oldest job in turn: one company's queue does not hold up another's", async () => {
    const ctx = serviceContext(rt);
    // What earlier tests left queued is out of the way.
    await rt.database.db
      .update(billAnalyses)
      .set({ status: "failed", lockedUntil: null })
      .where(inArray(billAnalyses.status, ["pending", "processing"]));
    const queue = [north, north, north, south, north, south];
    const ids: string[] = [];
    for (const [i, who] of queue.entries()) {
      const { id } = await submitBill(who.ctx, { fileName: `${i}.pdf`, bytes: fixture("att.pdf") });
      await rt.database.db
        .update(billAnalyses)
        .set({ createdAt: new Date(Date.UTC(2020, 0, 1, 9, 0, i)) })
        .where(eq(billAnalyses.id, id));
      ids.push(id);
    }
    const [n1, n2, n3, s1, n4, s2] = ids;
    const taken: string[] = [];
    for (let job = await claimBillJob(ctx); job; job = await claimBillJob(ctx)) taken.push(job.id);
    expect(taken).toEqual([n1, s1, n2, s2, n3, n4]);
    await rt.database.db
      .update(billAnalyses)
      .set({ status: "failed", lockedUntil: null })
      .where(inArray(billAnalyses.id, ids));
  });

  it("never gives one job to two workers", { timeout: 60_000 }, async () => {
    // A second pool on the same PostgreSQL database stands for a second server process.
    let second: DatabaseHandle | null = null;
    if (rt.testDatabase.url) {
      second = await openDatabase(
        { kind: "postgres", url: rt.testDatabase.url, maxConnections: 3 },
        { logger: pino({ level: "silent" }) },
      );
    }
    try {
      const one = serviceContext(rt);
      const two = { ...one, db: second?.db ?? one.db };
      const ids = new Set<string>();
      for (let i = 0; i < 6; i++) {
        ids.add(
          (await submitBill(north.ctx, { fileName: `${i}.pdf`, bytes: fixture("att.pdf") })).id,
        );
      }
      const claims = await Promise.all(
        Array.from({ length: 12 }, (_, i) => claimBillJob(i % 2 === 0 ? one : two)),
      );
      const taken = claims.flatMap((job) => (job ? [job.id] : []));
      expect(taken.sort()).toEqual([...ids].sort());
      // Handed back, then run by two workers at once until the queue is empty.
      await rt.database.db
        .update(billAnalyses)
        .set({ status: "pending", attempts: 0, lockedUntil: null })
        .where(inArray(billAnalyses.id, [...ids]));
      const logger = pino({ level: "silent" });
      const workers = [one, two].map((ctx) =>
        createBillWorker({ context: () => ctx, logger, pollMs: 20 }),
      );
      for (const worker of workers) worker.start();
      try {
        for (let waited = 0; waited < 50_000; waited += 100) {
          const open = await rt.database.db
            .select({ id: billAnalyses.id })
            .from(billAnalyses)
            .where(sql`${billAnalyses.status} in ('pending', 'processing')`);
          if (open.length === 0) break;
          await new Promise((resolve) => setTimeout(resolve, 100));
        }
      } finally {
        await Promise.all(workers.map((w) => w.stop()));
      }
      const rows = await rt.database.db
        .select({ status: billAnalyses.status, attempts: billAnalyses.attempts })
        .from(billAnalyses)
        .where(inArray(billAnalyses.id, [...ids]));
      expect(rows).toHaveLength(6);
      for (const row of rows) expect(row).toEqual({ status: "completed", attempts: 1 });
    } finally {
      await second?.close();
    }
  });
});

/** A completed analysis of a sample, as the worker leaves it (without the OCR and quote work). */
async function completed(ctx: UserContext, name: (typeof SAMPLES)[number], customerId?: string) {
  const { id } = await submitBill(ctx, {
    fileName: `${name}.pdf`,
    bytes: fixture(`${name}.pdf`),
    customerId,
  });
  await rt.database.db
    .update(billAnalyses)
    .set({
      status: "completed",
      stage: "done",
      progress: 100,
      result: analyzeBill(readWhole(truthOf(name))),
      completedAt: new Date("2026-11-24T12:00:00Z"),
    })
    .where(eq(billAnalyses.id, id));
  return id;
}

const json = (cookie: string | null, path: string, body: unknown) =>
  fetch(`${server.url}${path}`, {
    method: "POST",
    headers: {
      origin: TEST_BASE_URL,
      "content-type": "application/json",
      ...(cookie ? { cookie } : {}),
    },
    body: JSON.stringify(body),
  });

describe("GET /api/bill-analyses and POST /api/bill-analyses/:id/customer", () => {
  it("lists the company's analyses a page at a time, newest first", async () => {
    const id = await completed(north.ctx, "att");
    const res = await call(north.cookie, "/api/bill-analyses?page=nonsense");
    expect(res.status).toBe(200);
    const body = (await res.json()) as { items: { id: string }[]; page: number; total: number };
    expect(body.page).toBe(1);
    expect(body.items[0]?.id).toBe(id);
    expect(body.total).toBeGreaterThanOrEqual(body.items.length);
    const theirs = (await (await call(south.cookie, "/api/bill-analyses")).json()) as {
      items: { id: string }[];
    };
    expect(theirs.items.map((a) => a.id)).not.toContain(id);
  });

  it("attaches to one of the company's customers; anything else is refused", async () => {
    const id = await completed(north.ctx, "verizon");
    const [own, other] = await rt.database.db
      .insert(customers)
      .values([
        { companyId: north.companyId, name: "Ann", companyName: "North Attach Co" },
        { companyId: south.companyId, name: "Sol", companyName: "South Attach Co" },
      ])
      .returning({ id: customers.id });
    if (!own || !other) throw new Error("customers not made");
    const path = `/api/bill-analyses/${id}/customer`;
    const ok = await json(north.cookie, path, { customerId: own.id });
    expect(ok.status, await ok.clone().text()).toBe(200);
    expect(await ok.json()).toEqual({ id, customerId: own.id });
    expect((await json(north.cookie, path, { customerId: other.id })).status).toBe(404);
    expect((await json(south.cookie, path, { customerId: other.id })).status).toBe(404);
    expect((await json(north.cookie, path, {})).status).toBe(400);
    expect((await json(north.cookie, path, { customerId: 7 })).status).toBe(400);
    expect(
      (await json(north.cookie, "/api/bill-analyses/nope/customer", { customerId: own.id })).status,
    ).toBe(404);
    expect((await json(null, path, { customerId: own.id })).status).toBe(401);
    const [row] = await rt.database.db
      .select({ customerId: billAnalyses.customerId })
      .from(billAnalyses)
      .where(eq(billAnalyses.id, id));
    expect(row?.customerId).toBe(own.id);
  });
});

describe("the report and the lines workbook", () => {
  const dir = mkdtempSync(join(tmpdir(), "bill-exports-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("prints a completed analysis for its company, named by the customer and the day", async () => {
    const [customer] = await rt.database.db
      .insert(customers)
      .values({ companyId: north.companyId, name: "Rae", companyName: "Report Ready Ltd" })
      .returning({ id: customers.id });
    const id = await completed(north.ctx, "tmobile", customer?.id);
    const truth = truthOf("tmobile");
    const res = await call(north.cookie, `/dashboard/bill-analyzer/${id}/report.pdf`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe(
      'attachment; filename="bill-analysis-report-ready-ltd-2026-11-24.pdf"',
    );
    const path = join(dir, "report.pdf");
    writeFileSync(path, new Uint8Array(await res.arrayBuffer()));
    const text = execFileSync("pdftotext", ["-layout", path, "-"], { encoding: "utf8" });
    expect(text).toContain("Bill analysis: Report Ready Ltd");
    expect(text).toContain("T-Mobile bill");
    for (const line of truth.lines) expect(text).toContain(line.phoneNumber);

    const book = await billLinesWorkbook(north.ctx, { id });
    expect(book.fileName).toBe("bill-analysis-report-ready-ltd-2026-11-24.xlsx");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(book.bytes.buffer);
    expect(workbook.worksheets.map((w) => w.name)).toEqual(["Lines", "Summary"]);
    expect(workbook.getWorksheet("Lines")?.rowCount).toBe(truth.lines.length + 2);
  });

  it("is not found for another company, or before the analysis is done", async () => {
    const id = await completed(north.ctx, "generic");
    await expect(billReportPdf(south.ctx, { id })).rejects.toMatchObject({ kind: "not_found" });
    await expect(billLinesWorkbook(south.ctx, { id })).rejects.toMatchObject({
      kind: "not_found",
    });
    const pending = (await submitBill(north.ctx, { fileName: "p.pdf", bytes: fixture("att.pdf") }))
      .id;
    await expect(billReportPdf(north.ctx, { id: pending })).rejects.toMatchObject({
      kind: "not_found",
    });
    expect((await call(south.cookie, `/dashboard/bill-analyzer/${id}/lines.xlsx`)).status).toBe(
      404,
    );
    expect(
      (await call(north.cookie, `/dashboard/bill-analyzer/${pending}/lines.xlsx`)).status,
    ).toBe(404);
  });
});

describe("how the bill was read", () => {
  const dir = mkdtempSync(join(tmpdir(), "bill-read-source-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  /** The report's text as pdftotext reads it, and the first cell of each sheet of the workbook. */
  async function exportsOf(id: string) {
    const path = join(dir, `${id}.pdf`);
    writeFileSync(path, (await billReportPdf(north.ctx, { id })).bytes);
    const text = execFileSync("pdftotext", [path, "-"], { encoding: "utf8" }).replace(/\s+/g, " ");
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await billLinesWorkbook(north.ctx, { id })).bytes.buffer);
    return { text, firstCells: workbook.worksheets.map((w) => w.getRow(1).getCell(1).value) };
  }

  it("keeps a scan as read by OCR, and its page and both exports say so; a text PDF's do not", {
    timeout: 90_000,
  }, async () => {
    const scan = (
      await submitBill(north.ctx, { fileName: "scan.png", bytes: fixture("generic-scan.png") })
    ).id;
    const text = (
      await submitBill(north.ctx, { fileName: "tmobile.pdf", bytes: fixture("tmobile.pdf") })
    ).id;
    await runQueued();
    const rows = await rt.database.db
      .select({ id: billAnalyses.id, readSource: billAnalyses.readSource })
      .from(billAnalyses)
      .where(inArray(billAnalyses.id, [scan, text]));
    expect(Object.fromEntries(rows.map((row) => [row.id, row.readSource]))).toEqual({
      [scan]: "ocr",
      [text]: "text",
    });
    expect(await stateOf(north.cookie, scan)).toMatchObject({
      status: "completed",
      readSource: "ocr",
    });
    expect(await stateOf(north.cookie, text)).toMatchObject({
      status: "completed",
      readSource: "text",
    });

    const page = async (id: string) => {
      const res = await call(north.cookie, `/dashboard/bill-analyzer/${id}`);
      expect(res.status).toBe(200);
      return res.text();
    };
    const scanPage = await page(scan);
    expect(scanPage).toMatch(/role="note"[^>]*>.*Read from a scanned image/s);
    expect(scanPage).toContain("Check names and figures against the bill before you quote them.");
    expect(await page(text)).not.toContain("Read from a scanned image");

    const scanned = await exportsOf(scan);
    expect(scanned.text).toContain(
      "Read from a scanned image. Text recognition can misread a name or a figure. Check names and figures against the bill before you quote them.",
    );
    expect(scanned.firstCells).toEqual(["Read from a scanned image", "Read from a scanned image"]);
    const plain = await exportsOf(text);
    expect(plain.text).not.toContain("scanned image");
    expect(plain.firstCells).toEqual(["Number", "Figure"]);
  });
  it("reads a PDF of a text page and a scanned page as mixed: the lines of both, and its page and both exports say it was partly scanned", {
    timeout: 90_000,
  }, async () => {
    // generic-mixed.pdf: page 1 the generic bill's text with 6 lines, page 2 an image only (a
    // scan of the other 6 and the international table), read by the job's child-process reader.
    const truth = truthOf("generic-mixed");
    const id = (
      await submitBill(north.ctx, { fileName: "mixed.pdf", bytes: fixture("generic-mixed.pdf") })
    ).id;
    await runQueued();
    const [row] = await rt.database.db
      .select({ readSource: billAnalyses.readSource })
      .from(billAnalyses)
      .where(eq(billAnalyses.id, id));
    expect(row?.readSource).toBe("mixed");
    const state = await stateOf(north.cookie, id);
    expect(state).toMatchObject({ status: "completed", readSource: "mixed" });
    const result = billAnalysisResultSchema.parse(state.result);

    // Every line of both pages, with its charges and data; the bill's own totals agree with them.
    const figures = (line: Bill["lines"][number]) => ({
      phoneNumber: line.phoneNumber,
      planCost: line.planCents / 100,
      dataUsageGB: line.dataGB,
      equipment: line.device?.monthlyCents ?? 0,
    });
    expect(
      result.lines.map((line) => ({
        phoneNumber: line.phoneNumber,
        planCost: line.planCost,
        dataUsageGB: line.dataUsageGB,
        equipment: Math.round((line.equipment?.monthlyPayment ?? 0) * 100),
      })),
    ).toEqual(truth.lines.map(figures));
    expect(result.totalMonthlyBill).toBe(truth.totals.currentChargesCents / 100);
    expect(result.notReadFromBill).toEqual([]);
    for (const issue of result.businessMetrics.complianceStatus.issues) {
      expect(issue).not.toMatch(/add up to/);
    }
    // Page 1's lines come from the text layer: names and plans exactly as printed.
    expect(result.lines.slice(0, 6).map((l) => [l.user, l.department, l.plan])).toEqual(
      truth.lines.slice(0, 6).map((l) => [l.user, l.department, l.plan]),
    );

    const page = await (await call(north.cookie, `/dashboard/bill-analyzer/${id}`)).text();
    expect(page).toMatch(/role="note"[^>]*>.*Partly read from a scanned image/s);
    expect(page).toContain(
      "Some pages were scanned, and text recognition can misread a name or a figure on them.",
    );
    expect(page).not.toContain("Read from a scanned image");
    const exported = await exportsOf(id);
    expect(exported.text).toContain(
      "Partly read from a scanned image. Some pages were scanned, and text recognition can misread a name or a figure on them. Check names and figures against the bill before you quote them.",
    );
    expect(exported.firstCells).toEqual([
      "Partly read from a scanned image",
      "Partly read from a scanned image",
    ]);
  });
});

describe("a file that is not a carrier bill, and a bill not read whole", () => {
  const dir = mkdtempSync(join(tmpdir(), "bill-not-read-"));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it("refuses our own report of a bill like any file that is not one, with the reason", async () => {
    // The reviewer's case: the report of att.pdf lists its 16 lines in a table, and was analysed
    // as a bill of $709.56 (13 of its lines) with no due date and a saving of $1,920.
    const analysed = (
      await submitBill(north.ctx, { fileName: "att.pdf", bytes: fixture("att.pdf") })
    ).id;
    await runQueued();
    const report = await call(north.cookie, `/dashboard/bill-analyzer/${analysed}/report.pdf`);
    expect(report.status).toBe(200);
    await withWorker(async () => {
      const res = await upload(
        north.cookie,
        { bytes: new Uint8Array(await report.arrayBuffer()), name: "report.pdf" },
        { query: "?wait=1" },
      );
      expect(res.status).toBe(400);
      expect(await res.json()).toEqual({
        error: BILL_READ_FAILURES.not_a_carrier_bill,
        code: "not_a_carrier_bill",
      });
    });
    expect(BILL_READ_FAILURES.not_a_carrier_bill).toBe(
      "The file does not look like a carrier bill: no account number, bill period, due date or total was found on it. Upload the carrier's own PDF of the bill, or a clear scan of every page.",
    );
  });

  it("says what it could not read from a real bill apart from its issues, on its page and in both exports", async () => {
    const { pdf, truth } = await partialSampleBill();
    const id = (await submitBill(north.ctx, { fileName: "top-cut-off.pdf", bytes: pdf })).id;
    await runQueued();
    const state = await stateOf(north.cookie, id);
    expect(state.status).toBe("completed");
    const result = billAnalysisResultSchema.parse(state.result);
    expect(result.lines).toHaveLength(truth.lines.length);
    expect(result.totalMonthlyBill).toBe(truth.totals.lineChargesCents / 100);
    expect(result.totalMonthlyBillFrom).toBe("lines");
    expect(result.notReadFromBill).toContain("The bill's due date could not be read.");
    expect(result.notReadFromBill).toContain("The bill's current charges could not be read.");
    // The customer's issues are the bill's lines' (data, idle lines, devices), none of ours.
    expect(result.businessMetrics.complianceStatus.issues.length).toBeGreaterThan(0);
    for (const issue of result.businessMetrics.complianceStatus.issues) {
      expect(issue).not.toContain("could not be read");
    }

    const page = (
      await (await call(north.cookie, `/dashboard/bill-analyzer/${id}`)).text()
    ).replace(/&#x27;/g, "'");
    expect(page).toMatch(/role="note"[^>]*>.*Some of the bill could not be read/s);
    expect(page).toContain("The bill's due date could not be read.");
    expect(page).toContain(
      "The total is the lines added up: the bill's own total could not be read.",
    );

    const path = join(dir, `${id}.pdf`);
    writeFileSync(path, (await billReportPdf(north.ctx, { id })).bytes);
    const text = execFileSync("pdftotext", [path, "-"], { encoding: "utf8" }).replace(/\s+/g, " ");
    expect(text).toContain(
      "Some of the bill could not be read. The analysis goes without what is listed here. Check its figures against the bill before you quote them. The bill's period could not be read. The bill's due date could not be read.",
    );
    expect(text).toContain(
      "The total is the lines added up: the bill's own total could not be read.",
    );
    expect(text.split("due date could not be read").length).toBe(2);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await billLinesWorkbook(north.ctx, { id })).bytes.buffer);
    expect(workbook.worksheets.map((w) => w.getRow(1).getCell(1).value)).toEqual([
      "Some of the bill could not be read",
      "Some of the bill could not be read",
    ]);
  });
  it("shows an analysis stored with its unread sentences among the issues as it shows a new one, once migrated", async () => {
    // The shape analyses had before notReadFromBill (decision 0023, addenda): the reader's
    // shortfalls among the customer's issues, and no note.
    const {
      notReadFromBill: _unread,
      totalMonthlyBillFrom: _from,
      ...made
    } = analyzeBill(readWhole(truthOf("generic")));
    const unread = [
      "The bill's bill period could not be read.",
      "The bill's due date could not be read.",
      'A line on page 1 could not be read: "(415) 555-0101 Voice Core 5GB 4000 2.00".',
    ];
    const ownIssues = made.businessMetrics.complianceStatus.issues;
    const old = {
      ...made,
      businessMetrics: {
        ...made.businessMetrics,
        complianceStatus: { policyCompliant: false, issues: [...unread, ...ownIssues] },
      },
    };
    const [row] = await rt.database.db
      .insert(billAnalyses)
      .values({
        companyId: north.companyId,
        uploadedBy: north.userId,
        fileName: "before-0020.pdf",
        mimeType: "application/pdf",
        sizeBytes: 1,
        status: "completed",
        stage: "done",
        progress: 100,
        result: old,
        readSource: "text",
        completedAt: new Date(),
      })
      .returning({ id: billAnalyses.id });
    if (!row) throw new Error("not stored");
    const { id } = row;
    for (const statement of migrationStatements("0020_bill_analysis_not_read")) {
      await rt.database.db.execute(sql.raw(statement));
    }

    const moved = [
      "The bill's period could not be read.",
      "The bill's due date could not be read.",
      'A line on page 1 could not be read: "(415) 555-0101 Voice Core 5GB 4000 2.00".',
    ];
    const result = billAnalysisResultSchema.parse((await stateOf(north.cookie, id)).result);
    expect(result.notReadFromBill).toEqual(moved);
    expect(result.businessMetrics.complianceStatus).toEqual({
      policyCompliant: ownIssues.length === 0,
      issues: ownIssues,
    });
    expect(result.totalMonthlyBillFrom).toBe("bill");

    const page = (await (await call(north.cookie, `/dashboard/bill-analyzer/${id}`)).text())
      .replace(/&#x27;/g, "'")
      .replace(/&quot;/g, '"');
    expect(page).toMatch(/role="note"[^>]*>.*Some of the bill could not be read/s);
    expect(page).not.toContain("The bill's bill period");
    // Once in what the page shows (the note), leaving out the loader's data in its scripts.
    const shown = page.replace(/<script\b[\s\S]*?<\/script>/g, "");
    for (const sentence of moved) expect(shown.split(sentence).length).toBe(2);

    const path = join(dir, `${id}.pdf`);
    writeFileSync(path, (await billReportPdf(north.ctx, { id })).bytes);
    const text = execFileSync("pdftotext", [path, "-"], { encoding: "utf8" }).replace(/\s+/g, " ");
    expect(text).toContain(
      "Some of the bill could not be read. The analysis goes without what is listed here. Check its figures against the bill before you quote them. The bill's period could not be read. The bill's due date could not be read.",
    );
    expect(text.split("due date could not be read").length).toBe(2);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load((await billLinesWorkbook(north.ctx, { id })).bytes.buffer);
    expect(workbook.worksheets.map((w) => w.getRow(1).getCell(1).value)).toEqual([
      "Some of the bill could not be read",
      "Some of the bill could not be read",
    ]);
  });
});

describe("devices not certified on the recommended carrier", () => {
  it("finds the bill's devices on a carrier's certified list, by model without storage", async () => {
    const names = ["Pixel 9 128GB", "iPhone 16 Pro 256GB", "Galaxy Watch7 LTE", "Nokia 3310"];
    const certified = await certifiedDeviceNames(serviceContext(rt), { carrier: "verizon", names });
    expect([...certified].sort()).toEqual([
      "Galaxy Watch7 LTE",
      "Pixel 9 128GB",
      "iPhone 16 Pro 256GB",
    ]);
  });

  it("reports them among the analysis's issues after the job compares the bill", async () => {
    const id = (await submitBill(north.ctx, { fileName: "att.pdf", bytes: fixture("att.pdf") })).id;
    await runQueued();
    const state = await stateOf(north.cookie, id);
    const result = billAnalysisResultSchema.parse(state.result);
    const devices = new Set(result.lines.flatMap((l) => l.equipment?.deviceName ?? []));
    const quote = await generateQuote(north.ctx, { currentBill: result });
    const carrier = quote.options.find((o) => o.recommended)?.carrier ?? "att";
    const certified = await certifiedDeviceNames(serviceContext(rt), {
      carrier,
      names: [...devices],
    });
    const flagged = result.businessMetrics.complianceStatus.issues.filter((i) =>
      i.includes("certified devices list"),
    );
    expect(flagged).toHaveLength(devices.size - certified.size);
    for (const name of devices) {
      expect(flagged.some((i) => i.startsWith(`${name} (`))).toBe(!certified.has(name));
    }
  });
});

describe("when agents see only their own", () => {
  it("hides a colleague's analyses from an agent, everywhere; managers and admins see all", async () => {
    await createCompanyWithAgent(rt, {
      company: "Bills North",
      username: "bills_north_2",
      password: PASSWORD,
    });
    await createCompanyWithAgent(rt, {
      company: "Bills North",
      username: "bills_north_admin",
      password: PASSWORD,
      role: "admin",
    });
    const id = await completed(north.ctx, "att");
    const setOwnOnly = (on: boolean) =>
      rt.database.db
        .update(companies)
        .set({ agentsSeeOwnOnly: on })
        .where(eq(companies.id, north.companyId));
    await setOwnOnly(true);
    try {
      const colleague = await userContextFor(rt, { username: "bills_north_2" });
      const admin = await userContextFor(rt, { username: "bills_north_admin" });
      const cookie = await signInCookie(server.url, "bills_north_2", PASSWORD);
      expect((await listAnalyses(colleague, { page: 1 })).items.map((a) => a.id)).not.toContain(id);
      expect((await listAnalyses(admin, { page: 1 })).items.map((a) => a.id)).toContain(id);
      for (const [path, method] of [
        [`/api/bill-analyses/${id}`, "GET"],
        [`/api/bill-analyses/${id}/file`, "GET"],
        [`/api/bill-analyses/${id}`, "DELETE"],
      ] as const) {
        expect((await call(cookie, path, method)).status, `${method} ${path}`).toBe(404);
      }
      const [customer] = await rt.database.db
        .insert(customers)
        .values({ companyId: north.companyId, name: "Oz", companyName: "Own Only Co" })
        .returning({ id: customers.id });
      await expect(
        attachToCustomer(colleague, { id, customerId: customer?.id ?? "" }),
      ).rejects.toMatchObject({ kind: "not_found" });
      await expect(billReportPdf(colleague, { id })).rejects.toMatchObject({ kind: "not_found" });
      await expect(billLinesWorkbook(colleague, { id })).rejects.toMatchObject({
        kind: "not_found",
      });
      await expect(quoteFromBill(colleague, { id })).rejects.toMatchObject({ kind: "not_found" });
      // Nor can a quote saved from the bill's figures claim it by its id.
      const [bill] = await rt.database.db
        .select({ result: billAnalyses.result })
        .from(billAnalyses)
        .where(eq(billAnalyses.id, id));
      await expect(
        saveQuote(colleague, {
          customerInfo: {
            companyName: "Own Only Co",
            companyWebsite: "https://ownonly.example",
            contactName: "Oz",
            contactEmail: "oz@ownonly.example",
          },
          currentBill: billAnalysisResultSchema.parse(bill?.result),
          billAnalysisId: id,
        }),
      ).rejects.toMatchObject({ kind: "invalid", message: "That bill analysis was not found." });
      expect((await billReportPdf(admin, { id })).bytes.length).toBeGreaterThan(1000);
      // The uploader still sees their own.
      const uploader = await userContextFor(rt, { username: "bills_north" });
      expect((await listAnalyses(uploader, { page: 1 })).items.map((a) => a.id)).toContain(id);
    } finally {
      await setOwnOnly(false);
    }
  });
});
