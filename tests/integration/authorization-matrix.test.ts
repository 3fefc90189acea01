import { readFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { analyzeBill, readWhole } from "#server/bills/index.ts";
import {
  agent_users,
  billAnalyses,
  chatConversations,
  chatMessages,
  companies,
  customers,
  deals,
  notifications,
  quoteOptions,
  quotes,
  salesResources,
} from "#server/db/schema/index.ts";
import { createCompanyWithAgent, signInCookie } from "./helpers/accounts.ts";
import { type PageServer, setUpTestRuntime, type TestServer } from "./helpers/fixture.ts";
import { createTestApp, TEST_BASE_URL, type TestRuntime } from "./helpers/runtime.ts";

// Who may do what, in one table: every portal page (document and data request), every page
// action and every API route, for each kind of person, with the answer expected and, for every
// answer that lets them in, proof that another company's rows and the platform's waitlist stay
// out. The route lists come from the running app itself (React Router's route table and the
// Hono app), so a route added without a row here fails the first tests below.

type Actor = "visitor" | "agent" | "admin" | "otherAdmin" | "operator";
const ACTORS: readonly Actor[] = ["visitor", "agent", "otherAdmin", "operator", "admin"];

/** A status, or `login`: sent to sign in (a redirect for a page, the data request's redirect). */
type Answer = number | "login";
type Answers = Record<Actor, Answer>;

/**
 * The people. North is "the" company: its admin and agent. South's admin is another company's
 * admin. The operator is a platform operator (PLATFORM_OPERATORS) who is a mere agent in their
 * own company, so nothing they are let into comes from a company role.
 */
const PEOPLE = {
  agent: { company: "Matrix North", username: "north_agent", role: "agent" },
  admin: { company: "Matrix North", username: "north_admin", role: "admin" },
  otherAdmin: { company: "Matrix South", username: "south_admin", role: "admin" },
  operator: { company: "Matrix Ops", username: "ops_operator", role: "agent" },
} as const;
const PASSWORD = "matrix-sturdy-password-7";
const emailOf = (username: string, company: string) =>
  `${username}@${company.toLowerCase().replace(/[^a-z0-9]+/g, "-")}.example`;

/** Strings that belong to one company (or to the waitlist) and must never reach anyone else. */
const MARKS = {
  north: ["@matrix-north.example", "north_target", "Northwind Marker Trading", "north-mail-marker"],
  south: ["@matrix-south.example", "Southgate Marker Supply", "south-mail-marker"],
  ops: ["@matrix-ops.example"],
  waitlist: ["wanda@waitlist-matrix.example"],
};
const COMPANY_OF: Record<Exclude<Actor, "visitor">, keyof typeof MARKS> = {
  agent: "north",
  admin: "north",
  otherAdmin: "south",
  operator: "ops",
};

/** What nobody but the owner (and, for the waitlist, an operator) may see. */
function forbiddenMarks(actor: Actor): string[] {
  const own = actor === "visitor" ? null : COMPANY_OF[actor];
  return (Object.keys(MARKS) as (keyof typeof MARKS)[])
    .filter((group) => group !== own && !(group === "waitlist" && actor === "operator"))
    .flatMap((group) => MARKS[group]);
}

const PLAN_HEADER = "Carrier,Plan,Plan Type,Price Per Line,Premium Data,Hotspot,Video Streaming";
const DEVICE_HEADER =
  "Carrier,Manufacturer,Model,Device Type,Device Sub,Operating System,Network,Bands,5G Bands";

// Pages are asked of the page server; the API of the API server, which shares this process's
// modules with the runtime (the admin's links are captured through one of them).
const world = setUpTestRuntime({
  demo: true,
  pages: true,
  api: true,
  env: {
    PLATFORM_OPERATORS: emailOf(PEOPLE.operator.username, PEOPLE.operator.company),
    WAITLIST_RATE_LIMIT: "10000",
  },
});
let rt: TestRuntime;
let server: PageServer;
let apiServer: TestServer;
const cookies: Partial<Record<Actor, string>> = {};
/** Ids the probes act on: North's customer, the agent's notifications, North's target user… */
const ids = {
  customer: "",
  deal: "",
  quote: "",
  quoteOption: "",
  notice: "",
  doomedNotice: "",
  target: "",
  resource: "",
  north: "",
  bill: "",
  /** North's completed analysis, which has a report and a workbook. */
  billDone: "",
  /** One of North's analyses for each person's delete, so each finds one still there. */
  doomedBills: [] as string[],
  /** North's agent's conversation with the assistant, and ones for the deletes. */
  conversation: "",
  doomedConversations: [] as string[],
};

beforeAll(async () => {
  ({ rt, pages: server, api: apiServer } = world());
  const db = rt.database.db;
  const companyIds: Record<string, string> = {};
  for (const [actor, person] of Object.entries(PEOPLE)) {
    const { companyId } = await createCompanyWithAgent(rt, { ...person, password: PASSWORD });
    companyIds[person.company] = companyId;
    cookies[actor as Actor] = await signInCookie(server.url, person.username, PASSWORD);
  }
  const north = companyIds["Matrix North"] ?? "";
  const south = companyIds["Matrix South"] ?? "";
  ids.north = north;
  // North's proposal logo, for its members only.
  await rt.storage.put(`companies/${north}/logo`, readFileSync("tests/fixtures/logo.png"));
  await db
    .update(companies)
    .set({ logoKey: `companies/${north}/logo`, logoContentType: "image/png" })
    .where(eq(companies.id, north));
  ({ userId: ids.target } = await createCompanyWithAgent(rt, {
    company: "Matrix North",
    username: "north_target",
    password: PASSWORD,
  }));
  const [northCustomer] = await db
    .insert(customers)
    .values([
      { companyId: north, name: "Nora North", companyName: "Northwind Marker Trading" },
      { companyId: south, name: "Sam South", companyName: "Southgate Marker Supply" },
    ])
    .returning({ id: customers.id });
  ids.customer = northCustomer?.id ?? "";
  const [northDeal] = await db
    .insert(deals)
    .values({ companyId: north, customerId: ids.customer, title: "Northwind Marker Trading deal" })
    .returning({ id: deals.id });
  ids.deal = northDeal?.id ?? "";
  const [agentRow] = await db
    .select({ id: agent_users.id })
    .from(agent_users)
    .where(eq(agent_users.username, PEOPLE.agent.username));
  // North's saved quote, with the one option every choose probe picks again.
  const [northQuote] = await db
    .insert(quotes)
    .values({
      companyId: north,
      customerId: ids.customer,
      agentId: agentRow?.id ?? null,
      companyName: "Northwind Marker Trading",
      contactName: "Nora North",
      contactEmail: "nora@matrix-north.example",
      description: "North quote",
    })
    .returning({ id: quotes.id });
  ids.quote = northQuote?.id ?? "";
  const [northOption] = await db
    .insert(quoteOptions)
    .values({
      quoteId: ids.quote,
      position: 0,
      carrier: "att",
      label: "AT&T",
      recommended: true,
      chosen: true,
      monthlyCents: 10_000,
      oneTimeCents: 0,
      termCents: 240_000,
      termMonths: 24,
      lines: 2,
    })
    .returning({ id: quoteOptions.id });
  ids.quoteOption = northOption?.id ?? "";
  const [notice, doomed] = await db
    .insert(notifications)
    .values(
      ["North notice", "North notice to delete"].map((title) => ({
        companyId: north,
        userId: agentRow?.id ?? "",
        title,
        message: "north-mail-marker",
      })),
    )
    .returning({ id: notifications.id });
  ids.notice = notice?.id ?? "";
  ids.doomedNotice = doomed?.id ?? "";
  // North's bill analyses: one to read and download, one per person to delete.
  const billFile = new TextEncoder().encode("%PDF-1.7 Northwind Marker Trading bill %%EOF");
  const bills = await db
    .insert(billAnalyses)
    .values(
      Array.from({ length: ACTORS.length + 1 }, (_, i) => ({
        companyId: north,
        fileName: `north-bill-${i}.pdf`,
        fileKey: `bills/${north}/matrix-${i}`,
        mimeType: "application/pdf",
        sizeBytes: billFile.length,
      })),
    )
    .returning({ id: billAnalyses.id, fileKey: billAnalyses.fileKey });
  for (const bill of bills) await rt.storage.put(bill.fileKey ?? "", billFile);
  [ids.bill = "", ...ids.doomedBills] = bills.map((b) => b.id);
  const truth = JSON.parse(readFileSync("tests/fixtures/bills/att.json", "utf8"));
  const [done] = await db
    .insert(billAnalyses)
    .values({
      companyId: north,
      customerId: ids.customer,
      fileName: "north-bill-done.pdf",
      mimeType: "application/pdf",
      sizeBytes: billFile.length,
      status: "completed",
      result: analyzeBill(readWhole(truth)),
    })
    .returning({ id: billAnalyses.id });
  ids.billDone = done?.id ?? "";
  const [resource] = await db.select({ id: salesResources.id }).from(salesResources).limit(1);
  ids.resource = resource?.id ?? "";
  const [northAgent] = await db
    .select({ id: agent_users.id })
    .from(agent_users)
    .where(eq(agent_users.username, PEOPLE.agent.username));
  const conversations = await db
    .insert(chatConversations)
    .values(
      Array.from({ length: 5 }, () => ({
        companyId: north,
        userId: northAgent?.id ?? "",
        title: "North conversation",
      })),
    )
    .returning({ id: chatConversations.id });
  await db.insert(chatMessages).values(
    conversations.map((c) => ({
      conversationId: c.id,
      companyId: north,
      userId: northAgent?.id ?? "",
      isUser: true,
      content: "Northwind Marker Trading renewal",
    })),
  );
  [ids.conversation = "", ...ids.doomedConversations] = conversations.map((c) => c.id);
  // A message for each company's people, and the waitlist's own mail.
  await rt.mailer.send({
    to: emailOf("north_target", "Matrix North"),
    companyId: north,
    subject: "North only",
    text: "north-mail-marker",
    template: "matrix-test",
  });
  await rt.mailer.send({
    to: emailOf(PEOPLE.otherAdmin.username, PEOPLE.otherAdmin.company),
    companyId: south,
    subject: "South only",
    text: "south-mail-marker",
    template: "matrix-test",
  });
  const joined = await fetch(`${server.url}/api/waitlist`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({
      name: "Wanda Waitlist",
      email: MARKS.waitlist[0],
      company: "Wanda Wireless",
      source: "hero_section",
    }),
  });
  expect(joined.status).toBe(200);
});

// ---------------------------------------------------------------------------------------------
// The expected answers.

const login = (signedIn: Answer, visitor: Answer = "login"): Answers => ({
  visitor,
  agent: signedIn,
  admin: signedIn,
  otherAdmin: signedIn,
  operator: signedIn,
});
/** `to` those named, `others` everyone else signed in, `visitor` the signed-out. */
const only = (
  who: readonly Exclude<Actor, "visitor">[],
  to: Answer,
  others: Answer,
  visitor: Answer = "login",
): Answers => {
  const answers = login(others, visitor);
  for (const actor of who) answers[actor] = to;
  return answers;
};

type Probe = {
  method: "GET" | "POST" | "PATCH" | "DELETE";
  path: () => string;
  /** A form, a multipart upload or a JSON body, for this actor. */
  body?: (actor: Actor) => URLSearchParams | FormData | Record<string, unknown>;
  expect: Answers;
  /** Strings the answer must contain for these actors: the list is theirs, and not empty. */
  sees?: Partial<Record<Actor, string[]>>;
  /** Acts on a session of its own, made for this probe (it ends the session). */
  freshSession?: boolean;
};

const csvUpload = (header: string, row: string) => () => {
  const form = new FormData();
  form.set("file", new File([`${header}\n${row}\n`], "import.csv", { type: "text/csv" }));
  return form;
};

/** New Customer's and the customer page's form, every field posted. */
let madeCustomers = 0;
const customerForm = (name: string, companyName: string) =>
  new URLSearchParams({
    name,
    companyName,
    companyWebsite: "",
    email: "",
    phone: "",
    address: "",
    city: "",
    state: "",
    postalCode: "",
    industry: "",
    size: "",
    notes: "",
  });

/**
 * Portal pages by route id. Each is asked for as a document and as React Router's data request.
 * Every signed-in person may open the tools; the Admin group is by role (decision 0011).
 */
const ANYONE = login(200);
type PageRow = { path: string; expect: Answers; sees?: Probe["sees"] };
const PAGES: Record<string, PageRow> = {
  "routes/portal/home": { path: "/dashboard", expect: ANYONE },
  "routes/portal/account": { path: "/dashboard/account", expect: ANYONE },
  "routes/portal/plans": { path: "/dashboard/plans", expect: ANYONE },
  "routes/portal/promos": { path: "/dashboard/promos", expect: ANYONE },
  "routes/portal/agent": { path: "/dashboard/agent", expect: ANYONE },
  "routes/portal/resources": { path: "/dashboard/resources", expect: ANYONE },
  "routes/portal/devices": { path: "/dashboard/devices", expect: ANYONE },
  "routes/portal/deals/board": {
    path: "/dashboard/deals",
    expect: ANYONE,
    sees: { agent: ["Northwind Marker Trading deal"], admin: ["Northwind Marker Trading deal"] },
  },
  "routes/portal/deals/new": { path: "/dashboard/deals/new", expect: ANYONE },
  // Each person's own company's figures (tests/integration/reports.test.ts proves whose).
  "routes/portal/reports/index": { path: "/dashboard/reports?period=all", expect: ANYONE },
  "routes/portal/reports/export": { path: "/dashboard/reports/deals/export", expect: ANYONE },
  // Each company's own past bill analyses only.
  "routes/portal/bills/analyzer": {
    path: "/dashboard/bill-analyzer",
    expect: ANYONE,
    sees: { agent: ["north-bill-0.pdf"], admin: ["north-bill-0.pdf"] },
  },
  // North's analysis: another company's people find no such analysis.
  "routes/portal/bills/analysis": {
    get path() {
      return `/dashboard/bill-analyzer/${ids.bill}`;
    },
    expect: only(["agent", "admin"], 200, 404),
    sees: { agent: ["north-bill-0.pdf"], admin: ["north-bill-0.pdf"] },
  },
  "routes/portal/quotes/new": { path: "/dashboard/quotes/new", expect: ANYONE },
  // Each company's own saved quotes only.
  "routes/portal/quotes/index": {
    path: "/dashboard/quotes",
    expect: ANYONE,
    sees: { agent: ["Northwind Marker Trading"], admin: ["Northwind Marker Trading"] },
  },
  // North's quote: another company's people find no such quote.
  "routes/portal/quotes/quote": {
    get path() {
      return `/dashboard/quotes/${ids.quote}`;
    },
    expect: only(["agent", "admin"], 200, 404),
    sees: { agent: ["Northwind Marker Trading"], admin: ["Northwind Marker Trading"] },
  },
  // North's quote as a proposal PDF: the same people, the same answer.
  "routes/portal/quotes/proposal": {
    get path() {
      return `/dashboard/quotes/${ids.quote}/proposal`;
    },
    expect: only(["agent", "admin"], 200, 404),
  },
  // North's completed bill analysis as a report and a workbook: North's people only.
  "routes/portal/bills/report-pdf": {
    get path() {
      return `/dashboard/bill-analyzer/${ids.billDone}/report.pdf`;
    },
    expect: only(["agent", "admin"], 200, 404),
  },
  "routes/portal/bills/lines-xlsx": {
    get path() {
      return `/dashboard/bill-analyzer/${ids.billDone}/lines.xlsx`;
    },
    expect: only(["agent", "admin"], 200, 404),
  },
  // North's deal: another company's people find no such deal.
  "routes/portal/deals/deal": {
    get path() {
      return `/dashboard/deals/${ids.deal}`;
    },
    expect: only(["agent", "admin"], 200, 404),
    sees: { agent: ["Northwind Marker Trading deal"], admin: ["Northwind Marker Trading deal"] },
  },
  // The deal form's lookups and the palette's search: each answers from the asker's company.
  "routes/portal/deals/rate-plans": { path: "/dashboard/deals/rate-plans", expect: ANYONE },
  "routes/portal/deals/customer-options": {
    path: "/dashboard/deals/customer-options",
    expect: ANYONE,
  },
  "routes/portal/search": { path: "/dashboard/search", expect: ANYONE },
  "routes/portal/admin/company": {
    path: "/dashboard/admin/company",
    expect: only(["admin", "otherAdmin"], 200, 403),
  },
  // North's logo: its members only; to anyone else it does not exist.
  "routes/portal/company-logo": {
    get path() {
      return `/dashboard/companies/${ids.north}/logo`;
    },
    expect: only(["agent", "admin"], 200, 404),
  },
  // Each company's own customers only (the north customer's company is a mark).
  "routes/portal/customers/index": {
    path: "/dashboard/customers",
    expect: ANYONE,
    sees: { agent: ["Northwind Marker Trading"], otherAdmin: ["Southgate Marker Supply"] },
  },
  "routes/portal/customers/new": { path: "/dashboard/customers/new", expect: ANYONE },
  // The import's commit takes a POST only.
  "routes/portal/customers/import": { path: "/dashboard/customers/import", expect: login(405) },
  "routes/portal/admin/users": {
    path: "/dashboard/admin/users",
    expect: only(["admin", "otherAdmin"], 200, 403),
    sees: { admin: ["north_target"], otherAdmin: ["south_admin"] },
  },
  "routes/portal/admin/waitlist": {
    path: "/dashboard/admin/waitlist",
    expect: only(["operator"], 200, 403),
    sees: { operator: MARKS.waitlist },
  },
  "routes/portal/admin/outbox": {
    path: "/dashboard/admin/outbox",
    expect: only(["admin", "otherAdmin", "operator"], 200, 403),
    sees: {
      admin: ["north-mail-marker"],
      otherAdmin: ["south-mail-marker"],
      operator: MARKS.waitlist,
    },
  },
  "routes/portal/not-found": { path: "/dashboard/no-such-screen", expect: login(404) },
};

function pageRows(): [string, PageRow][] {
  // North's customer, by an id known only once the world is made: another company's 404.
  const customer: [string, PageRow] = [
    "routes/portal/customers/detail",
    {
      path: `/dashboard/customers/${ids.customer}`,
      expect: only(["agent", "admin"], 200, 404),
      sees: { agent: ["Northwind Marker Trading"] },
    },
  ];
  return [...Object.entries(PAGES), customer];
}

/** Portal page actions by route id, each with a body its action accepts. */
const ACTIONS: Record<string, Omit<Probe, "method">> = {
  // A check-in with North's customer: another company's people find no such customer.
  "routes/portal/home": {
    // `?index`: a form posted to /dashboard is the index route's, not the layout's.
    path: () => "/dashboard?index",
    body: () =>
      new URLSearchParams({ intent: "check-in", customerId: ids.customer, dueOn: "2030-01-15" }),
    expect: only(["agent", "admin"], 200, 404),
  },
  "routes/portal/account": {
    path: () => "/dashboard/account",
    body: (actor) =>
      new URLSearchParams({
        intent: "profile",
        company: actor === "visitor" ? "" : PEOPLE[actor].company,
        phone: "",
        notificationsEnabled: "on",
      }),
    expect: login(200),
  },
  // The shared catalog: platform operators only, whatever one's company role (item 3).
  "routes/portal/plans": {
    path: () => "/dashboard/plans",
    body: csvUpload(PLAN_HEADER, "att,Matrix Plan,Business Unlimited,0.01,,,"),
    expect: only(["operator"], 200, 403),
  },
  "routes/portal/devices": {
    path: () => "/dashboard/devices",
    body: csvUpload(DEVICE_HEADER, "att,Matrix,M1,Phone,,,LTE,,"),
    expect: only(["operator"], 200, 403),
  },
  // Everyone signed in creates deals in their own company (a new customer with each).
  "routes/portal/deals/new": {
    path: () => "/dashboard/deals/new",
    body: (actor) =>
      new URLSearchParams({
        companyName: `Matrix ${actor} customer`,
        contactName: "Matrix Contact",
        title: `Matrix ${actor} deal`,
        status: "lead",
        stage: "discovery",
        carrier: "ATT",
        probability: "20",
      }),
    expect: login(302),
  },
  // The Quote Generator reads only the shared catalog: everyone signed in generates a draft.
  "routes/portal/quotes/new": {
    path: () => "/dashboard/quotes/new",
    body: () =>
      new URLSearchParams({
        companyName: "Matrix Quote Co",
        companyWebsite: "matrix.example",
        contactName: "Matrix Contact",
        contactEmail: "contact@matrix.example",
        description: "3 phones",
      }),
    expect: login(200),
  },
  // North's quote's chosen option, chosen again: another company's people find no such quote.
  "routes/portal/quotes/quote": {
    path: () => `/dashboard/quotes/${ids.quote}`,
    body: () => new URLSearchParams({ intent: "choose", optionId: ids.quoteOption }),
    expect: only(["agent", "admin"], 200, 404),
  },
  // Everyone signed in analyses a shipped sample bill in their own company.
  "routes/portal/bills/analyzer": {
    path: () => "/dashboard/bill-analyzer?index",
    body: () => new URLSearchParams({ intent: "sample", sample: "att" }),
    expect: login(302),
  },
  // North's analysis filed under North's customer: another company's people find no analysis.
  "routes/portal/bills/analysis": {
    path: () => `/dashboard/bill-analyzer/${ids.bill}`,
    body: () => new URLSearchParams({ intent: "attach", customerId: ids.customer }),
    expect: only(["agent", "admin"], 200, 404),
  },
  // A note on North's deal: another company's people find no such deal.
  "routes/portal/deals/deal": {
    path: () => `/dashboard/deals/${ids.deal}`,
    body: () => new URLSearchParams({ intent: "note", body: "Matrix note" }),
    expect: only(["agent", "admin"], 200, 404),
  },
  "routes/portal/admin/company": {
    path: () => "/dashboard/admin/company",
    body: () => new URLSearchParams({ agentsSeeOwnOnly: "" }),
    expect: only(["admin", "otherAdmin"], 200, 403),
  },
  // A preview of an import reads only the file and the company's own customers.
  "routes/portal/customers/index": {
    path: () => "/dashboard/customers",
    body: csvUpload("Name,Company,Email", "Matrix Lead,Matrix Leads Co,lead@leads.example"),
    expect: login(200),
  },
  "routes/portal/customers/new": {
    path: () => "/dashboard/customers/new",
    // A new contact each time: the same one twice in a company is refused as already a customer.
    body: () => customerForm(`Matrix Made ${++madeCustomers}`, "Matrix Made Co"),
    expect: login(302),
  },
  // North's customer, saved as it is: another company's people find no such customer.
  // North's agent's conversation: anyone else, North's admin included, finds no such one.
  "routes/portal/agent": {
    path: () => "/dashboard/agent",
    body: () =>
      new URLSearchParams({
        intent: "delete",
        id: ids.doomedConversations.shift() ?? ids.conversation,
      }),
    expect: only(["agent"], 302, 404),
  },
  "routes/portal/customers/detail": {
    path: () => `/dashboard/customers/${ids.customer}`,
    body: () => customerForm("Nora North", "Northwind Marker Trading"),
    expect: only(["agent", "admin"], 200, 404),
  },
  "routes/portal/customers/import": {
    path: () => "/dashboard/customers/import",
    body: csvUpload("Name,Company", "Matrix Imported,Matrix Imports Co"),
    expect: login(200),
  },
  // A company's admin acts on their own people only; North's user is "not found" to South.
  "routes/portal/admin/users": {
    path: () => "/dashboard/admin/users",
    body: () =>
      new URLSearchParams({
        intent: "role",
        userId: ids.target,
        username: "north_target",
        role: "agent",
      }),
    expect: only(["admin"], 200, 403),
    // South's admin passes the role check and is then told North's user is not theirs.
  },
};
// South's admin gets past requireRole("admin") and then finds no such user.
const usersAction = ACTIONS["routes/portal/admin/users"];
if (usersAction) usersAction.expect.otherAdmin = 404;

/** The JSON API and the files, by Hono's `METHOD path`, in the order they are probed. */
const json = (body: Record<string, unknown>) => () => body;
const API: Record<string, Probe> = {
  "POST /api/waitlist": {
    method: "POST",
    path: () => "/api/waitlist",
    body: (actor) => ({
      name: "Matrix Prospect",
      email: `prospect-${actor}@prospects.example`,
      company: "Prospect Wireless",
    }),
    expect: login(200, 200),
  },
  "POST /.netlify/functions/waitlist": {
    method: "POST",
    path: () => "/.netlify/functions/waitlist",
    body: (actor) => ({
      name: "Matrix Prospect",
      email: `old-path-${actor}@prospects.example`,
      company: "Prospect Wireless",
    }),
    expect: login(200, 200),
  },
  "POST /api/events": {
    method: "POST",
    path: () => "/api/events",
    body: json({ name: "begin_waitlist_submission", source: "hero_section" }),
    expect: login(204, 204),
  },
  // Better Auth's own endpoints: its admin API is closed to everyone, operators included.
  "ALL /api/auth/admin/*": {
    method: "GET",
    path: () => "/api/auth/admin/list-users",
    expect: login(403, 403),
  },
  "GET /api/auth/*": {
    method: "GET",
    path: () => "/api/auth/get-session",
    expect: login(200, 200),
  },
  // Nobody changes their profile through the auth API (My Account checks it with its schema),
  // let alone makes themselves an operator.
  "POST /api/auth/*": {
    method: "POST",
    path: () => "/api/auth/update-user",
    body: json({ platformOperator: true }),
    expect: login(403, 403),
  },
  "GET /api/notifications": {
    method: "GET",
    path: () => "/api/notifications",
    expect: login(200, 401),
    sees: { agent: ["North notice"] },
  },
  "POST /api/notifications/read-all": {
    method: "POST",
    path: () => "/api/notifications/read-all",
    expect: login(200, 401),
  },
  "PATCH /api/notifications/:id": {
    method: "PATCH",
    path: () => `/api/notifications/${ids.notice}`,
    body: json({ read: true }),
    expect: only(["agent"], 200, 404, 401),
  },
  "DELETE /api/notifications/:id": {
    method: "DELETE",
    path: () => `/api/notifications/${ids.doomedNotice}`,
    expect: only(["agent"], 200, 404, 401),
  },
  "DELETE /api/notifications": {
    method: "DELETE",
    path: () => "/api/notifications",
    expect: login(200, 401),
  },
  "GET /api/session": { method: "GET", path: () => "/api/session", expect: login(200, 401) },
  "POST /api/session/refresh": {
    method: "POST",
    path: () => "/api/session/refresh",
    expect: login(200, 401),
  },
  "POST /api/session/sign-out": {
    method: "POST",
    path: () => "/api/session/sign-out",
    body: json({ scope: "local" }),
    expect: login(204, 401),
    freshSession: true,
  },
  "GET /api/admin/users": {
    method: "GET",
    path: () => "/api/admin/users",
    expect: only(["admin", "otherAdmin"], 200, 403, 401),
    sees: { admin: ["north_target"], otherAdmin: ["south_admin"] },
  },
  "POST /api/admin/users": {
    method: "POST",
    path: () => "/api/admin/users",
    body: (actor) => ({
      username: `made-by-${actor}`,
      email: `made-by-${actor.toLowerCase()}@fresh.example`,
      name: "Made Here",
      password: "made-here-sturdy-pass-4",
    }),
    expect: only(["admin", "otherAdmin"], 201, 403, 401),
  },
  "POST /api/admin/users/invite": {
    method: "POST",
    path: () => "/api/admin/users/invite",
    body: (actor) => ({ email: `invited-by-${actor.toLowerCase()}@fresh.example` }),
    expect: only(["admin", "otherAdmin"], 201, 403, 401),
  },
  "PATCH /api/admin/users/:id/role": {
    method: "PATCH",
    path: () => `/api/admin/users/${ids.target}/role`,
    body: json({ role: "agent" }),
    expect: { ...only(["admin"], 200, 403, 401), otherAdmin: 404 },
  },
  "GET /api/admin/users/:id/factors": {
    method: "GET",
    path: () => `/api/admin/users/${ids.target}/factors`,
    expect: { ...only(["admin"], 200, 403, 401), otherAdmin: 404 },
  },
  "POST /api/admin/users/:id/link": {
    method: "POST",
    path: () => `/api/admin/users/${ids.target}/link`,
    body: json({ kind: "recovery" }),
    expect: { ...only(["admin"], 200, 403, 401), otherAdmin: 404 },
  },
  "POST /api/admin/users/:id/revoke-sessions": {
    method: "POST",
    path: () => `/api/admin/users/${ids.target}/revoke-sessions`,
    expect: { ...only(["admin"], 200, 403, 401), otherAdmin: 404 },
  },
  "POST /api/admin/users/:id/ban": {
    method: "POST",
    path: () => `/api/admin/users/${ids.target}/ban`,
    body: json({ reason: "Matrix" }),
    expect: { ...only(["admin"], 200, 403, 401), otherAdmin: 404 },
  },
  "POST /api/admin/users/:id/unban": {
    method: "POST",
    path: () => `/api/admin/users/${ids.target}/unban`,
    expect: { ...only(["admin"], 200, 403, 401), otherAdmin: 404 },
  },
  // Last of the target's: the admin deletes them.
  "DELETE /api/admin/users/:id": {
    method: "DELETE",
    path: () => `/api/admin/users/${ids.target}`,
    expect: { ...only(["admin"], 200, 403, 401), otherAdmin: 404 },
  },
  // The shared plan list: its operators keep it, a company's admin may take a copy.
  "GET /api/rate-plans.csv": {
    method: "GET",
    path: () => "/api/rate-plans.csv",
    expect: only(["admin", "otherAdmin", "operator"], 200, 403, 401),
  },
  // The platform's waitlist: its operators only (item 4).
  "GET /api/admin/waitlist.csv": {
    method: "GET",
    path: () => "/api/admin/waitlist.csv",
    expect: only(["operator"], 200, 403, 401),
    sees: { operator: MARKS.waitlist },
  },
  "GET /api/devices.csv": {
    method: "GET",
    path: () => "/api/devices.csv",
    expect: login(200, 401),
  },
  // The deals board's calls: each company's own deals only; another's deal is not found.
  "GET /api/deals.xlsx": {
    method: "GET",
    path: () => "/api/deals.xlsx",
    expect: login(200, 401),
  },
  "GET /api/deals/column": {
    method: "GET",
    path: () => "/api/deals/column?column=lead",
    expect: login(200, 401),
    sees: { agent: ["Northwind Marker Trading deal"] },
  },
  "POST /api/deals/:id/move": {
    method: "POST",
    path: () => `/api/deals/${ids.deal}/move`,
    body: json({ status: "lead" }),
    expect: only(["agent", "admin"], 200, 404, 401),
  },
  "POST /api/generate-quote": {
    method: "POST",
    path: () => "/api/generate-quote",
    body: json({
      description: "3 phones",
      customerInfo: {
        companyName: "Matrix Quote Co",
        companyWebsite: "matrix.example",
        contactName: "Matrix Contact",
        contactEmail: "contact@matrix.example",
      },
    }),
    expect: login(200, 401),
  },
  "GET /api/resources/:id/file": {
    method: "GET",
    path: () => `/api/resources/${ids.resource}/file`,
    expect: login(200, 401),
  },
  // The bill analyzer: anyone signed in may upload; North's analyses are North's people's only.
  "POST /api/analyze-bill": {
    method: "POST",
    path: () => "/api/analyze-bill",
    body: () => {
      const form = new FormData();
      form.set("file", new File(["%PDF-1.7 matrix %%EOF"], "matrix.pdf"));
      return form;
    },
    expect: login(202, 401),
  },
  "GET /api/bill-analyses": {
    method: "GET",
    path: () => "/api/bill-analyses",
    expect: login(200, 401),
    sees: { agent: ["north-bill-done.pdf"], admin: ["north-bill-done.pdf"] },
  },
  "POST /api/bill-analyses/:id/customer": {
    method: "POST",
    path: () => `/api/bill-analyses/${ids.bill}/customer`,
    body: () => ({ customerId: ids.customer }),
    expect: only(["agent", "admin"], 200, 404, 401),
  },
  "GET /api/bill-analyses/:id": {
    method: "GET",
    path: () => `/api/bill-analyses/${ids.bill}`,
    expect: only(["agent", "admin"], 200, 404, 401),
  },
  "GET /api/bill-analyses/:id/file": {
    method: "GET",
    path: () => `/api/bill-analyses/${ids.bill}/file`,
    expect: only(["agent", "admin"], 200, 404, 401),
    sees: { agent: ["Northwind Marker Trading"], admin: ["Northwind Marker Trading"] },
  },
  "DELETE /api/bill-analyses/:id": {
    method: "DELETE",
    path: () => `/api/bill-analyses/${ids.doomedBills.shift() ?? ids.bill}`,
    expect: only(["agent", "admin"], 204, 404, 401),
  },
  // The assistant: any signed-in person may chat; a conversation is its agent's alone.
  "POST /api/chat": {
    method: "POST",
    path: () => "/api/chat",
    body: json({ message: "What promotions are running?" }),
    expect: login(200, 401),
  },
  "POST /api/chat/stream": {
    method: "POST",
    path: () => "/api/chat/stream",
    body: json({ message: "my pipeline" }),
    expect: login(200, 401),
  },
  // Behind the gate only: a session is not the gate's cookie (the page sends agents to /api/chat).
  "POST /api/assistant/stream": {
    method: "POST",
    path: () => "/api/assistant/stream",
    body: json({ message: "What promotions are running?" }),
    expect: login(401, 401),
  },
  "GET /api/chat/conversations": {
    method: "GET",
    path: () => "/api/chat/conversations",
    expect: login(200, 401),
    sees: { agent: ["North conversation"] },
  },
  "GET /api/chat/conversations/:id": {
    method: "GET",
    path: () => `/api/chat/conversations/${ids.conversation}`,
    expect: only(["agent"], 200, 404, 401),
    sees: { agent: ["Northwind Marker Trading renewal"] },
  },
  "DELETE /api/chat/conversations/:id": {
    method: "DELETE",
    path: () => `/api/chat/conversations/${ids.doomedConversations.shift() ?? ids.conversation}`,
    expect: only(["agent"], 204, 404, 401),
  },
  "ALL /api/*": { method: "GET", path: () => "/api/no-such-endpoint", expect: login(404, 404) },
};

// ---------------------------------------------------------------------------------------------
// Asking.

async function freshCookie(actor: Actor): Promise<string | undefined> {
  if (actor === "visitor") return undefined;
  return signInCookie(server.url, PEOPLE[actor].username, PASSWORD);
}

async function ask(probe: Probe, actor: Actor, cookie: string | undefined): Promise<Response> {
  const path = probe.path();
  const page = path.startsWith("/dashboard");
  // A page's form comes from the page itself; the API's callers name the app's public origin.
  const headers = new Headers(page ? {} : { origin: TEST_BASE_URL });
  if (cookie) headers.set("cookie", cookie);
  const raw = probe.body?.(actor);
  let body: BodyInit | undefined;
  if (raw instanceof URLSearchParams || raw instanceof FormData) body = raw;
  else if (raw) {
    headers.set("content-type", "application/json");
    body = JSON.stringify(raw);
  }
  return fetch(`${page ? server.url : apiServer.url}${path}`, {
    method: probe.method,
    headers,
    body,
    redirect: "manual",
  });
}

/** Checks one answer: its status (or the way to sign in) and what it may and must show. */
async function check(probe: Probe, actor: Actor, res: Response, what: string) {
  const expected = probe.expect[actor];
  const body = await res.text();
  if (expected === "login") {
    const toLogin =
      (res.status === 302 && res.headers.get("location")?.startsWith("/login")) ||
      (res.status === 202 && /"redirect","\/login/.test(body));
    expect(toLogin, `${what}: ${res.status} ${res.headers.get("location") ?? ""}`).toBe(true);
  } else {
    expect(res.status, `${what}: ${body.slice(0, 200)}`).toBe(expected);
  }
  for (const mark of forbiddenMarks(actor)) {
    expect(body.includes(mark), `${what} shows ${mark}`).toBe(false);
  }
  for (const mark of probe.sees?.[actor] ?? []) {
    expect(body.includes(mark), `${what} should show ${mark}`).toBe(true);
  }
}

async function probeEveryone(probe: Probe, name: string) {
  for (const actor of ACTORS) {
    const cookie = probe.freshSession ? await freshCookie(actor) : cookies[actor];
    await check(probe, actor, await ask(probe, actor, cookie), `${name} as ${actor}`);
  }
}

// ---------------------------------------------------------------------------------------------
// The tables cover the app.

/** Every route under the portal layout, as React Router's route table has it. */
function portalRoutes() {
  const routes = server.routes;
  const ancestors = (id: string): string[] => {
    const parent = routes[id]?.parentId;
    return parent ? [parent, ...ancestors(parent)] : [];
  };
  return Object.keys(routes).filter((id) => ancestors(id).includes("routes/portal/layout"));
}

/**
 * Every API route of the Hono app, as `METHOD path`. A path with only middleware under it (a
 * sub-app's `use`) is no route: a route has a handler that takes no `next`.
 */
function apiRoutes(): string[] {
  const app = createTestApp(rt);
  const keys = new Set<string>();
  for (const route of app.routes) {
    const api = route.path.startsWith("/api") || route.path.startsWith("/.netlify");
    if (api && route.handler.length < 2) keys.add(`${route.method} ${route.path}`);
  }
  return [...keys];
}

describe("the matrix covers the app", () => {
  it("has a row for every portal page", () => {
    expect(
      pageRows()
        .map(([id]) => id)
        .sort(),
    ).toEqual(portalRoutes().sort());
  });

  it("has a row for every page action", () => {
    const withAction = portalRoutes().filter((id) => {
      const module = server.routes[id]?.module;
      return module !== undefined && "action" in module;
    });
    expect(Object.keys(ACTIONS).sort()).toEqual(withAction.sort());
  });

  it("has a row for every API route", () => {
    expect(Object.keys(API).sort()).toEqual(apiRoutes().sort());
  });
});

// Each of these walks a whole table (every row × five people): minutes on a loaded machine, where
// the 30 s default suits one request. The rows themselves come from the running server's routes.
const WHOLE_TABLE_MS = 240_000;

describe("the authorization matrix", () => {
  it(
    "answers every portal page, as a document and as a data request",
    async () => {
      for (const [id, page] of pageRows()) {
        for (const path of [page.path, `${page.path}.data`]) {
          const probe: Probe = { method: "GET", path: () => path, expect: page.expect };
          if (page.sees) probe.sees = page.sees;
          await probeEveryone(probe, `GET ${path} (${id})`);
        }
      }
    },
    WHOLE_TABLE_MS,
  );

  it(
    "answers every page action",
    async () => {
      for (const [id, action] of Object.entries(ACTIONS)) {
        await probeEveryone({ method: "POST", ...action }, `POST ${action.path()} (${id})`);
      }
    },
    WHOLE_TABLE_MS,
  );

  it(
    "answers every API route",
    async () => {
      for (const [key, probe] of Object.entries(API)) await probeEveryone(probe, key);
    },
    WHOLE_TABLE_MS,
  );

  it("leaves nobody an operator who was not made one", async () => {
    const granted = await rt.database.db
      .select({ username: agent_users.username })
      .from(agent_users)
      .where(eq(agent_users.platformOperator, true));
    expect(granted).toEqual([]);
  });
});
