import { readFileSync } from "node:fs";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  ANALYSIS_NOT_DONE,
  ATTACH_A_CUSTOMER_FIRST,
  DEMO_BILLS,
} from "#app/lib/schemas/bill-analyzer.ts";
import { BILL_ANALYSIS_NOT_FOUND, UPLOAD_A_BILL_FIRST } from "#app/lib/schemas/bills.ts";
import { BILL_READ_FAILURES, runNextBillJob, shutDownOcr } from "#server/bills/index.ts";
import { billAnalyses, customers, quotes } from "#server/db/schema/index.ts";
import { PROJECT_ROOT } from "#server/platform/paths.ts";
import { getQuote } from "#server/quotes/index.ts";
import { serviceContext } from "#server/runtime.server.ts";
import { createCompanyWithAgent, signInCookie } from "./helpers/accounts.ts";
import { userContextFor } from "./helpers/contexts.ts";
import { type PageServer, setUpTestRuntime } from "./helpers/fixture.ts";
import { pageRequests } from "./helpers/page-requests.ts";
import type { TestRuntime } from "./helpers/runtime.ts";

// The bill analyzer's screens (issue 16): the upload page's action (a file, a shipped sample,
// a delete) and the analysis page's (attach, quote from the bill, delete), through the page
// server as a browser posts them; another company's agent finds nothing, a visitor signs in.

const world = setUpTestRuntime({ demo: true, pages: true });
let rt: TestRuntime;
let server: PageServer;
const PASSWORD = "bill-page-password-8";
let north: { companyId: string; userId: string; cookie: string };
let south: { companyId: string; userId: string; cookie: string };
const { get, post } = pageRequests(() => server.url);
const fixture = (name: string) =>
  new Uint8Array(readFileSync(join(PROJECT_ROOT, "tests/fixtures/bills", name)));

async function person(company: string, username: string) {
  const made = await createCompanyWithAgent(rt, { company, username, password: PASSWORD });
  return { ...made, cookie: await signInCookie(server.url, username, PASSWORD) };
}

beforeAll(async () => {
  ({ rt, pages: server } = world());
  north = await person("Analyzer North", "analyzer_north");
  south = await person("Analyzer South", "analyzer_south");
});

afterAll(() => shutDownOcr());

/** The upload form as the page posts it: multipart, with the file when there is one. */
function uploadForm(cookie: string, file: { bytes: Uint8Array; name: string } | null) {
  const form = new FormData();
  form.set("intent", "upload");
  if (file) form.set("file", new File([new Uint8Array(file.bytes)], file.name));
  return fetch(`${server.url}/dashboard/bill-analyzer?index`, {
    method: "POST",
    headers: { cookie },
    body: form,
    redirect: "manual",
  });
}

/** The analysis id an action redirected to. */
function analysisOf(res: Response): string {
  expect(res.status).toBe(302);
  const match = /^\/dashboard\/bill-analyzer\/([0-9a-f-]{36})$/.exec(
    res.headers.get("location") ?? "",
  );
  if (!match?.[1]) throw new Error(`not an analysis: ${res.headers.get("location")}`);
  return match[1];
}

async function runQueued() {
  const ctx = serviceContext(rt);
  while (await runNextBillJob(ctx)) {}
}

async function northCustomer(companyName: string) {
  const [row] = await rt.database.db
    .insert(customers)
    .values({
      companyId: north.companyId,
      name: "Bea Biller",
      companyName,
      email: "bea@billed.example",
      createdBy: north.userId,
    })
    .returning({ id: customers.id });
  if (!row) throw new Error("no customer");
  return row.id;
}

describe("the upload page", () => {
  it("takes a bill, queues it and opens its page, which shows progress then the tabs", async () => {
    const id = analysisOf(
      await uploadForm(north.cookie, { bytes: fixture("att.pdf"), name: "October bill.pdf" }),
    );
    const waiting = await get(`/dashboard/bill-analyzer/${id}`, north.cookie);
    expect(waiting.status).toBe(200);
    const html = await waiting.text();
    expect(html).toContain("Analyzing the bill");
    expect(html).toContain('role="progressbar"');
    await runQueued();
    const done = await (await get(`/dashboard/bill-analyzer/${id}`, north.cookie)).text();
    for (const tab of [
      "Cost Summary",
      "Line Details",
      "Enterprise Analysis",
      "Compliance &amp; Security",
    ]) {
      expect(done).toContain(tab);
    }
    expect(done).toContain("Quote from this bill");
    // Cost Summary, att.pdf: the saving says what it compares, and each chart what it counts
    // (the department chart's line charges and the line-type chart's plans differ by design).
    const text = done.replace(/<!-- -->/g, "").replace(/&#x27;/g, "'");
    expect(text).toMatch(/data-testid="bill-annual-savings">\$2,640\.00</);
    expect(text).toContain(
      "Plan charges on this bill ($590.00 a month) vs the option's plan prices ($370.00), before taxes",
    );
    expect(text).toContain(
      "Each line's plan, device installment and roaming charges: $1,005.63 in all, before taxes and fees.",
    );
    expect(text).toContain(
      "Plan charges only: $590.00 in all, without device installments, roaming, taxes or fees.",
    );
    expect(done).toContain(`/dashboard/bill-analyzer/${id}/report.pdf`);
    expect(done).toContain(`/dashboard/bill-analyzer/${id}/lines.xlsx`);
    const list = await (await get("/dashboard/bill-analyzer", north.cookie)).text();
    expect(list).toContain("October bill.pdf");
  });

  it("says 'Please upload a bill first' without a file, and refuses a renamed file by its bytes", async () => {
    const none = await uploadForm(north.cookie, null);
    expect(none.status).toBe(400);
    expect(await none.text()).toContain(UPLOAD_A_BILL_FIRST);
    const renamed = await uploadForm(north.cookie, {
      bytes: new TextEncoder().encode("just some notes, not a bill"),
      name: "bill.pdf",
    });
    expect(renamed.status).toBe(400);
    expect(await renamed.text()).toContain(BILL_READ_FAILURES.not_a_bill_file);
    expect(
      await rt.database.db.$count(billAnalyses, eq(billAnalyses.companyId, north.companyId)),
    ).toBe(1);
  });

  it("analyses a shipped sample by its name, and refuses any other name", async () => {
    const sample = DEMO_BILLS[1];
    const id = analysisOf(
      await post(
        "/dashboard/bill-analyzer?index",
        { intent: "sample", sample: sample.name },
        north.cookie,
      ),
    );
    const [row] = await rt.database.db
      .select({ fileName: billAnalyses.fileName, companyId: billAnalyses.companyId })
      .from(billAnalyses)
      .where(eq(billAnalyses.id, id));
    expect(row).toEqual({ fileName: sample.file, companyId: north.companyId });
    for (const name of ["../../package.json", "att.pdf", ""]) {
      const res = await post(
        "/dashboard/bill-analyzer?index",
        { intent: "sample", sample: name },
        north.cookie,
      );
      expect(res.status).toBe(400);
    }
  });

  it("deletes a past analysis after its confirm; another company's is not found", async () => {
    const id = analysisOf(
      await post(
        "/dashboard/bill-analyzer?index",
        { intent: "sample", sample: "tmobile" },
        north.cookie,
      ),
    );
    const other = await post(
      "/dashboard/bill-analyzer?index",
      { intent: "delete", id },
      south.cookie,
    );
    expect(other.status).toBe(404);
    const res = await post(
      "/dashboard/bill-analyzer?index",
      { intent: "delete", id },
      north.cookie,
    );
    expect(res.status).toBe(200);
    expect(await rt.database.db.$count(billAnalyses, eq(billAnalyses.id, id))).toBe(0);
  });
});

describe("an analysis' page", () => {
  let id = "";
  beforeAll(async () => {
    id = analysisOf(
      await post(
        "/dashboard/bill-analyzer?index",
        { intent: "sample", sample: "att" },
        north.cookie,
      ),
    );
  });

  it("quotes only a finished analysis filed under a customer", async () => {
    const early = await post(`/dashboard/bill-analyzer/${id}`, { intent: "quote" }, north.cookie);
    expect(early.status).toBe(400);
    expect(await early.text()).toContain(ANALYSIS_NOT_DONE);
    await runQueued();
    const unattached = await post(
      `/dashboard/bill-analyzer/${id}`,
      { intent: "quote" },
      north.cookie,
    );
    expect(unattached.status).toBe(400);
    expect(await unattached.text()).toContain(ATTACH_A_CUSTOMER_FIRST);
  });

  it("attaches the bill to a customer, then quotes the bill's lines for them with the saving", async () => {
    const customerId = await northCustomer("Billed Lines Ltd");
    const attached = await post(
      `/dashboard/bill-analyzer/${id}`,
      { intent: "attach", customerId },
      north.cookie,
    );
    expect(attached.status).toBe(200);
    const page = await (await get(`/dashboard/bill-analyzer/${id}`, north.cookie)).text();
    expect(page).toContain("Billed Lines Ltd");

    const res = await post(`/dashboard/bill-analyzer/${id}`, { intent: "quote" }, north.cookie);
    expect(res.status).toBe(302);
    const quoteId = /\/dashboard\/quotes\/([0-9a-f-]{36})$/.exec(
      res.headers.get("location") ?? "",
    )?.[1];
    if (!quoteId) throw new Error("no quote");
    const [row] = await rt.database.db
      .select({ billAnalysisId: quotes.billAnalysisId, customerId: quotes.customerId })
      .from(quotes)
      .where(eq(quotes.id, quoteId));
    expect(row).toEqual({ billAnalysisId: id, customerId });
    const ctx = await userContextFor(rt, { id: north.userId });
    const quote = await getQuote(ctx, { id: quoteId });
    expect(quote.source).toBe("bill");
    // att.pdf's plan charges ($590.00), not its $1,148.10 total, against T-Mobile's $370.00.
    expect(quote.saving).toEqual({
      currentMonthlyCents: 59_000,
      monthlyCents: 22_000,
      yearlyCents: 264_000,
    });
    const quotePage = await (await get(`/dashboard/quotes/${quoteId}`, north.cookie)).text();
    expect(quotePage).toContain('data-testid="quote-saving"');
    expect(quotePage.replace(/<!-- -->/g, "")).toContain(
      "Plan charges on the current bill $590.00 a month; saves $220.00 a month ($2,640.00 a year), before taxes.",
    );

    // A quote saved before the rule changed held the bill's total: migration 0016 reads its plan
    // charges again from its analysis, and states none once the analysis is gone.
    const migration = readFileSync(
      join(PROJECT_ROOT, "server/db/migrations/0016_quote_saving_plan_charges.sql"),
      "utf8",
    );
    const savingOf = async () =>
      (
        await rt.database.db
          .select({ cents: quotes.currentMonthlyCents })
          .from(quotes)
          .where(eq(quotes.id, quoteId))
      )[0]?.cents;
    await rt.database.db
      .update(quotes)
      .set({ currentMonthlyCents: 114_810 })
      .where(eq(quotes.id, quoteId));
    await rt.database.db.execute(sql.raw(migration));
    expect(await savingOf()).toBe(59_000);
    await rt.database.db
      .update(quotes)
      .set({ currentMonthlyCents: 114_810, billAnalysisId: null })
      .where(eq(quotes.id, quoteId));
    await rt.database.db.execute(sql.raw(migration));
    expect(await savingOf()).toBeNull();
    // A quote already sent keeps the figure its customer was sent.
    await rt.database.db
      .update(quotes)
      .set({ currentMonthlyCents: 114_810, status: "sent" })
      .where(eq(quotes.id, quoteId));
    await rt.database.db.execute(sql.raw(migration));
    expect(await savingOf()).toBe(114_810);
    // A customer of another company cannot be attached.
    const foreign = await rt.database.db
      .insert(customers)
      .values({
        companyId: south.companyId,
        name: "Sam",
        companyName: "Southern Co",
        createdBy: south.userId,
      })
      .returning({ id: customers.id });
    const refused = await post(
      `/dashboard/bill-analyzer/${id}`,
      { intent: "attach", customerId: foreign[0]?.id ?? "" },
      north.cookie,
    );
    expect(refused.status).toBe(404);
  });

  it("is not found for another company's agent, on the page and for every intent", async () => {
    const page = await get(`/dashboard/bill-analyzer/${id}`, south.cookie);
    expect(page.status).toBe(404);
    const body = await page.text();
    expect(body).toContain(BILL_ANALYSIS_NOT_FOUND);
    expect(body).not.toContain("att.pdf");
    const southCustomer = await rt.database.db
      .insert(customers)
      .values({
        companyId: south.companyId,
        name: "Sue",
        companyName: "South Own",
        createdBy: south.userId,
      })
      .returning({ id: customers.id });
    const intents: Record<string, string>[] = [
      { intent: "attach", customerId: southCustomer[0]?.id ?? "" },
      { intent: "quote" },
      { intent: "delete" },
    ];
    for (const fields of intents) {
      const res = await post(`/dashboard/bill-analyzer/${id}`, fields, south.cookie);
      expect(res.status, fields.intent).toBe(404);
    }
    expect(await rt.database.db.$count(billAnalyses, eq(billAnalyses.id, id))).toBe(1);
    const [row] = await rt.database.db
      .select({ customerId: billAnalyses.customerId })
      .from(billAnalyses)
      .where(eq(billAnalyses.id, id));
    expect(row?.customerId).not.toBe(southCustomer[0]?.id);
  });

  it("sends a visitor to sign in", async () => {
    for (const path of ["/dashboard/bill-analyzer", `/dashboard/bill-analyzer/${id}`]) {
      const res = await get(path, undefined);
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toMatch(/^\/login/);
    }
  });

  it("deletes the analysis and goes back to the list", async () => {
    const res = await post(`/dashboard/bill-analyzer/${id}`, { intent: "delete" }, north.cookie);
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/dashboard/bill-analyzer");
    expect(await rt.database.db.$count(billAnalyses, eq(billAnalyses.id, id))).toBe(0);
    expect((await get(`/dashboard/bill-analyzer/${id}`, north.cookie)).status).toBe(404);
  });
});
