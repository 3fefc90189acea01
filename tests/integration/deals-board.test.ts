import { and, eq, inArray } from "drizzle-orm";
import ExcelJS from "exceljs";
import { beforeAll, describe, expect, it } from "vitest";
import { readFilters } from "#app/lib/schemas/catalog-filters.ts";
import { BOARD_PAGE_SIZE, boardQuerySchema, columnPageSchema } from "#app/lib/schemas/deals.ts";
import { activities, customers, deals, notifications } from "#server/db/schema/index.ts";
import {
  columnTotals,
  exportDealsXlsx,
  loadBoard,
  loadColumnPage,
  moveDeal,
} from "#server/deals/index.ts";
import type { UserContext } from "#server/platform/context.ts";
import { createCompanyWithAgent, signInCookie } from "./helpers/accounts.ts";
import { at, userContextFor } from "./helpers/contexts.ts";
import { type PageServer, setUpTestRuntime } from "./helpers/fixture.ts";
import { TEST_BASE_URL, type TestRuntime } from "./helpers/runtime.ts";

// The deals board: its columns and their SQL totals, search, filter and sort, moves (activity,
// notification, won date), the export, and the walls between companies, over services and HTTP.

const world = setUpTestRuntime({ pages: true });
let rt: TestRuntime;
let server: PageServer;
let north: UserContext;
let northMate: UserContext;
let south: UserContext;
const cookies = { north: "", south: "" };
const PASSWORD = "board-sturdy-password-9";

const view = (q = "") => readFilters(boardQuerySchema, new URLSearchParams(q));
/** Named deals the tests look for, by title. */
const ids: Record<string, string> = {};

beforeAll(async () => {
  ({ rt, pages: server } = world());
  const db = rt.database.db;
  const a = await createCompanyWithAgent(rt, {
    company: "Board North",
    username: "board_north",
    password: PASSWORD,
  });
  const mate = await createCompanyWithAgent(rt, {
    company: "Board North",
    username: "board_mate",
    password: PASSWORD,
  });
  const b = await createCompanyWithAgent(rt, {
    company: "Board South",
    username: "board_south",
    password: PASSWORD,
  });
  north = await userContextFor(rt, { id: a.userId });
  northMate = await userContextFor(rt, { id: mate.userId });
  south = await userContextFor(rt, { id: b.userId });

  const [acme, zenith, southCo] = await db
    .insert(customers)
    .values([
      { companyId: a.companyId, name: "Ann Acme", companyName: "Acme Freight" },
      { companyId: a.companyId, name: "Zed Zenith", companyName: "Zenith Dental" },
      { companyId: b.companyId, name: "Sam South", companyName: "Southgate Supply" },
    ])
    .returning({ id: customers.id });
  const base = { companyId: a.companyId, createdBy: a.userId, assignedTo: a.userId };
  const day = (n: number) => new Date(Date.UTC(2026, 0, 1 + n));
  // 120 leads: $100 each, $10 a month; created one day apart, so "created" sorts them by n.
  await db.insert(deals).values(
    Array.from({ length: 120 }, (_, n) => ({
      ...base,
      customerId: acme?.id ?? "",
      title: `Lead deal ${String(n).padStart(3, "0")}`,
      status: "lead" as const,
      valueCents: 10_000,
      monthlyRevenueCents: 1_000,
      probability: n % 100,
      createdAt: day(n),
    })),
  );
  const named = await db
    .insert(deals)
    .values([
      {
        ...base,
        customerId: zenith?.id ?? "",
        title: "Dental fleet refresh",
        status: "qualified",
        valueCents: 500_000,
        monthlyRevenueCents: 20_000,
        probability: 40,
        closeDate: "2026-06-30",
        assignedTo: mate.userId,
      },
      {
        ...base,
        customerId: acme?.id ?? "",
        title: "Acme hotspot pilot",
        status: "proposal",
        valueCents: 250_000,
        monthlyRevenueCents: 8_000,
        probability: 60,
        closeDate: "2026-03-15",
        productType: "Hotspot",
        oneTimeRevenueCents: 15_000,
        totalRevenueCents: 265_000,
      },
      {
        ...base,
        customerId: zenith?.id ?? "",
        title: "Lost forever",
        status: "closed_lost",
        valueCents: 9_900_000,
        lostReason: "Went elsewhere",
      },
      {
        companyId: b.companyId,
        customerId: southCo?.id ?? "",
        createdBy: b.userId,
        assignedTo: b.userId,
        title: "Southgate secret deal",
        status: "lead",
        valueCents: 777_700,
      },
    ])
    .returning({ id: deals.id, title: deals.title });
  for (const deal of named) ids[deal.title] = deal.id;
  cookies.north = await signInCookie(server.url, "board_north", PASSWORD);
  cookies.south = await signInCookie(server.url, "board_south", PASSWORD);
});

const column = async (ctx: UserContext, status: string, q = "") => {
  const board = await loadBoard(ctx, view(q));
  const found = board.find((c) => c.status === status);
  if (!found) throw new Error(`no ${status} column`);
  return found;
};

describe("the board's columns", () => {
  it("totals a column over all its deals, while it loads one page of cards", async () => {
    const lead = await column(north, "lead");
    expect(lead.count).toBe(120);
    expect(lead.valueCents).toBe(120 * 10_000);
    expect(lead.monthlyRevenueCents).toBe(120 * 1_000);
    expect(lead.cards).toHaveLength(BOARD_PAGE_SIZE);
    expect(lead.hasMore).toBe(true);
    // Newest first: created one day apart.
    expect(lead.cards[0]?.title).toBe("Lead deal 119");
    expect(typeof lead.cards[0]?.createdAt).toBe("string");
  });

  it("pages a column with Show more, to the end and without overlap", async () => {
    const seen = new Set<string>();
    let offset = 0;
    for (;;) {
      const page = await loadColumnPage(
        north,
        readFilters(columnPageSchema, new URLSearchParams({ column: "lead", offset: `${offset}` })),
      );
      for (const card of page.cards) seen.add(card.id);
      offset += page.cards.length;
      if (!page.hasMore) break;
    }
    expect(offset).toBe(120);
    expect(seen.size).toBe(120);
  });

  it("opens each column on the same cards, in the same order, as its first Show more page", async () => {
    for (const sort of ["created", "close", "value", "probability"]) {
      const board = await loadBoard(north, view(`sort=${sort}`));
      for (const col of board) {
        const first = await loadColumnPage(
          north,
          readFilters(
            columnPageSchema,
            new URLSearchParams({ column: col.status, offset: "0", sort }),
          ),
        );
        // Every field alike, written alike (the first pages are one statement's JSON, Show more
        // is the ORM's rows): dates, money, the assignee.
        expect(col.cards).toEqual(first.cards);
        expect(col.hasMore).toBe(first.hasMore);
      }
    }
  });

  it("shows the five board columns and never closed_lost", async () => {
    const board = await loadBoard(north, view());
    expect(board.map((c) => c.status)).toEqual([
      "lead",
      "qualified",
      "proposal",
      "negotiation",
      "closed_won",
    ]);
    const titles = board.flatMap((c) => c.cards.map((card) => card.title));
    expect(titles).not.toContain("Lost forever");
    expect(board.reduce((sum, c) => sum + c.valueCents, 0)).toBe(1_200_000 + 500_000 + 250_000);
  });

  it("searches deal titles and customer companies, case-insensitively", async () => {
    const byTitle = await loadBoard(north, view("q=FLEET"));
    expect(byTitle.flatMap((c) => c.cards.map((card) => card.title))).toEqual([
      "Dental fleet refresh",
    ]);
    const byCompany = await loadBoard(north, view("q=zenith"));
    expect(byCompany.flatMap((c) => c.cards.map((card) => card.title))).toEqual([
      "Dental fleet refresh",
    ]);
    const lead = byCompany.find((c) => c.status === "lead");
    expect(lead?.count).toBe(0);
    // A search's totals are the search's, too.
    const acme = await loadBoard(north, view("q=acme"));
    expect(acme.find((c) => c.status === "lead")?.count).toBe(120);
    expect(acme.find((c) => c.status === "proposal")?.count).toBe(1);
    // LIKE's wildcards are literal.
    expect((await loadBoard(north, view("q=%25"))).every((c) => c.count === 0)).toBe(true);
  });

  it("filters by status to one column and sorts by each key, descending", async () => {
    const only = await loadBoard(north, view("status=proposal"));
    expect(only.map((c) => c.status)).toEqual(["proposal"]);
    expect(only[0]?.cards.map((c) => c.title)).toEqual(["Acme hotspot pilot"]);
    // closed_lost is no filter the board accepts: it falls back to all.
    expect((await loadBoard(north, view("status=closed_lost"))).length).toBe(5);

    const byProbability = await column(north, "lead", "sort=probability");
    expect(byProbability.cards[0]?.probability).toBe(99);
    expect(byProbability.cards[1]?.probability).toBe(98);
    const byValue = await loadBoard(north, view("sort=value&q=a"));
    const values = byValue.flatMap((c) => c.cards.map((card) => card.valueCents));
    for (const col of byValue) {
      const v = col.cards.map((c) => c.valueCents);
      expect(v).toEqual([...v].sort((x, y) => y - x));
    }
    expect(values.length).toBeGreaterThan(0);
  });

  it("keeps an agent to their own deals with Only mine", async () => {
    const mine = await loadBoard(north, view("mine=1"));
    const titles = mine.flatMap((c) => c.cards.map((card) => card.title));
    expect(titles).not.toContain("Dental fleet refresh");
    expect(mine.find((c) => c.status === "qualified")?.count).toBe(0);
    const mates = await loadBoard(northMate, view("mine=1"));
    expect(mates.flatMap((c) => c.cards.map((card) => card.title))).toEqual([
      "Dental fleet refresh",
    ]);
  });
});

describe("moving a deal", () => {
  it("saves the status, logs it and tells the assignee; the totals follow", async () => {
    const id = ids["Dental fleet refresh"] ?? "";
    const move = await moveDeal(north, { dealId: id, status: "negotiation" });
    expect(move).toEqual({ dealId: id, from: "qualified", to: "negotiation" });
    const totals = await columnTotals(north, view(), ["qualified", "negotiation"]);
    expect(totals).toEqual([
      { status: "qualified", count: 0, valueCents: 0, monthlyRevenueCents: 0 },
      { status: "negotiation", count: 1, valueCents: 500_000, monthlyRevenueCents: 20_000 },
    ]);
    const logged = await rt.database.db
      .select({ kind: activities.kind, details: activities.details, actor: activities.actorId })
      .from(activities)
      .where(eq(activities.dealId, id));
    expect(logged).toContainEqual({
      kind: "deal_status_changed",
      details: { from: "qualified", to: "negotiation" },
      actor: north.user.id,
    });
    const told = await rt.database.db
      .select({ title: notifications.title, message: notifications.message })
      .from(notifications)
      .where(eq(notifications.userId, northMate.user.id));
    expect(told).toHaveLength(1);
    expect(told[0]?.message).toContain("Dental fleet refresh");
    expect(told[0]?.message).toContain("to Negotiation");
  });

  it("records when a deal is won, and forgets it when it leaves Won", async () => {
    const id = ids["Acme hotspot pilot"] ?? "";
    const when = new Date("2026-05-05T10:00:00Z");
    await moveDeal(at(north, when), { dealId: id, status: "closed_won" });
    const [won] = await rt.database.db
      .select({ wonAt: deals.wonAt, status: deals.status })
      .from(deals)
      .where(eq(deals.id, id));
    expect(won).toEqual({ wonAt: when, status: "closed_won" });
    await moveDeal(north, { dealId: id, status: "proposal" });
    const [back] = await rt.database.db
      .select({ wonAt: deals.wonAt })
      .from(deals)
      .where(eq(deals.id, id));
    expect(back?.wonAt).toBeNull();
  });

  it("refuses another company's deal as not found, and changes nothing", async () => {
    const id = ids["Southgate secret deal"] ?? "";
    await expect(moveDeal(north, { dealId: id, status: "qualified" })).rejects.toMatchObject({
      refusal: { kind: "not_found" },
    });
    const [still] = await rt.database.db
      .select({ status: deals.status })
      .from(deals)
      .where(eq(deals.id, id));
    expect(still?.status).toBe("lead");
    const southBoard = await loadBoard(south, view());
    const titles = southBoard.flatMap((c) => c.cards.map((card) => card.title));
    expect(titles).toEqual(["Southgate secret deal"]);
  });
});

/** A request as the browser sends it, from the app's own origin. */
function ask(path: string, cookie: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  headers.set("origin", TEST_BASE_URL);
  if (cookie) headers.set("cookie", cookie);
  return fetch(`${server.url}${path}`, { ...init, headers, redirect: "manual" });
}

const moveOver = (id: string, status: string, cookie: string, query = "") =>
  ask(`/api/deals/${id}/move${query}`, cookie, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ status }),
  });

async function readWorkbook(res: Response) {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(await res.arrayBuffer());
  const sheet = workbook.worksheets[0];
  if (!sheet) throw new Error("no worksheet");
  const rows: ExcelJS.CellValue[][] = [];
  sheet.eachRow((row) => {
    rows.push(Array.from({ length: 13 }, (_, i) => row.getCell(i + 1).value));
  });
  return { sheet, rows };
}

describe("the board over HTTP", () => {
  it("serves the page and its data to the company's agent, with its own deals only", async () => {
    const page = await ask("/dashboard/deals?q=acme", cookies.north);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Lead deal 119");
    expect(html).not.toContain("Southgate secret deal");
    // The HTML draws the first cards of a column; its data holds the whole first page, whose
    // other cards the browser draws as it hydrates.
    const lead = await ask("/dashboard/deals?status=lead", cookies.north);
    // What is drawn: the HTML without its scripts (which carry the loader data).
    const leadHtml = (await lead.text()).replace(/<script[^>]*>[\s\S]*?<\/script>/g, "");
    expect(leadHtml.match(/data-testid="deal-card"/g)).toHaveLength(12);
    expect(leadHtml).toContain("Lead deal 108");
    expect(leadHtml).not.toContain("Lead deal 107");
    const leadData = await (await ask("/dashboard/deals.data?status=lead", cookies.north)).text();
    for (const n of ["119", "108", "070"]) expect(leadData).toContain(`Lead deal ${n}`);
    const data = await ask("/dashboard/deals.data", cookies.south);
    expect(data.status).toBe(200);
    const body = await data.text();
    expect(body).toContain("Southgate secret deal");
    expect(body).not.toContain("Lead deal");
  });

  it("moves over HTTP and answers both columns' totals for the view", async () => {
    const id = ids["Acme hotspot pilot"] ?? "";
    const res = await moveOver(id, "negotiation", cookies.north, "?q=acme");
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      move: { dealId: id, from: "proposal", to: "negotiation" },
      totals: [
        { status: "proposal", count: 0, valueCents: 0, monthlyRevenueCents: 0 },
        // The view is "acme": the Dental deal in Negotiation is not counted.
        { status: "negotiation", count: 1, valueCents: 250_000, monthlyRevenueCents: 8_000 },
      ],
    });
  });

  it("refuses a column the board does not have, and a malformed id", async () => {
    const id = ids["Acme hotspot pilot"] ?? "";
    expect((await moveOver(id, "closed_lost", cookies.north)).status).toBe(400);
    expect((await moveOver("not-a-uuid", "lead", cookies.north)).status).toBe(404);
    expect((await ask("/api/deals/column?column=closed_lost", cookies.north)).status).toBe(400);
    expect((await ask("/api/deals/column", cookies.north)).status).toBe(400);
  });

  it("answers another company's agent 404 for our deal, and changes nothing", async () => {
    const id = ids["Acme hotspot pilot"] ?? "";
    const res = await moveOver(id, "lead", cookies.south);
    expect(res.status).toBe(404);
    expect(await res.json()).toEqual({ error: "Deal not found" });
    const [still] = await rt.database.db
      .select({ status: deals.status })
      .from(deals)
      .where(and(eq(deals.id, id)));
    expect(still?.status).toBe("negotiation");
    const more = await ask("/api/deals/column?column=lead&offset=0", cookies.south);
    expect(await more.text()).not.toContain("Lead deal");
  });

  it("refuses a signed-out visitor the page, its data, Show more, the move and the export", async () => {
    const page = await ask("/dashboard/deals", "");
    expect(page.status).toBe(302);
    expect(page.headers.get("location")).toMatch(/^\/login/);
    const data = await ask("/dashboard/deals.data", "");
    expect(await data.text()).toMatch(/"redirect","\/login/);
    expect((await ask("/api/deals/column?column=lead", "")).status).toBe(401);
    expect((await moveOver(ids["Acme hotspot pilot"] ?? "", "lead", "")).status).toBe(401);
    expect((await ask("/api/deals.xlsx", "")).status).toBe(401);
  });

  it("refuses a move from another site", async () => {
    const res = await fetch(`${server.url}/api/deals/${ids["Acme hotspot pilot"]}/move`, {
      method: "POST",
      headers: {
        origin: "https://evil.example",
        cookie: cookies.north,
        "content-type": "application/json",
      },
      body: JSON.stringify({ status: "lead" }),
    });
    expect(res.status).toBe(403);
  });
});

describe("the export", () => {
  it("writes the spec's 13 columns with typed cells, a frozen header and a filter", async () => {
    const res = await ask("/api/deals.xlsx?q=hotspot", cookies.north);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe(
      "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
    );
    expect(res.headers.get("content-disposition")).toMatch(
      /^attachment; filename="deals_export_\d{4}-\d{2}-\d{2}\.xlsx"$/,
    );
    const { sheet, rows } = await readWorkbook(res);
    expect(rows[0]).toEqual([
      "Deal Title",
      "Customer",
      "Status",
      "Value",
      "Close Date",
      "Probability",
      "Carrier",
      "Product Type",
      "Monthly Revenue",
      "One Time Revenue",
      "Total Revenue",
      "Assigned To",
      "Created At",
    ]);
    expect(rows).toHaveLength(2);
    const [row] = rows.slice(1);
    expect(row?.slice(0, 12)).toEqual([
      "Acme hotspot pilot",
      "Acme Freight",
      "Negotiation",
      2_500,
      new Date("2026-03-15T00:00:00Z"),
      0.6,
      "AT&T",
      "Hotspot",
      80,
      150,
      2_650,
      "board_north",
    ]);
    expect(row?.[12]).toBeInstanceOf(Date);
    expect(sheet.getCell("D2").numFmt).toContain("$");
    expect(sheet.getCell("F2").numFmt).toBe("0%");
    expect(sheet.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });
    expect(sheet.autoFilter).toBeTruthy();
  });

  it("holds every row of the view, not one page, and never closed_lost", async () => {
    const { rows } = await readWorkbook(await ask("/api/deals.xlsx", cookies.north));
    const titles = rows.slice(1).map((r) => r[0]);
    expect(titles).toHaveLength(122);
    expect(titles).not.toContain("Lost forever");
    expect(titles).not.toContain("Southgate secret deal");
    const leads = await readWorkbook(await ask("/api/deals.xlsx?status=lead", cookies.north));
    expect(leads.rows).toHaveLength(121);
  });

  it("sorts by probability as it shows it: a won deal is 100%, whatever was estimated", async () => {
    const [zenith] = await rt.database.db
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.companyName, "Zenith Dental"));
    const probes = await rt.database.db
      .insert(deals)
      .values([
        {
          companyId: north.user.companyId,
          customerId: zenith?.id ?? "",
          createdBy: north.user.id,
          title: "Ordering probe won",
          status: "closed_won" as const,
          probability: 10,
        },
        {
          companyId: north.user.companyId,
          customerId: zenith?.id ?? "",
          createdBy: north.user.id,
          title: "Ordering probe open",
          status: "proposal" as const,
          probability: 50,
        },
      ])
      .returning({ id: deals.id });
    try {
      const { rows } = await readWorkbook(
        await ask("/api/deals.xlsx?q=ordering%20probe&sort=probability", cookies.north),
      );
      expect(rows.slice(1).map((r) => [r[0], r[5]])).toEqual([
        ["Ordering probe won", 1],
        ["Ordering probe open", 0.5],
      ]);
    } finally {
      await rt.database.db.delete(deals).where(
        inArray(
          deals.id,
          probes.map((p) => p.id),
        ),
      );
    }
  });

  it("gives another company's agent none of our rows", async () => {
    const { rows } = await readWorkbook(await ask("/api/deals.xlsx", cookies.south));
    expect(rows.slice(1).map((r) => r[0])).toEqual(["Southgate secret deal"]);
    const bytes = await exportDealsXlsx(south, view("q=acme"));
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes.buffer);
    expect(workbook.worksheets[0]?.rowCount).toBe(1);
  });
});
