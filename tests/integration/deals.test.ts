import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { boardQuerySchema, newDealSchema } from "#app/lib/schemas/deals.ts";
import { getCompanySettings, updateCompanySettings } from "#server/accounts/index.ts";
import { activityTimeline } from "#server/activity/index.ts";
import {
  activities,
  agent_users,
  customers,
  deals,
  notifications,
} from "#server/db/schema/index.ts";
import {
  addDealNote,
  columnTotals,
  createDeal,
  findDeals,
  getDeal,
  loadBoard,
  loadColumnPage,
  moveDeal,
  reassignDeal,
  renewalsDue,
  updateDeal,
} from "#server/deals/index.ts";
import type { UserContext } from "#server/platform/context.ts";
import { createCompanyWithAgent, signInCookie } from "./helpers/accounts.ts";
import { at, nextRequest, userContextFor } from "./helpers/contexts.ts";
import { type PageServer, setUpTestRuntime } from "./helpers/fixture.ts";
import { pageRequests } from "./helpers/page-requests.ts";
import { refusal } from "./helpers/refusal.ts";
import type { TestRuntime } from "./helpers/runtime.ts";

// Deals over a real database: the services with their rules, and the pages over HTTP.

const world = setUpTestRuntime({ demo: true, pages: true });
let rt: TestRuntime;
let server: PageServer;
let demo: UserContext;
let rival: UserContext;
let colleague: UserContext;
let manager: UserContext;

const board = (q: Partial<Record<string, string>> = {}) => boardQuerySchema.parse(q);

/** The New Deal form as the browser posts it. */
const RAW_DEAL: Record<string, string> = {
  title: "Fleet phones",
  status: "lead",
  stage: "discovery",
  carrier: "VERIZON",
  probability: "20",
  closeDate: "",
  voiceLines: "10",
  mobileInternetLines: "2",
  fixedWirelessLines: "abc",
  hardwareSource: "carrier",
  ratePlanId: "",
  monthlyRate: "45.50",
  contractTerm: "",
  oneTimeRevenue: "250",
  contactName: "Casey Park",
  companyName: "Park Plumbing",
  companyWebsite: "parkplumbing.example",
};

/** That form, checked by the shared schema, as the route action hands it to the service. */
const newDeal = (fields: Record<string, string> = {}) =>
  newDealSchema.parse({ ...RAW_DEAL, ...fields });

beforeAll(async () => {
  const w = world();
  rt = w.rt;
  server = w.pages;
  demo = await userContextFor(rt, { id: w.demo.agentId });
  const other = await createCompanyWithAgent(rt, {
    company: "Rival Deals Co",
    username: "rival_deals",
    password: "rival-password-1",
  });
  rival = await userContextFor(rt, { id: other.userId });
  const mate = await createCompanyWithAgent(rt, {
    company: "Demo Wireless Partners",
    username: "demo_mate",
    password: "mate-password-1",
  });
  colleague = await userContextFor(rt, { id: mate.userId });
  const boss = await createCompanyWithAgent(rt, {
    company: "Demo Wireless Partners",
    username: "demo_manager",
    password: "manager-password-1",
  });
  await rt.database.db
    .update(agent_users)
    .set({ role: "manager" })
    .where(eq(agent_users.id, boss.userId));
  manager = await userContextFor(rt, { id: boss.userId });
});

describe("creating a deal", () => {
  it("creates the new customer first, then the deal with the server's own figures", async () => {
    const { id } = await createDeal(demo, newDeal());
    const deal = await getDeal(demo, id);
    expect(deal).toMatchObject({
      title: "Fleet phones",
      customerCompany: "Park Plumbing",
      customerName: "Casey Park",
      fixedWirelessLines: 0,
      contractTerm: 24,
      monthlyRate: 4_550,
      // 12 lines × $45.50 × 24 months; monthly 12 × $45.50; total adds the $250 one-time.
      valueCents: 1_310_400,
      monthlyRevenueCents: 54_600,
      totalRevenueCents: 1_335_400,
      assignee: "demo",
      assignedTo: demo.user.id,
    });
    const [customer] = await rt.database.db
      .select()
      .from(customers)
      .where(eq(customers.id, deal.customerId));
    expect(customer).toMatchObject({
      companyWebsite: "https://parkplumbing.example",
      createdBy: demo.user.id,
      assignedTo: demo.user.id,
      companyId: demo.user.companyId,
    });
    const timeline = await activityTimeline(demo, { dealId: id });
    expect(timeline.map((e) => e.details.kind)).toEqual(["deal_created"]);
  });

  it("leaves no new customer when the deal cannot be stored", async () => {
    const before = await rt.database.db.$count(customers);
    // Past the schema (as a caller that skipped it would be): the database's own check refuses.
    const input = { ...newDeal({ companyName: "Orphan Co" }), probability: 150 };
    await expect(createDeal(demo, input)).rejects.toThrow();
    expect(await rt.database.db.$count(customers)).toBe(before);
    expect(await rt.database.db.$count(customers, eq(customers.companyName, "Orphan Co"))).toBe(0);
  });

  it("refuses another company's customer as 'Company not found', creating nothing", async () => {
    const theirs = await createDeal(rival, newDeal({ companyName: "Rival Customer" }));
    const theirCustomer = (await getDeal(rival, theirs.id)).customerId;
    const before = await rt.database.db.$count(deals);
    const error = await refusal(createDeal(demo, newDeal({ customerId: theirCustomer })));
    expect(error.message).toBe("Company not found");
    expect(await rt.database.db.$count(deals)).toBe(before);
  });

  it("checks the rules of the spec in the shared schema", () => {
    const problems = (fields: Record<string, string>) => {
      const parsed = newDealSchema.safeParse({ ...RAW_DEAL, ...fields });
      return parsed.success ? [] : parsed.error.issues.map((i) => i.message);
    };
    expect(problems({ probability: "101" })).toEqual([
      "Probability must be a whole number from 0 to 100",
    ]);
    expect(problems({ probability: "2.5" })).toEqual([
      "Probability must be a whole number from 0 to 100",
    ]);
    expect(problems({ voiceLines: "-1" })).toEqual(["Voice lines must be 0 or more"]);
    expect(problems({ monthlyRate: "1.234" })).toEqual([
      "Monthly rate must be an amount of 0 or more, in steps of 0.01",
    ]);
    expect(problems({ companyWebsite: "not a site" })).toEqual([
      "Enter a website address, like https://example.com",
    ]);
    expect(problems({ title: " ", contactName: "" })).toEqual([
      "Deal title is required",
      "Contact name is required",
    ]);
    expect(problems({ status: "closed_lost", lostReason: "" })).toEqual([
      "Say why the deal was lost",
    ]);
    // Year 0000 is a date to JavaScript, not to PostgreSQL: the insert answered 500.
    for (const closeDate of ["0000-01-01", "0001-12-31", "1999-12-31", "2100-01-01"]) {
      expect(problems({ closeDate }), closeDate).toEqual([
        "Close date must be between 2000-01-01 and 2099-12-31",
      ]);
    }
    expect(problems({ closeDate: "2000-01-01" })).toEqual([]);
    expect(problems({ closeDate: "2026-02-30" })).toEqual([
      "Close date must be a date, like 2026-12-31",
    ]);
  });
});

describe("a new deal for a customer the agent already has", () => {
  const customersNamed = (companyName: string) =>
    rt.database.db.$count(
      customers,
      and(eq(customers.companyId, demo.user.companyId), eq(customers.companyName, companyName)),
    );

  it("goes to the customer with that contact at that company, typed in any case or spacing", async () => {
    const first = await createDeal(
      demo,
      newDeal({ contactName: "Lena Ortiz", companyName: "Attach Retail" }),
    );
    expect(first.existing).toBeNull();
    const customerId = (await getDeal(demo, first.id)).customerId;
    const again = await createDeal(
      demo,
      newDeal({ contactName: "  lena  ORTIZ", companyName: "attach retail ", title: "Tablets" }),
    );
    expect(again.existing).toEqual({
      id: customerId,
      name: "Lena Ortiz",
      companyName: "Attach Retail",
      by: "name",
    });
    expect((await getDeal(demo, again.id)).customerId).toBe(customerId);
    expect(await customersNamed("Attach Retail")).toBe(1);
    // Another contact at the company is another customer, as the import counts them.
    const other = await createDeal(
      demo,
      newDeal({ contactName: "Sam Ortiz", companyName: "Attach Retail" }),
    );
    expect(other.existing).toBeNull();
    expect(await customersNamed("Attach Retail")).toBe(2);
  });

  it("never attaches to a customer the agent may not see, nor another company's", async () => {
    const theirs = await createDeal(
      colleague,
      newDeal({ contactName: "Vic Vale", companyName: "Vale Hidden" }),
    );
    const theirCustomer = (await getDeal(colleague, theirs.id)).customerId;
    const admin = await userContextFor(rt, { username: "admin" });
    await updateCompanySettings(admin, { agentsSeeOwnOnly: true });
    try {
      const mine = await createDeal(
        nextRequest(demo),
        newDeal({ contactName: "Vic Vale", companyName: "Vale Hidden" }),
      );
      expect(mine.existing).toBeNull();
      const deal = await getDeal(nextRequest(demo), mine.id);
      expect(deal.customerId).not.toBe(theirCustomer);
      expect(await customersNamed("Vale Hidden")).toBe(2);
      // A manager sees the colleague's customer, and their deal goes to it.
      const managers = await createDeal(
        nextRequest(manager),
        newDeal({ contactName: "Vic Vale", companyName: "Vale Hidden" }),
      );
      expect(managers.existing?.id).toBe(theirCustomer);
    } finally {
      await updateCompanySettings(admin, { agentsSeeOwnOnly: false });
    }
    const rivals = await createDeal(
      rival,
      newDeal({ contactName: "Lena Ortiz", companyName: "Attach Retail" }),
    );
    expect(rivals.existing).toBeNull();
  });
});

describe("searching deals with accents", () => {
  it("finds a deal by its title or company without their accents, in any case", async () => {
    const { id } = await createDeal(
      demo,
      newDeal({
        title: "Café Ñandú job-site phones",
        companyName: "Café Ñandú",
        contactName: "Zoë",
      }),
    );
    const found = async (q: string) =>
      (await loadBoard(demo, board({ q }))).flatMap((column) => column.cards.map((c) => c.id));
    expect(await found("nandu")).toEqual([id]);
    expect(await found("CAFE NANDU JOB")).toEqual([id]);
    expect(await found("Ñandú")).toEqual([id]);
    expect((await findDeals(demo, { q: "ñandu", limit: 5 })).map((d) => d.id)).toEqual([id]);
  });
});

describe("the board", () => {
  let owner: UserContext;
  beforeAll(async () => {
    const big = await createCompanyWithAgent(rt, {
      company: "Busy Board Co",
      username: "busy_board",
      password: "busy-password-1",
    });
    owner = await userContextFor(rt, { id: big.userId });
    const [customer] = await rt.database.db
      .insert(customers)
      .values({ companyId: owner.user.companyId, name: "Ann", companyName: "Acme Towers" })
      .returning({ id: customers.id });
    const rows = Array.from({ length: 130 }, (_, i) => ({
      companyId: owner.user.companyId,
      customerId: customer?.id ?? "",
      title: i === 7 ? "Needle in the stack" : `Deal ${i}`,
      status:
        i < 120 ? ("lead" as const) : i < 125 ? ("closed_won" as const) : ("closed_lost" as const),
      valueCents: (i + 1) * 1_000,
      monthlyRevenueCents: (i + 1) * 10,
      probability: i % 101,
      assignedTo: owner.user.id,
      createdAt: new Date(Date.UTC(2026, 0, 1) + i * 60_000),
    }));
    await rt.database.db.insert(deals).values(rows);
  });

  it("heads each column with totals over the whole column, and loads 50 cards at a time", async () => {
    const columns = await loadBoard(owner, board());
    const lead = columns.find((c) => c.status === "lead");
    expect(columns.map((c) => [c.status, c.count])).toEqual([
      ["lead", 120],
      ["qualified", 0],
      ["proposal", 0],
      ["negotiation", 0],
      ["closed_won", 5],
    ]);
    // Sums of 1..120 × $10 and × 10 cents: every card, not the 50 loaded.
    expect(lead?.valueCents).toBe(((120 * 121) / 2) * 1_000);
    expect(lead?.monthlyRevenueCents).toBe(((120 * 121) / 2) * 10);
    expect(lead?.cards).toHaveLength(50);
    expect(lead?.hasMore).toBe(true);
    // Newest first by default.
    expect(lead?.cards[0]?.title).toBe("Deal 119");

    const second = await loadColumnPage(owner, { ...board(), column: "lead", offset: 50 });
    const third = await loadColumnPage(owner, { ...board(), column: "lead", offset: 100 });
    expect(second.cards).toHaveLength(50);
    expect(third.cards).toHaveLength(20);
    expect(third.hasMore).toBe(false);
    const ids = [...(lead?.cards ?? []), ...second.cards, ...third.cards].map((c) => c.id);
    expect(new Set(ids).size).toBe(120);
  });

  it("never shows closed_lost deals, and filters, searches and sorts", async () => {
    const all = await loadBoard(owner, board());
    expect(all.flatMap((c) => c.cards).some((c) => c.title === "Deal 129")).toBe(false);

    const won = await loadBoard(owner, board({ status: "closed_won" }));
    expect(won.map((c) => c.status)).toEqual(["closed_won"]);

    const needle = await loadBoard(owner, board({ q: "NEEDLE" }));
    expect(needle.flatMap((c) => c.cards).map((c) => c.title)).toEqual(["Needle in the stack"]);
    const byCompany = await loadBoard(owner, board({ q: "acme tow" }));
    expect(byCompany.find((c) => c.status === "lead")?.count).toBe(120);

    const byValue = await loadBoard(owner, board({ sort: "value" }));
    expect(byValue.find((c) => c.status === "lead")?.cards[0]?.valueCents).toBe(120_000);
  });

  it("moves a deal, records it, tells the assignee and updates both columns", async () => {
    const [card] = (await loadBoard(owner, board({ status: "lead" })))[0]?.cards ?? [];
    if (!card) throw new Error("no card");
    const move = await moveDeal(owner, { dealId: card.id, status: "qualified" });
    expect(move).toMatchObject({ from: "lead", to: "qualified" });
    const totals = await columnTotals(owner, board(), ["lead", "qualified"]);
    expect(totals.map((t) => t.count)).toEqual([119, 1]);
    expect(totals[1]?.valueCents).toBe(card.valueCents);

    const entries = await activityTimeline(owner, { dealId: card.id });
    expect(entries[0]?.details).toEqual({
      kind: "deal_status_changed",
      from: "lead",
      to: "qualified",
    });
    // The assignee moved it: nobody is told what they just did themselves.
    const told = await rt.database.db
      .select()
      .from(notifications)
      .where(eq(notifications.userId, owner.user.id));
    expect(told).toEqual([]);

    await moveDeal(owner, { dealId: card.id, status: "closed_won" });
    expect((await getDeal(owner, card.id)).wonAt).toBeInstanceOf(Date);
    await moveDeal(owner, { dealId: card.id, status: "lead" });
    expect((await getDeal(owner, card.id)).wonAt).toBeNull();
  });

  it("is another company's to see and move, never ours", async () => {
    const [card] = (await loadBoard(owner, board({ status: "lead" })))[0]?.cards ?? [];
    if (!card) throw new Error("no card");
    expect((await refusal(moveDeal(demo, { dealId: card.id, status: "proposal" }))).kind).toBe(
      "not_found",
    );
    expect((await refusal(getDeal(demo, card.id))).kind).toBe("not_found");
    const demoBoard = await loadBoard(demo, board({ q: "Acme" }));
    expect(demoBoard.flatMap((c) => c.cards)).toEqual([]);
    expect((await getDeal(owner, card.id)).status).toBe("lead");
  });
});

describe("editing a deal", () => {
  it("recomputes the figures and records status, stage and field changes", async () => {
    const { id } = await createDeal(demo, newDeal({ companyName: "Edit Me Inc" }));
    const deal = await getDeal(demo, id);
    const { status: _s, ...rest } = newDeal();
    const {
      contactName: _c,
      companyName: _n,
      companyWebsite: _w,
      customerId: _i,
      ...fields
    } = {
      ...rest,
      status: "closed_lost" as const,
    };
    await updateDeal(demo, {
      id,
      fields: {
        ...fields,
        stage: "closing",
        voiceLines: 20,
        lostReason: "Went with their cable company",
      },
    });
    const after = await getDeal(demo, id);
    expect(after.status).toBe("closed_lost");
    expect(after.lostReason).toBe("Went with their cable company");
    expect(after.monthlyRevenueCents).toBe(22 * 4_550);
    const kinds = (await activityTimeline(demo, { dealId: id })).map((e) => e.details);
    expect(kinds).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ kind: "deal_status_changed", from: "lead", to: "closed_lost" }),
        { kind: "deal_stage_changed", from: "discovery", to: "closing" },
        { kind: "deal_updated", fields: ["voice lines"] },
      ]),
    );
    expect(deal.customerId).toBe(after.customerId);
  });

  it("keeps notes on the timeline", async () => {
    const { id } = await createDeal(demo, newDeal({ companyName: "Notes Co" }));
    await addDealNote(demo, { id, body: "Call back Tuesday" });
    const [latest] = await activityTimeline(demo, { dealId: id });
    expect(latest?.details).toEqual({ kind: "deal_note", body: "Call back Tuesday" });
    expect(latest?.actor).toBe("demo");
    expect((await refusal(addDealNote(rival, { id, body: "x" }))).kind).toBe("not_found");
  });

  it("lets managers and admins reassign, and tells the new assignee", async () => {
    const { id } = await createDeal(demo, newDeal({ companyName: "Reassign Co" }));
    expect((await refusal(reassignDeal(demo, { id, assigneeId: colleague.user.id }))).kind).toBe(
      "forbidden",
    );
    await reassignDeal(manager, { id, assigneeId: colleague.user.id });
    expect((await getDeal(manager, id)).assignee).toBe("demo_mate");
    const told = await rt.database.db
      .select()
      .from(notifications)
      .where(
        and(
          eq(notifications.userId, colleague.user.id),
          eq(notifications.title, "Deal assigned to you"),
        ),
      );
    expect(told).toHaveLength(1);
    // Nobody outside the company can be given the deal.
    expect((await refusal(reassignDeal(manager, { id, assigneeId: rival.user.id }))).kind).toBe(
      "invalid",
    );
  });
});

describe("who sees what", () => {
  it("limits agents to their own deals under the company setting; managers see all", async () => {
    const { id: demoDeal } = await createDeal(demo, newDeal({ companyName: "Private Co" }));
    const { id: mateDeal } = await createDeal(colleague, newDeal({ companyName: "Mate Co" }));
    // Without the setting, colleagues see each other's deals.
    expect((await getDeal(colleague, demoDeal)).id).toBe(demoDeal);

    expect((await refusal(updateCompanySettings(colleague, { agentsSeeOwnOnly: true }))).kind).toBe(
      "forbidden",
    );
    const admin = await userContextFor(rt, { username: "admin" });
    await updateCompanySettings(admin, { agentsSeeOwnOnly: true });
    try {
      expect((await refusal(getDeal(nextRequest(colleague), demoDeal))).kind).toBe("not_found");
      expect(
        (await refusal(moveDeal(nextRequest(colleague), { dealId: demoDeal, status: "proposal" })))
          .kind,
      ).toBe("not_found");
      const mates = (await loadBoard(nextRequest(colleague), board())).flatMap((c) => c.cards);
      expect(mates.map((c) => c.id)).toContain(mateDeal);
      expect(mates.every((c) => c.assignee === "demo_mate")).toBe(true);
      expect((await getDeal(manager, demoDeal)).id).toBe(demoDeal);
    } finally {
      await updateCompanySettings(admin, { agentsSeeOwnOnly: false });
    }
  });

  it("'Only mine' shows the agent's own deals", async () => {
    const mine = (await loadBoard(manager, board({ mine: "1" }))).flatMap((c) => c.cards);
    expect(mine.every((c) => c.assignee === "demo_manager")).toBe(true);
  });
});

describe("renewals", () => {
  it("shows the demo company's one-year contract coming up for renewal", async () => {
    const due = await renewalsDue(demo);
    expect(due.map((r) => r.customerCompany)).toContain("Harbor Logistics");
    const harbor = due.find((r) => r.customerCompany === "Harbor Logistics");
    const days = ((harbor?.contractEnd.getTime() ?? 0) - Date.now()) / 86_400_000;
    expect(days).toBeGreaterThan(0);
    expect(days).toBeLessThanOrEqual(120);
  });

  it("lists won deals whose contract ends in the next 120 days", async () => {
    const { id } = await createDeal(
      demo,
      newDeal({ companyName: "Renewal Co", contractTerm: "12" }),
    );
    const now = new Date();
    await rt.database.db
      .update(deals)
      .set({ status: "closed_won", wonAt: new Date(now.getTime() - 300 * 86_400_000) })
      .where(eq(deals.id, id));
    const due = await renewalsDue(at(demo, now));
    expect(due.map((r) => r.customerCompany)).toContain("Renewal Co");
    const later = await renewalsDue(at(demo, new Date(now.getTime() - 200 * 86_400_000)));
    expect(later.map((r) => r.customerCompany)).not.toContain("Renewal Co");
  });
});

describe("the deal pages over HTTP", () => {
  let demoCookie: string;
  let rivalCookie: string;
  let demoDealId: string;
  beforeAll(async () => {
    demoCookie = await signInCookie(server.url, "demo", "carrierline-demo");
    rivalCookie = await signInCookie(server.url, "rival_deals", "rival-password-1");
    const [row] = await rt.database.db
      .select({ id: deals.id })
      .from(deals)
      .where(eq(deals.companyId, demo.user.companyId))
      .limit(1);
    demoDealId = row?.id ?? "";
  });
  const { get, post } = pageRequests(() => server.url);

  it("answers a close date in year 0000 with the field's message, not a server error", async () => {
    const created = await post(
      "/dashboard/deals/new",
      { ...RAW_DEAL, title: "Year zero", closeDate: "0000-01-01" },
      demoCookie,
    );
    expect(created.status).toBe(400);
    expect(await created.text()).toContain("Close date must be between 2000-01-01 and 2099-12-31");
    expect(await rt.database.db.$count(deals, eq(deals.title, "Year zero"))).toBe(0);
  });

  it("sends a visitor to sign in, pages and actions alike", async () => {
    for (const path of ["/dashboard/deals/new", `/dashboard/deals/${demoDealId}`]) {
      const page = await get(path);
      expect(page.status, path).toBe(302);
      expect(page.headers.get("location")).toMatch(/^\/login/);
      const action = await post(path, { intent: "note", body: "x" });
      expect(action.status, path).toBe(302);
    }
  });

  it("answers 404 to another company's agent for our deal, and changes nothing", async () => {
    const before = await rt.database.db.$count(activities, eq(activities.dealId, demoDealId));
    expect((await get(`/dashboard/deals/${demoDealId}`, rivalCookie)).status).toBe(404);
    expect((await get("/dashboard/deals/not-an-id", rivalCookie)).status).toBe(404);
    const res = await post(
      `/dashboard/deals/${demoDealId}`,
      { intent: "note", body: "Rival note" },
      rivalCookie,
    );
    expect(res.status).toBe(404);
    expect(await rt.database.db.$count(activities, eq(activities.dealId, demoDealId))).toBe(before);
  });

  it("keeps Company Settings to the company's admins", async () => {
    expect((await get("/dashboard/admin/company", demoCookie)).status).toBe(403);
    const refused = await post("/dashboard/admin/company", { agentsSeeOwnOnly: "on" }, demoCookie);
    expect(refused.status).toBe(403);
    const adminCookie = await signInCookie(server.url, "admin", "carrierline-admin");
    expect((await get("/dashboard/admin/company", adminCookie)).status).toBe(200);
    const saved = await post("/dashboard/admin/company", { agentsSeeOwnOnly: "on" }, adminCookie);
    expect(saved.status).toBe(200);
    const admin = await userContextFor(rt, { username: "admin" });
    try {
      expect((await getCompanySettings(admin)).agentsSeeOwnOnly).toBe(true);
    } finally {
      await updateCompanySettings(admin, { agentsSeeOwnOnly: false });
    }
  });

  it("renders the deal page and the New Deal form for our agent", async () => {
    const page = await get(`/dashboard/deals/${demoDealId}`, demoCookie);
    expect(page.status).toBe(200);
    const form = await get("/dashboard/deals/new", demoCookie);
    const html = await form.text();
    for (const section of [
      "Company Information",
      "Opportunity Information",
      "Opportunity Details",
      "Rate Plan Details (Optional)",
      "Deal Information",
      "Create Deal",
    ]) {
      expect(html).toContain(section);
    }
  });

  it("gives a deal typed for an existing customer to that customer, and the board says so", async () => {
    const form = {
      customerId: "",
      companyName: "Northwind Retail",
      contactName: "Tom Becker",
      companyWebsite: "",
      title: "Northwind extra tablets",
      carrier: "ATT",
      voiceLines: "1",
      mobileInternetLines: "0",
      fixedWirelessLines: "0",
      hardwareSource: "carrier",
      monthlyRate: "40",
      contractTerm: "24",
      status: "lead",
      stage: "discovery",
      probability: "20",
      closeDate: "",
    };
    const [tom] = await rt.database.db
      .select({ id: customers.id })
      .from(customers)
      .where(and(eq(customers.companyId, demo.user.companyId), eq(customers.name, "Tom Becker")));
    const res = await post("/dashboard/deals/new", form, demoCookie);
    expect(res.status).toBe(302);
    const location = res.headers.get("location") ?? "";
    expect(location).toBe(`/dashboard/deals?addedTo=${tom?.id}`);
    const [stored] = await rt.database.db
      .select({ customerId: deals.customerId })
      .from(deals)
      .where(eq(deals.title, "Northwind extra tablets"));
    expect(stored?.customerId).toBe(tom?.id);
    // React marks where text and values meet in server HTML; the words are what matter here.
    const board = (await (await get(location, demoCookie)).text()).replaceAll("<!-- -->", "");
    expect(board).toContain(
      "Deal created for Tom Becker (Northwind Retail), who was already your customer.",
    );
    expect(board).toContain(`href="/dashboard/customers/${tom?.id}"`);
    // Another company's agent given the address learns nothing of the customer.
    const theirs = await (await get(location, rivalCookie)).text();
    expect(theirs).not.toContain("Tom Becker");
  });

  it("creates a deal from the form and sends the agent to the board", async () => {
    const res = await post(
      "/dashboard/deals/new",
      {
        customerId: "",
        companyName: "Form Post LLC",
        contactName: "Pat Form",
        companyWebsite: "",
        title: "Posted deal",
        description: "",
        productType: "",
        carrier: "ATT",
        voiceLines: "3",
        mobileInternetLines: "0",
        fixedWirelessLines: "0",
        hardwareSource: "carrier",
        useCase: "",
        partnerSolution: "",
        ratePlanId: "",
        monthlyRate: "50",
        contractTerm: "24",
        oneTimeRevenue: "",
        status: "lead",
        stage: "discovery",
        probability: "20",
        closeDate: "2026-12-24",
      },
      demoCookie,
    );
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe("/dashboard/deals");
    const [stored] = await rt.database.db
      .select()
      .from(deals)
      .where(eq(deals.title, "Posted deal"));
    expect(stored).toMatchObject({ valueCents: 360_000, closeDate: "2026-12-24" });
  });
});
