import { execFileSync } from "node:child_process";
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { formatCents } from "#app/lib/format.ts";
import { updateCompanyBranding } from "#server/accounts/index.ts";
import {
  activities,
  customers,
  mailOutbox,
  mailOutboxAttachments,
  quotes,
} from "#server/db/schema/index.ts";
import type { UserContext } from "#server/platform/context.ts";
import {
  generateQuote,
  getQuote,
  PROPOSAL_TEMPLATE,
  proposalFileName,
  saveQuote,
  sendProposal,
} from "#server/quotes/index.ts";
import { createCompanyWithAgent, signInCookie } from "./helpers/accounts.ts";
import { at, userContextFor } from "./helpers/contexts.ts";
import { type PageServer, setUpTestRuntime } from "./helpers/fixture.ts";
import { pageRequests } from "./helpers/page-requests.ts";
import type { TestRuntime } from "./helpers/runtime.ts";

// Proposals (issue 15): a saved quote as a branded PDF, downloaded from the quote page or mailed
// to its contact with the PDF attached through the mail port (the outbox without SMTP). The PDF
// is read back with poppler's pdftotext, as a customer's reader would.

const world = setUpTestRuntime({ demo: true, pages: true });
let rt: TestRuntime;
let server: PageServer;
let demo: UserContext;
let demoCookie: string;
let rivalCookie: string;

const CUSTOMER = {
  companyName: "Żywiec Façades & Co",
  companyWebsite: "https://facades.example",
  contactName: "Zoë Brontë",
  contactEmail: "zoe@facades.example",
};

async function savedQuote(
  ctx: UserContext,
  description: string,
  companyName = CUSTOMER.companyName,
  // Each company its own email: another company's customer's is refused (decision 0021).
  contactEmail = companyName === CUSTOMER.companyName
    ? CUSTOMER.contactEmail
    : `zoe@${companyName.toLowerCase().replace(/[^a-z0-9]+/g, "-")}.example`,
) {
  const customerInfo = { ...CUSTOMER, companyName, contactEmail };
  const draft = await generateQuote(ctx, { description, customerInfo });
  const { id } = await saveQuote(ctx, { customerInfo, description, needs: draft.needs });
  return getQuote(ctx, { id });
}

function pdfText(bytes: Uint8Array): string {
  const dir = mkdtempSync(join(tmpdir(), "proposal-"));
  try {
    const path = join(dir, "proposal.pdf");
    writeFileSync(path, bytes);
    return execFileSync("pdftotext", ["-layout", path, "-"], { encoding: "utf8" });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const { get, post } = pageRequests(() => server.url);

beforeAll(async () => {
  const w = world();
  rt = w.rt;
  server = w.pages;
  demo = await userContextFor(rt, { id: w.demo.agentId });
  await createCompanyWithAgent(rt, {
    company: "Rival Proposals Co",
    username: "rival_proposals",
    password: "rival-proposals-1",
  });
  demoCookie = await signInCookie(server.url, "demo", "carrierline-demo");
  rivalCookie = await signInCookie(server.url, "rival_proposals", "rival-proposals-1");
});

describe("downloading a proposal", () => {
  it("is a PDF of the quote's chosen option with the customer, totals and validity", async () => {
    const quote = await savedQuote(demo, "12 phones and 3 tablets on Verizon, 24 months");
    const option = quote.options.find((o) => o.recommended);
    if (!option) throw new Error("no recommended option");
    const res = await get(`/dashboard/quotes/${quote.id}/proposal`, demoCookie);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toBe(
      `attachment; filename="${proposalFileName(quote)}"`,
    );
    expect(proposalFileName(quote)).toMatch(/^proposal-zywiec-facades-co-q-[0-9a-f]{8}-v1\.pdf$/);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
    const text = pdfText(bytes);
    expect(text).toContain("Żywiec Façades & Co");
    expect(text).toContain("Zoë Brontë");
    expect(text).toContain(formatCents(option.totals.monthlyCents));
    expect(text).toContain(formatCents(option.totals.termCents));
    expect(text).toMatch(/Page 1 of \d/);
    // The quote itself is unchanged by a download.
    expect((await getQuote(demo, { id: quote.id })).status).toBe("draft");
  });

  it("carries the company's brand: its name on the proposal whatever the colour", async () => {
    const admin = { ...demo, user: { ...demo.user, role: "admin" } };
    await updateCompanyBranding(admin, { brandColor: "#7c3aed", quoteValidityDays: 30 });
    const quote = await savedQuote(demo, "2 phones");
    const res = await get(`/dashboard/quotes/${quote.id}/proposal`, demoCookie);
    expect(res.status).toBe(200);
    expect(pdfText(new Uint8Array(await res.arrayBuffer()))).toContain(
      demo.user.company ?? "no company",
    );
  });

  it("is 404 to another company's agent and sends a visitor to sign in", async () => {
    const quote = await savedQuote(demo, "4 phones");
    expect((await get(`/dashboard/quotes/${quote.id}/proposal`, rivalCookie)).status).toBe(404);
    expect((await get("/dashboard/quotes/not-a-quote/proposal", demoCookie)).status).toBe(404);
    const visitor = await get(`/dashboard/quotes/${quote.id}/proposal`);
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toMatch(/^\/login/);
  });
});

describe("the proposal's assumptions", () => {
  it("leave out the cue meant for the agent", async () => {
    const quote = await savedQuote(demo, "5 iPhones on AT&T, 24 months", "Cue Free Co");
    expect(quote.assumptions).toContain(
      'devices on monthly installments (say "buy outright" for full price)',
    );
    const res = await get(`/dashboard/quotes/${quote.id}/proposal`, demoCookie);
    const text = pdfText(new Uint8Array(await res.arrayBuffer()));
    expect(text).toContain("devices on monthly installments");
    expect(text).not.toContain("buy outright");
  });
});

describe("sending a proposal", () => {
  it("mails the PDF to the contact, marks the quote sent and logs it, all at once", async () => {
    const quote = await savedQuote(demo, "8 phones on T-Mobile", "Send Proof LLC");
    const res = await post(`/dashboard/quotes/${quote.id}`, { intent: "send" }, demoCookie);
    expect(res.status).toBe(200);
    expect(await res.text()).toContain(`Proposal sent to ${quote.contactEmail}`);

    const [mail] = await rt.database.db
      .select()
      .from(mailOutbox)
      .where(
        and(
          eq(mailOutbox.template, PROPOSAL_TEMPLATE),
          eq(mailOutbox.toAddress, quote.contactEmail),
        ),
      );
    if (!mail) throw new Error("no proposal in the outbox");
    expect(mail.companyId).toBe(demo.user.companyId);
    expect(mail.subject).toMatch(/^Your wireless proposal from .+ \(Q-[0-9A-F]{8}\)$/);
    const option = quote.options.find((o) => o.recommended);
    expect(mail.textBody).toContain(formatCents(option?.totals.monthlyCents ?? -1));
    const files = await rt.database.db
      .select()
      .from(mailOutboxAttachments)
      .where(eq(mailOutboxAttachments.outboxId, mail.id));
    expect(files.map((f) => [f.filename, f.contentType])).toEqual([
      [proposalFileName(quote), "application/pdf"],
    ]);
    expect(pdfText(files[0]?.content ?? new Uint8Array())).toContain("Send Proof LLC");

    const [row] = await rt.database.db.select().from(quotes).where(eq(quotes.id, quote.id));
    expect(row?.status).toBe("sent");
    expect(row?.sentAt).toBeInstanceOf(Date);
    const logged = await rt.database.db
      .select()
      .from(activities)
      .where(and(eq(activities.quoteId, quote.id), eq(activities.kind, "quote_sent")));
    expect(logged).toHaveLength(1);
    expect(logged[0]?.customerId).toBe(quote.customerId);
  });

  it("refuses an expired quote with a reason, and sends nothing", async () => {
    const quote = await savedQuote(demo, "5 phones", "Expired Proof Inc");
    const later = at(demo, new Date(Date.parse(`${quote.validUntil}T12:00:00Z`) + 86_400_000));
    const before = await rt.database.db.$count(mailOutbox);
    await expect(sendProposal(later, { id: quote.id })).rejects.toThrow(
      "This quote has expired. Make a new version to send current prices.",
    );
    expect(await rt.database.db.$count(mailOutbox)).toBe(before);
    const [row] = await rt.database.db.select().from(quotes).where(eq(quotes.id, quote.id));
    expect(row?.status).toBe("draft");
  });

  it("is 404 to another company's agent, and nothing is mailed", async () => {
    const quote = await savedQuote(demo, "6 phones", "Rival Target Corp");
    const before = await rt.database.db.$count(mailOutbox);
    const res = await post(`/dashboard/quotes/${quote.id}`, { intent: "send" }, rivalCookie);
    expect(res.status).toBe(404);
    expect(await rt.database.db.$count(mailOutbox)).toBe(before);
    const visitor = await post(`/dashboard/quotes/${quote.id}`, { intent: "send" });
    expect(visitor.status).toBe(302);
    expect(await rt.database.db.$count(mailOutbox)).toBe(before);
  });
});

describe("the dashboard's Send Proposal and Requote", () => {
  it("act on the customer's latest quote, and prefill the generator when there is none", async () => {
    // Harbor Logistics needs attention (a renewal due) and has no quote in the demo data.
    const customer = "Harbor Logistics";
    const home = async () => (await get("/dashboard", demoCookie)).text();
    expect(await home()).toContain(`Send Proposal to ${customer}`);
    // No quote yet: both lead to the generator with the customer's details.
    const [harbor] = await rt.database.db
      .select({ id: customers.id, email: customers.email })
      .from(customers)
      .where(
        and(eq(customers.companyId, demo.user.companyId), eq(customers.companyName, customer)),
      );
    if (!harbor) throw new Error("the demo data has no Harbor Logistics");
    expect(await home()).toContain(`/dashboard/quotes/new?customer=${harbor.id}`);
    const generator = await (
      await get(`/dashboard/quotes/new?customer=${harbor.id}`, demoCookie)
    ).text();
    expect(generator).toContain(`value="${customer}"`);
    expect(generator).toContain(`value="${harbor.email}"`);
    // Another company's agent gets an empty form for that id, not the customer.
    const rivalGenerator = await (
      await get(`/dashboard/quotes/new?customer=${harbor.id}`, rivalCookie)
    ).text();
    expect(rivalGenerator).not.toContain(customer);

    // Matched by the customer's email, as the generator prefills it (changed deliberately: a
    // company name alone no longer finds a customer, decision 0021).
    const buyer = harbor.email ?? "";
    const older = await savedQuote(demo, "3 phones", customer, buyer);
    const latest = await savedQuote(demo, "9 phones", customer, buyer);
    expect(older.customerId).toBe(harbor.id);
    expect(latest.customerId).toBe(harbor.id);
    expect(await home()).not.toContain(`/dashboard/quotes/new?customer=${harbor.id}`);

    // Another company's agent can neither send nor requote it, and nothing happens.
    const mails = await rt.database.db.$count(mailOutbox);
    for (const intent of ["send-proposal", "requote"]) {
      const res = await post("/dashboard?index", { intent, quoteId: latest.id }, rivalCookie);
      expect(res.status, intent).toBe(404);
    }
    expect(await rt.database.db.$count(mailOutbox)).toBe(mails);
    expect((await getQuote(demo, { id: latest.id })).versions).toHaveLength(1);

    const sent = await post(
      "/dashboard?index",
      { intent: "send-proposal", quoteId: latest.id },
      demoCookie,
    );
    expect(sent.status).toBe(200);
    expect(await sent.text()).toContain(`Proposal sent to ${buyer}`);
    expect((await getQuote(demo, { id: latest.id })).status).toBe("sent");
    expect((await getQuote(demo, { id: older.id })).status).toBe("draft");

    const requoted = await post(
      "/dashboard?index",
      { intent: "requote", quoteId: latest.id },
      demoCookie,
    );
    expect(requoted.status).toBe(302);
    const next = requoted.headers
      .get("location")
      ?.match(/^\/dashboard\/quotes\/([0-9a-f-]{36})$/)?.[1];
    if (!next) throw new Error(`requote went to ${requoted.headers.get("location")}`);
    const version = await getQuote(demo, { id: next });
    expect(version).toMatchObject({ version: 2, rootQuoteId: latest.id, status: "draft" });
  });
});
