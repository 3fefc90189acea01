import { and, eq, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { CUSTOMER_IMPORT_BATCH } from "#app/lib/schemas/customer-import.ts";
import {
  CUSTOMERS_PAGE_SIZE,
  customerFieldsSchema,
  customerQuerySchema,
} from "#app/lib/schemas/customers.ts";
import { updateCompanySettings } from "#server/accounts/index.ts";
import {
  createCustomer,
  findCustomers,
  findCustomersByCompany,
  getCustomer,
  getCustomerPage,
  importCustomers,
  listCustomers,
  previewCustomerImport,
  updateCustomer,
} from "#server/customers/index.ts";
import { scheduleCheckIn } from "#server/dashboard/index.ts";
import { activities, agent_users, customers } from "#server/db/schema/index.ts";
import type { UserContext } from "#server/platform/context.ts";
import { isDomainError } from "#server/platform/errors.ts";
import { createCompanyWithAgent, signInCookie } from "./helpers/accounts.ts";
import { nextRequest, userContextFor } from "./helpers/contexts.ts";
import { type PageServer, setUpTestRuntime } from "./helpers/fixture.ts";
import { refusal } from "./helpers/refusal.ts";
import type { TestRuntime } from "./helpers/runtime.ts";

// Customers (issue 14): the list, New Customer, the customer page and the CSV import, as services
// and over HTTP, for two companies, with the "agents see only their own" setting.

const world = setUpTestRuntime({ pages: true });
let rt: TestRuntime;
let server: PageServer;
const PASSWORD = "customers-sturdy-password-3";

let admin: UserContext;
let manager: UserContext;
let alice: UserContext; // an agent of North
let bob: UserContext; // another agent of North
let south: UserContext; // an agent of another company
let northCompany: string;
const cookies = { alice: "", south: "" };

/** Every field as a form posts it (text, "" for none). */
const BLANK = Object.fromEntries(Object.keys(customerFieldsSchema.shape).map((key) => [key, ""]));
const fields = (over: Record<string, string> = {}) =>
  customerFieldsSchema.parse({ ...BLANK, name: "Pat Doe", companyName: "Doe Ltd", ...over });
const query = (over: Record<string, string> = {}) => customerQuerySchema.parse(over);

async function notFound(work: Promise<unknown>) {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(isDomainError(error) && error.refusal.kind).toBe("not_found");
}

async function countOf(ctx: UserContext) {
  return rt.database.db.$count(customers, eq(customers.companyId, ctx.user.companyId));
}

beforeAll(async () => {
  ({ rt, pages: server } = world());
  const people = {
    admin: { role: "admin" as const, username: "north_cadmin" },
    manager: { role: "agent" as const, username: "north_cmanager" },
    alice: { role: "agent" as const, username: "north_alice" },
    bob: { role: "agent" as const, username: "north_bob" },
  };
  for (const person of Object.values(people)) {
    const made = await createCompanyWithAgent(rt, {
      company: "Customers North",
      password: PASSWORD,
      ...person,
    });
    northCompany = made.companyId;
  }
  await rt.database.db
    .update(agent_users)
    .set({ role: "manager" })
    .where(eq(agent_users.username, people.manager.username));
  await createCompanyWithAgent(rt, {
    company: "Customers South",
    username: "south_cagent",
    password: PASSWORD,
  });
  admin = await userContextFor(rt, { username: people.admin.username });
  manager = await userContextFor(rt, { username: people.manager.username });
  alice = await userContextFor(rt, { username: people.alice.username });
  bob = await userContextFor(rt, { username: people.bob.username });
  south = await userContextFor(rt, { username: "south_cagent" });
  cookies.alice = await signInCookie(server.url, people.alice.username, PASSWORD);
  cookies.south = await signInCookie(server.url, "south_cagent", PASSWORD);
});

describe("the customer list", () => {
  let aliceIds: string[] = [];
  beforeAll(async () => {
    // 30 of Alice's (more than a page) and 2 of Bob's; South has one of its own.
    aliceIds = [];
    for (let i = 0; i < 30; i += 1) {
      const n = String(i).padStart(2, "0");
      const { id } = await createCustomer(
        alice,
        fields({
          name: `Alice Contact ${n}`,
          companyName: `Zed ${String(29 - i).padStart(2, "0")} Corp`,
          email: `contact${n}@alice-customers.example`,
        }),
      );
      aliceIds.push(id);
    }
    await createCustomer(bob, fields({ name: "Bobby Tables", companyName: "Acme Bob" }));
    await createCustomer(bob, fields({ name: "Barbara", companyName: "Bob's Findme Inc" }));
    await createCustomer(south, fields({ name: "Southern Sam", companyName: "Findme South" }));
  });

  it("pages on the server: the newest first, a page at a time, the rest on the next page", async () => {
    const first = await listCustomers(alice, query());
    expect(first.total).toBe(32);
    expect(first.rows).toHaveLength(CUSTOMERS_PAGE_SIZE);
    expect(first.pageCount).toBe(2);
    expect(first.rows[0]?.name).toBe("Barbara");
    const second = await listCustomers(alice, query({ page: "2" }));
    expect(second.rows).toHaveLength(32 - CUSTOMERS_PAGE_SIZE);
    const seen = new Set([...first.rows, ...second.rows].map((r) => r.id));
    expect(seen.size).toBe(32);
    // A page past the end shows the last one.
    expect((await listCustomers(alice, query({ page: "99" }))).page).toBe(2);
  });

  it("searches name, company name and email, ignoring case, never another company's", async () => {
    const byName = await listCustomers(alice, query({ q: "bobby" }));
    expect(byName.rows.map((r) => r.name)).toEqual(["Bobby Tables"]);
    const byCompany = await listCustomers(alice, query({ q: "FINDME" }));
    expect(byCompany.rows.map((r) => r.companyName)).toEqual(["Bob's Findme Inc"]);
    const byEmail = await listCustomers(alice, query({ q: "contact07@alice" }));
    expect(byEmail.rows.map((r) => r.name)).toEqual(["Alice Contact 07"]);
    expect(byEmail.rows[0]?.assignee).toBe("north_alice");
    // LIKE's wildcards are plain characters.
    expect((await listCustomers(alice, query({ q: "%" }))).total).toBe(0);
  });

  it("sorts by name and by company", async () => {
    const byName = await listCustomers(alice, query({ sort: "name" }));
    expect(byName.rows.slice(0, 3).map((r) => r.name)).toEqual([
      "Alice Contact 00",
      "Alice Contact 01",
      "Alice Contact 02",
    ]);
    const byCompany = await listCustomers(alice, query({ sort: "company" }));
    expect(byCompany.rows.slice(0, 3).map((r) => r.companyName)).toEqual([
      "Acme Bob",
      "Bob's Findme Inc",
      "Zed 00 Corp",
    ]);
  });

  it("'Only mine' keeps the customers assigned to the agent", async () => {
    const mine = await listCustomers(bob, query({ mine: "1" }));
    expect(mine.rows.map((r) => r.name).sort()).toEqual(["Barbara", "Bobby Tables"]);
    expect((await listCustomers(admin, query({ mine: "1" }))).total).toBe(0);
  });

  it("shows another company's agent none of the rows, and 404 for every id", async () => {
    const theirs = await listCustomers(south, query());
    expect(theirs.rows.map((r) => r.name)).toEqual(["Southern Sam"]);
    const id = aliceIds[0] ?? "";
    await notFound(getCustomer(south, id));
    await notFound(getCustomerPage(south, id));
    await notFound(updateCustomer(south, { id, fields: fields({ name: "Hijacked" }) }));
    expect((await getCustomer(alice, id)).name).toBe("Alice Contact 00");
  });

  it("with 'agents see only their own', an agent sees only theirs; managers and admins all", async () => {
    await updateCompanySettings(admin, { agentsSeeOwnOnly: true });
    try {
      expect((await listCustomers(nextRequest(bob), query())).total).toBe(2);
      expect((await listCustomers(nextRequest(alice), query())).total).toBe(30);
      await notFound(getCustomer(nextRequest(bob), aliceIds[0] ?? ""));
      await notFound(updateCustomer(nextRequest(bob), { id: aliceIds[0] ?? "", fields: fields() }));
      // A check-in names the customer back: one the agent may not see is not found either.
      await notFound(
        scheduleCheckIn(nextRequest(bob), {
          customerId: aliceIds[0] ?? "",
          dueOn: "2026-12-30",
          note: null,
        }),
      );
      expect((await listCustomers(manager, query())).total).toBe(32);
      expect((await listCustomers(admin, query())).total).toBe(32);
    } finally {
      await updateCompanySettings(admin, { agentsSeeOwnOnly: false });
    }
    expect((await listCustomers(nextRequest(bob), query())).total).toBe(32);
  });
});

describe("creating and editing a customer", () => {
  it("checks the form with the shared schema", () => {
    const refused = customerFieldsSchema.safeParse({
      ...BLANK,
      name: " ",
      companyName: "",
      email: "not-an-email",
      size: "huge",
    });
    expect(refused.success).toBe(false);
    const messages = Object.fromEntries(
      (refused.error?.issues ?? []).map((i) => [String(i.path[0]), i.message]),
    );
    expect(messages).toEqual({
      name: "Contact name is required",
      companyName: "Company name is required",
      email: "Enter a valid email address",
      size: "Choose a company size from the list",
    });
  });

  it("creates, reads and edits a customer, with a timeline of what changed", async () => {
    const { id } = await createCustomer(
      alice,
      fields({ name: "Edit Me", companyName: "Editable Co", email: "Edit@Editable.example" }),
    );
    const created = await getCustomer(alice, id);
    expect(created).toMatchObject({
      name: "Edit Me",
      email: "edit@editable.example",
      assignee: "north_alice",
      city: null,
    });
    await updateCustomer(alice, {
      id,
      fields: fields({
        name: "Edit Me",
        companyName: "Editable Co",
        email: "edit@editable.example",
        city: "Austin",
        state: "TX",
        size: "11-50",
      }),
    });
    const page = await getCustomerPage(alice, id);
    expect(page.customer).toMatchObject({ city: "Austin", state: "TX", size: "11-50" });
    expect(page.timeline.map((e) => e.details.kind)).toEqual([
      "customer_updated",
      "customer_created",
    ]);
    expect(page.timeline[0]?.details).toEqual({
      kind: "customer_updated",
      fields: ["city", "state", "company size"],
    });
  });
});

describe("New Customer and the customers the company already has", () => {
  it("refuses a customer's email again (any case), naming the customer", async () => {
    const dana = await createCustomer(
      alice,
      fields({
        name: "Dana Whitfield",
        companyName: "Harbor Logistics",
        email: "dana@harbor.example",
      }),
    );
    const before = await countOf(alice);
    const error = await refusal(
      createCustomer(
        bob,
        fields({
          name: "Dana W. Duplicate",
          companyName: "Harbor Logistics",
          email: "DANA@Harbor.example",
        }),
      ),
    );
    expect(error.kind).toBe("conflict");
    expect(error.message).toBe("dana@harbor.example is already Dana Whitfield (Harbor Logistics).");
    expect(error.details.existing).toEqual({ id: dana.id, name: "Dana Whitfield" });
    expect(error.details.fieldErrors).toEqual({
      email: "Already the email of Dana Whitfield (Harbor Logistics)",
    });
    expect(await countOf(alice)).toBe(before);
  });

  it("names the customer whose email matched, before an older one who matches by name and has no email", async () => {
    await createCustomer(
      alice,
      fields({ name: "Mia Lund", companyName: "Lund Freight", email: "" }),
    );
    const byEmail = await createCustomer(
      alice,
      fields({ name: "Per Lund", companyName: "Lund Freight", email: "per@lund.example" }),
    );
    const error = await refusal(
      createCustomer(
        alice,
        fields({ name: "Mia Lund", companyName: "Lund Freight", email: "per@lund.example" }),
      ),
    );
    expect(error.message).toBe("per@lund.example is already Per Lund (Lund Freight).");
    expect(error.details.existing).toEqual({ id: byEmail.id, name: "Per Lund" });
  });

  it("refuses the same contact at the same company, as the import compares them", async () => {
    const rosa = await createCustomer(
      alice,
      fields({
        name: "Rosa Delgado",
        companyName: "Delgado & Sons",
        email: "rosa@delgado.example",
      }),
    );
    // Another email, other case, a no-break space and runs of spaces: still Rosa.
    const error = await refusal(
      createCustomer(
        alice,
        fields({
          name: "rosa\u00a0 DELGADO ",
          companyName: "delgado  & sons",
          email: "r@new.example",
        }),
      ),
    );
    expect(error.message).toBe("Rosa Delgado at Delgado & Sons is already a customer.");
    expect(error.details.existing).toEqual({ id: rosa.id, name: "Rosa Delgado" });
    expect(error.details.fieldErrors).toEqual({ name: "Already a customer at Delgado & Sons" });
    // The same name at another company is another person.
    await createCustomer(alice, fields({ name: "Rosa Delgado", companyName: "Other Delgados" }));
    // Another company's customers are never a match.
    await createCustomer(south, fields({ name: "Rosa Delgado", companyName: "Delgado & Sons" }));
  });

  it("under 'agents see only their own', a customer the agent may not see is no match: never named", async () => {
    await createCustomer(
      alice,
      fields({ name: "Quiet Quinn", companyName: "Hidden Harbor", email: "quinn@hidden.example" }),
    );
    await updateCompanySettings(admin, { agentsSeeOwnOnly: true });
    try {
      const made = await createCustomer(
        nextRequest(bob),
        fields({
          name: "Quiet Quinn",
          companyName: "Hidden Harbor",
          email: "quinn@hidden.example",
        }),
      );
      expect((await getCustomer(nextRequest(bob), made.id)).assignee).toBe("north_bob");
      // Managers see the whole company, so theirs is refused as before.
      const error = await refusal(
        createCustomer(
          nextRequest(manager),
          fields({ name: "Other", email: "quinn@hidden.example" }),
        ),
      );
      expect(error.message).toBe("quinn@hidden.example is already Quiet Quinn (Hidden Harbor).");
    } finally {
      await updateCompanySettings(admin, { agentsSeeOwnOnly: false });
    }
  });
});

describe("editing a customer into one the company already has", () => {
  it("refuses another customer's email (any case) or contact at the company, naming them", async () => {
    const kim = await createCustomer(
      alice,
      fields({ name: "Kim Ode", companyName: "Ode Freight", email: "kim@ode.example" }),
    );
    const lee = await createCustomer(
      alice,
      fields({ name: "Lee Park", companyName: "Park Rail", email: "lee@park.example" }),
    );
    const leeFields = await getCustomer(alice, lee.id);
    const editLee = (over: Record<string, string>) =>
      updateCustomer(alice, {
        id: lee.id,
        fields: fields({
          name: leeFields.name,
          companyName: leeFields.companyName,
          email: leeFields.email ?? "",
          ...over,
        }),
      });

    const byEmail = await refusal(editLee({ email: "KIM@ode.example" }));
    expect(byEmail.kind).toBe("conflict");
    expect(byEmail.message).toBe("kim@ode.example is already Kim Ode (Ode Freight).");
    expect(byEmail.details.existing).toEqual({ id: kim.id, name: "Kim Ode" });

    const byName = await refusal(editLee({ name: "kim  ode", companyName: "ODE FREIGHT" }));
    expect(byName.message).toBe("Kim Ode at Ode Freight is already a customer.");

    // Nothing was written: Lee is as before.
    expect(await getCustomer(alice, lee.id)).toMatchObject({
      name: "Lee Park",
      companyName: "Park Rail",
      email: "lee@park.example",
    });
    // Their own email in other case, and any other change, are saved.
    await editLee({ email: "LEE@park.example", notes: "Prefers calls" });
    expect(await getCustomer(alice, lee.id)).toMatchObject({
      email: "lee@park.example",
      notes: "Prefers calls",
    });
  });

  it("never blocks an edit that leaves the email and the contact as they were", async () => {
    // Two rows for one person, as an older import could leave them.
    const [first, second] = await rt.database.db
      .insert(customers)
      .values(
        [1, 2].map(() => ({
          name: "Twin Row",
          companyName: "Twin Co",
          email: "twin@twin.example",
          companyId: northCompany,
          createdBy: alice.user.id,
          assignedTo: alice.user.id,
        })),
      )
      .returning({ id: customers.id });
    expect(first && second).toBeTruthy();
    await updateCustomer(alice, {
      id: second?.id ?? "",
      fields: fields({
        name: "Twin Row",
        companyName: "Twin Co",
        email: "twin@twin.example",
        city: "Tulsa",
      }),
    });
    expect((await getCustomer(alice, second?.id ?? "")).city).toBe("Tulsa");
    // New capitals or spacing are the same contact to the test: saved, not refused as the twin.
    await updateCustomer(alice, {
      id: second?.id ?? "",
      fields: fields({
        name: "TWIN  ROW",
        companyName: "twin co",
        email: "twin@twin.example",
        city: "Tulsa",
      }),
    });
    expect((await getCustomer(alice, second?.id ?? "")).name).toBe("TWIN  ROW");
  });

  it("a customer an agent may not see is no match for their edit either", async () => {
    await createCustomer(
      alice,
      fields({ name: "Hidden Hal", companyName: "Hal Co", email: "hal@hal.example" }),
    );
    const bobs = await createCustomer(
      bob,
      fields({ name: "Bob's Own", companyName: "Own Co", email: "own@own.example" }),
    );
    await updateCompanySettings(admin, { agentsSeeOwnOnly: true });
    try {
      await updateCustomer(nextRequest(bob), {
        id: bobs.id,
        fields: fields({ name: "Bob's Own", companyName: "Own Co", email: "hal@hal.example" }),
      });
      expect((await getCustomer(nextRequest(bob), bobs.id)).email).toBe("hal@hal.example");
    } finally {
      await updateCompanySettings(admin, { agentsSeeOwnOnly: false });
    }
  });
});

describe("New Customer of one person twice at the same moment", () => {
  /**
   * Until some session of this test's database waits for an advisory lock: the second save, held
   * by the first's `holdCustomerWrites`. Throws when none does within 3 s (the lock is gone).
   */
  async function someoneWaitsForTheLock() {
    for (let tries = 0; tries < 60; tries += 1) {
      const [row] = await rt.database.db
        .select({ waiting: sql<number>`count(*)::int` })
        .from(sql`pg_stat_activity`)
        .where(
          sql`datname = current_database() and wait_event_type = 'Lock' and wait_event = 'advisory'`,
        );
      if (row && row.waiting > 0) return;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error("the second save never waited for the first");
  }

  it("makes the second wait until the first commits, then refuses it: one customer", async (test) => {
    // On PGlite one connection serves every transaction: there is no second save to race.
    test.skip(rt.database.driver !== "postgres", "needs a second connection (PostgreSQL)");
    const before = await countOf(alice);
    let second: Promise<unknown> = Promise.resolve();
    let settled = false;
    // The first save on a connection of its own, its transaction held open after its write: the
    // second, asking the same question meanwhile, could not see the uncommitted row.
    await rt.database.db.transaction(async (tx) => {
      await createCustomer(
        { ...alice, db: tx },
        fields({ name: "Sam Rush", companyName: "Rush Couriers", email: "sam@rush.example" }),
      );
      second = createCustomer(
        nextRequest(bob),
        fields({ name: "sam  rush", companyName: "RUSH COURIERS" }),
      ).finally(() => {
        settled = true;
      });
      second.catch(() => {}); // awaited below, once the first has committed
      await someoneWaitsForTheLock();
      expect(settled).toBe(false);
    });
    const error = await refusal(second);
    expect(error.kind).toBe("conflict");
    expect(error.message).toBe("Sam Rush at Rush Couriers is already a customer.");
    expect(await countOf(alice)).toBe(before + 1);
  });
});

describe("searching and sorting names with accents", () => {
  let agent: UserContext;
  beforeAll(async () => {
    const made = await createCompanyWithAgent(rt, {
      company: "Accents Ltd",
      username: "accents_agent",
      password: PASSWORD,
    });
    agent = await userContextFor(rt, { id: made.userId });
    for (const [name, companyName, email] of [
      ["Zoë Müller-Peña", "Café Ñandú", "zm@nandu.example"],
      ["Ólafur Arnalds", "Ångström AB", ""],
      // Typed with combining accents (as macOS file names and some pastes are): the same letters.
      ["Emil Ørsted", "Zu\u0308rich Straße", ""],
      ["Anna Berg", "Berg Co", ""],
    ] as const) {
      await createCustomer(agent, fields({ name, companyName, email }));
    }
  });

  it("finds names and companies without their accents, in any case, and with them", async () => {
    const names = async (q: string) =>
      (await listCustomers(agent, query({ q }))).rows.map((r) => r.name);
    expect(await names("muller")).toEqual(["Zoë Müller-Peña"]);
    expect(await names("ZOE")).toEqual(["Zoë Müller-Peña"]);
    expect(await names("nandu")).toEqual(["Zoë Müller-Peña"]);
    expect(await names("Ñandú")).toEqual(["Zoë Müller-Peña"]);
    expect(await names("olafur")).toEqual(["Ólafur Arnalds"]);
    expect(await names("angstrom")).toEqual(["Ólafur Arnalds"]);
    expect(await names("orsted")).toEqual(["Emil Ørsted"]);
    expect(await names("zürich strasse")).toEqual(["Emil Ørsted"]);
    // Wildcards stay plain characters after folding.
    expect(await names("_")).toEqual([]);
    // The New Deal type-ahead and the command palette fold the same way.
    expect((await findCustomersByCompany(agent, { q: "NANDU" })).map((c) => c.name)).toEqual([
      "Zoë Müller-Peña",
    ]);
    expect((await findCustomers(agent, { q: "muller", limit: 5 })).map((c) => c.name)).toEqual([
      "Zoë Müller-Peña",
    ]);
  });

  it("sorts accented names with their base letter", async () => {
    const byName = await listCustomers(agent, query({ sort: "name" }));
    expect(byName.rows.map((r) => r.name)).toEqual([
      "Anna Berg",
      "Emil Ørsted",
      "Ólafur Arnalds",
      "Zoë Müller-Peña",
    ]);
    const byCompany = await listCustomers(agent, query({ sort: "company" }));
    expect(byCompany.rows.map((r) => r.companyName)).toEqual([
      "Ångström AB",
      "Berg Co",
      "Café Ñandú",
      "Zu\u0308rich Straße",
    ]);
  });
});

describe("the customer pages over HTTP", () => {
  const form = (values: Record<string, string>) => new URLSearchParams(values);
  const get = (path: string, cookie?: string) =>
    fetch(`${server.url}${path}`, {
      headers: cookie ? { cookie } : {},
      redirect: "manual",
    });
  const post = (path: string, body: URLSearchParams | FormData, cookie?: string) =>
    fetch(`${server.url}${path}`, {
      method: "POST",
      // A page's form comes from the page itself (no Origin header of another site).
      headers: cookie ? { cookie } : {},
      body,
      redirect: "manual",
    });

  it("sends a signed-out visitor to sign in, the import included", async () => {
    for (const path of [
      "/dashboard/customers",
      "/dashboard/customers/new",
      "/dashboard/customers/import",
      "/dashboard/customers/5c1f1a7e-0a0b-4c55-9d43-54a3b0e3b7a1",
    ]) {
      const res = await get(path);
      expect(res.status, path).toBe(302);
      expect(res.headers.get("location")).toMatch(/^\/login/);
    }
    const created = await post(
      "/dashboard/customers/new",
      form({ name: "Sneaky", companyName: "Nope" }),
    );
    expect(created.status).toBe(302);
    expect(created.headers.get("location")).toMatch(/^\/login/);
    const imported = await post("/dashboard/customers/import", csvForm("Name,Company\nA,B\n"));
    expect(imported.status).toBe(302);
    expect(imported.headers.get("location")).toMatch(/^\/login/);
  });

  it("the old /customers addresses lead to the dashboard's", async () => {
    const legacy: [string, string][] = [
      ["/customers", "/dashboard/customers"],
      ["/customers/new", "/dashboard/customers/new"],
    ];
    for (const [from, to] of legacy) {
      const res = await get(from);
      expect(res.status).toBe(302);
      expect(res.headers.get("location")).toBe(to);
    }
  });

  it("lists, searches and creates over HTTP; refuses a bad form with its field errors", async () => {
    const list = await get("/dashboard/customers?q=Bobby", cookies.alice);
    expect(list.status).toBe(200);
    const html = await list.text();
    expect(html).toContain("Bobby Tables");
    expect(html).not.toContain("Alice Contact 00");

    const bad = await post(
      "/dashboard/customers/new",
      form({ ...BLANK, companyName: "Bad Email Co", email: "nope" }),
      cookies.alice,
    );
    expect(bad.status).toBe(400);
    const badHtml = await bad.text();
    expect(badHtml).toContain("Contact name is required");
    expect(badHtml).toContain("Enter a valid email address");

    const good = await post(
      "/dashboard/customers/new",
      form({
        ...BLANK,
        name: "Http Made",
        companyName: "Over The Wire",
        email: "http@wire.example",
      }),
      cookies.alice,
    );
    expect(good.status).toBe(302);
    // Back to the list (spec), where the new customer comes first.
    expect(good.headers.get("location")).toBe("/dashboard/customers");
    const listed = await (await get("/dashboard/customers", cookies.alice)).text();
    expect(listed).toContain("Over The Wire");
    const [made] = await rt.database.db
      .select({ id: customers.id })
      .from(customers)
      .where(eq(customers.email, "http@wire.example"));
    const location = `/dashboard/customers/${made?.id}`;
    const page = await get(location, cookies.alice);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Over The Wire");

    // Another company's agent: 404 to read it and to save it; a malformed id is 404 too.
    expect((await get(location, cookies.south)).status).toBe(404);
    const hijack = await post(
      location,
      form({ ...BLANK, name: "Hijacked", companyName: "Hijack Co" }),
      cookies.south,
    );
    expect(hijack.status).toBe(404);
    expect((await get("/dashboard/customers/not-a-uuid", cookies.alice)).status).toBe(404);
    const [row] = await rt.database.db
      .select({ name: customers.name })
      .from(customers)
      .where(eq(customers.email, "http@wire.example"));
    expect(row?.name).toBe("Http Made");
  });

  it("refuses a customer the company already has, naming it, with 409", async () => {
    // As the form's fetcher posts it (a data request).
    const res = await post(
      "/dashboard/customers/new.data",
      form({
        ...BLANK,
        name: "Dana W. Duplicate",
        companyName: "Harbor Logistics",
        email: "dana@harbor.example",
      }),
      cookies.alice,
    );
    expect(res.status).toBe(409);
    const body = await res.text();
    expect(body).toContain("dana@harbor.example is already Dana Whitfield (Harbor Logistics).");
    const [dana] = (await listCustomers(alice, query({ q: "dana@harbor" }))).rows;
    expect(body).toContain(dana?.id ?? "no id");
  });
});

// ------------------------------------------------------------------------------------------------
// The CSV import.

function csvForm(text: string, options: Record<string, string> = {}) {
  const body = new FormData();
  body.set("file", new File([text], "customers.csv", { type: "text/csv" }));
  for (const [key, value] of Object.entries(options)) body.set(key, value);
  return body;
}

describe("the customer CSV import", () => {
  let importer: UserContext;
  beforeAll(async () => {
    const made = await createCompanyWithAgent(rt, {
      company: "Importers Inc",
      username: "importer",
      password: PASSWORD,
    });
    importer = await userContextFor(rt, { id: made.userId });
    await createCustomer(
      importer,
      fields({
        name: "Existing Eve",
        companyName: "Eve Co",
        email: "eve@existing.example",
        city: "Old Town",
      }),
    );
  });

  const FILE = [
    "Contact Name,Company Name,E-mail,Phone,City,State,Zip,Size,Shoe size",
    "Ann One,One LLC,ann@one.example,555-0100,Denver,CO,80202,11-50,9",
    "Ben Two,Two LLC,not-an-email,,,,,,10",
    "Eve Again,Eve Co,EVE@existing.example,,New Town,NY,,,",
    "Ann Repeat,One LLC,ann@one.example,,,,,,",
    ",No Name LLC,nobody@none.example,,,,,,",
  ].join("\n");

  it("previews: the mapping by name, each bad row with its reason, and both kinds of duplicates", async () => {
    const preview = await previewCustomerImport(importer, { text: FILE });
    expect(preview.mapping).toEqual({
      "Contact Name": "name",
      "Company Name": "companyName",
      "E-mail": "email",
      Phone: "phone",
      City: "city",
      State: "state",
      Zip: "postalCode",
      Size: "size",
      "Shoe size": "",
    });
    expect(preview.missing).toEqual([]);
    expect(preview.totalRows).toBe(5);
    expect(preview.sample[0]).toEqual([
      "Ann One",
      "One LLC",
      "ann@one.example",
      "555-0100",
      "Denver",
      "CO",
      "80202",
      "11-50",
      "9",
    ]);
    expect(preview).toMatchObject({
      newRows: 1,
      existingDuplicates: 1,
      fileDuplicates: 1,
      invalidRows: 2,
    });
    expect(preview.problems).toEqual([
      { row: 3, message: "Enter a valid email address" },
      { row: 6, message: "Contact name is required" },
    ]);
    expect(preview.duplicates).toEqual([
      {
        row: 4,
        same: "eve@existing.example",
        by: "email",
        of: { kind: "existing", customer: { name: "Existing Eve", companyName: "Eve Co" } },
      },
      { row: 5, same: "ann@one.example", by: "email", of: { kind: "file", row: 2 } },
    ]);
  });

  it("knows a customer again by contact and company when the email differs or is missing", async () => {
    const text = [
      "Contact Name,Company Name,E-mail",
      // Eve's email has changed since this file was made; case and spacing differ too.
      "existing  eve,EVE CO,eve@old-address.example",
      "Nina New,Nina Co,",
      "nina new,Nina Co,nina@nina.example",
    ].join("\n");
    const preview = await previewCustomerImport(importer, { text });
    expect(preview).toMatchObject({ newRows: 1, existingDuplicates: 1, fileDuplicates: 1 });
    expect(preview.duplicates).toEqual([
      {
        row: 2,
        same: "existing  eve at EVE CO",
        by: "name",
        of: { kind: "existing", customer: { name: "Existing Eve", companyName: "Eve Co" } },
      },
      { row: 4, same: "nina new at Nina Co", by: "name", of: { kind: "file", row: 3 } },
    ]);
  });

  it("compares names as people type them: accents composed or not, a no-break space", async () => {
    await createCustomer(importer, fields({ name: "José Núñez", companyName: "Café Co" }));
    // Decomposed accents (as macOS saves them) and a no-break space from a web page.
    const text = `Contact Name,Company Name\nJose\u0301\u00a0Nu\u0301n\u0303ez,CAFE\u0301 CO\n`;
    const preview = await previewCustomerImport(importer, { text });
    expect(preview).toMatchObject({ newRows: 0, existingDuplicates: 1 });
  });

  it("merges a row known by name without replacing the customer's email", async () => {
    // A company of its own: the activity entries of the importer above are counted below.
    const made = await createCompanyWithAgent(rt, {
      company: "Merge Importers",
      username: "merge_importer",
      password: PASSWORD,
    });
    const merger = await userContextFor(rt, { id: made.userId });
    await createCustomer(
      merger,
      fields({ name: "Mo Merge", companyName: "Merge Co", email: "mo@new.example", city: "" }),
    );
    const text = "Contact Name,Company Name,E-mail,City\nMo Merge,Merge Co,mo@old.example,Tulsa\n";
    const summary = await importCustomers(merger, {
      text,
      options: { mapping: undefined, duplicates: "merge" },
    });
    expect(summary).toMatchObject({ imported: 0, merged: 1 });
    const [mo] = (await listCustomers(merger, query({ q: "Mo Merge" }))).rows;
    expect(mo).toMatchObject({ email: "mo@new.example", city: "Tulsa" });
  });

  it("takes the agent's mapping, and says when a required field has no column", async () => {
    const preview = await previewCustomerImport(importer, {
      text: FILE,
      mapping: { "Company Name": "companyName", "Shoe size": "notes" },
    });
    expect(preview.missing).toEqual(["Contact name"]);
    expect(preview.mapping["Contact Name"]).toBe("");
    expect(preview.mapping["Shoe size"]).toBe("notes");
  });

  it("ignores rows of empty cells, as spreadsheets write after the data", async () => {
    const text = "Name,Company,Email\nBlank Bea,Bea Co,bea@blank.example\n,,\n , ,\n";
    const preview = await previewCustomerImport(importer, { text });
    expect(preview).toMatchObject({ totalRows: 1, newRows: 1, invalidRows: 0, problems: [] });
    await expect(previewCustomerImport(importer, { text: "Name,Company\n,\n,\n" })).rejects.toThrow(
      "The file has no rows to import.",
    );
  });

  it("refuses files beyond the limits, or that are not CSV, with a clear message", async () => {
    const rows = Array.from({ length: 10_001 }, (_, i) => `N${i},C${i}`);
    await expect(
      previewCustomerImport(importer, { text: `Name,Company\n${rows.join("\n")}` }),
    ).rejects.toThrow("The file has 10,001 rows; one import takes at most 10,000.");
    await expect(previewCustomerImport(importer, { text: 'Name,Company\n"a,b\n' })).rejects.toThrow(
      /not valid CSV/,
    );
    await expect(previewCustomerImport(importer, { text: "Name,Company\n" })).rejects.toThrow(
      "The file has no rows to import.",
    );
    const wide = Array.from({ length: 200_000 }, (_, i) => `h${i}`).join(",");
    await expect(previewCustomerImport(importer, { text: `${wide}\n${wide}\n` })).rejects.toThrow(
      "The file has more than 500 columns; an import takes at most 500.",
    );
    await expect(
      importCustomers(importer, {
        text: `${wide}\n${wide}\n`,
        options: { mapping: undefined, duplicates: "skip" },
      }),
    ).rejects.toThrow("The file has more than 500 columns; an import takes at most 500.");
  });

  it("skips duplicates when asked, never imports bad rows, and records one activity entry", async () => {
    const before = await countOf(importer);
    const summary = await importCustomers(importer, {
      text: FILE,
      options: { mapping: undefined, duplicates: "skip" },
    });
    expect(summary).toEqual({ imported: 1, merged: 0, skippedInvalid: 2, skippedDuplicates: 2 });
    expect(await countOf(importer)).toBe(before + 1);
    const eve = await listCustomers(importer, query({ q: "eve@existing" }));
    expect(eve.rows.map((r) => [r.name, r.city])).toEqual([["Existing Eve", "Old Town"]]);
    const [ann] = (await listCustomers(importer, query({ q: "ann@one" }))).rows;
    expect(ann).toMatchObject({ name: "Ann One", city: "Denver", assignee: "importer" });
    const entries = await rt.database.db
      .select({ details: activities.details })
      .from(activities)
      .where(
        and(
          eq(activities.companyId, importer.user.companyId),
          eq(activities.kind, "customers_imported"),
        ),
      );
    expect(entries.map((e) => e.details)).toEqual([{ count: 1 }]);
  });

  it("merges duplicates when asked: the file's values onto the customer, empty cells kept", async () => {
    const text = [
      "Name,Company,Email,City,State,Industry",
      "Eve Merged,Eve Co,eve@existing.example,New Town,,Dental",
      "Fresh Fay,Fay Co,fay@fresh.example,,,",
    ].join("\n");
    const summary = await importCustomers(importer, {
      text,
      options: { mapping: undefined, duplicates: "merge" },
    });
    expect(summary).toEqual({ imported: 1, merged: 1, skippedInvalid: 0, skippedDuplicates: 0 });
    const [eve] = (await listCustomers(importer, query({ q: "eve@existing" }))).rows;
    expect(eve).toMatchObject({ name: "Eve Merged", city: "New Town" });
    const full = await getCustomer(importer, eve?.id ?? "");
    expect(full).toMatchObject({ industry: "Dental", companyName: "Eve Co" });
  });

  it("under 'agents see only their own', a row of another agent's customer is the agent's own: never named, never merged", async () => {
    const hidden = await createCustomer(
      alice,
      fields({
        name: "Hidden Hana",
        companyName: "Hana Hold",
        email: "hana@hidden.example",
        city: "Salem",
      }),
    );
    const hiddenByName = await createCustomer(
      alice,
      fields({ name: "Quiet Quill", companyName: "Quill Co", email: "quill@hidden.example" }),
    );
    const before = {
      hana: await getCustomer(alice, hidden.id),
      quill: await getCustomer(alice, hiddenByName.id),
    };
    // By email (any case), and by contact and company alone.
    const text = [
      "Name,Company,Email,City",
      "Hana Again,Other Co,HANA@hidden.example,Tulsa",
      "quiet  quill,QUILL CO,,Tulsa",
    ].join("\n");
    await updateCompanySettings(admin, { agentsSeeOwnOnly: true });
    try {
      const preview = await previewCustomerImport(nextRequest(bob), { text });
      expect(preview).toMatchObject({ newRows: 2, existingDuplicates: 0, fileDuplicates: 0 });
      expect(preview.duplicates).toEqual([]);
      // Nothing in the answer hints at Alice's customers.
      const said = JSON.stringify(preview);
      for (const word of ["Hidden Hana", "Hana Hold", "Quill Co", "already", "your company"]) {
        expect(said).not.toContain(word);
      }
      // Merge, which must never write onto a customer the agent cannot see.
      const summary = await importCustomers(nextRequest(bob), {
        text,
        options: { mapping: undefined, duplicates: "merge" },
      });
      expect(summary).toEqual({ imported: 2, merged: 0, skippedInvalid: 0, skippedDuplicates: 0 });
      const bobs = async (q: string) =>
        (await listCustomers(nextRequest(bob), query({ q }))).rows.map((r) => [
          r.name,
          r.email,
          r.city,
          r.assignee,
        ]);
      expect(await bobs("hana")).toEqual([
        ["Hana Again", "hana@hidden.example", "Tulsa", "north_bob"],
      ]);
      expect(await bobs("quill")).toEqual([["quiet  quill", null, "Tulsa", "north_bob"]]);

      // A manager or an admin sees the whole company: the rows are Alice's customers (the
      // oldest), named, and skipped.
      const managers = await previewCustomerImport(nextRequest(manager), { text });
      expect(managers).toMatchObject({ newRows: 0, existingDuplicates: 2 });
      expect(managers.duplicates.map((d) => d.of)).toEqual([
        { kind: "existing", customer: { name: "Hidden Hana", companyName: "Hana Hold" } },
        { kind: "existing", customer: { name: "Quiet Quill", companyName: "Quill Co" } },
      ]);
      await expect(
        importCustomers(nextRequest(admin), {
          text,
          options: { mapping: undefined, duplicates: "skip" },
        }),
      ).rejects.toThrow("No row of the file can be imported.");
    } finally {
      await updateCompanySettings(admin, { agentsSeeOwnOnly: false });
    }
    // Alice's customers are as they were.
    expect(await getCustomer(alice, hidden.id)).toEqual(before.hana);
    expect(await getCustomer(alice, hiddenByName.id)).toEqual(before.quill);
  });

  it("takes back a row that repeats a customer someone made while the import ran", async (test) => {
    // On PGlite one connection serves every transaction: a New Customer would wait for the import.
    test.skip(rt.database.driver !== "postgres", "needs a second connection (PostgreSQL)");
    const text = "Name,Company,Email\nLou Late,Late Co,lou@late.example\nRay Late,Ray Co,\n";
    const summary = await importCustomers(importer, {
      text,
      options: { mapping: undefined, duplicates: "skip" },
      onProgress: async (done) => {
        // The file's rows are written but not committed: another request sees none of them.
        if (done === 0) return;
        await createCustomer(
          nextRequest(importer),
          fields({ name: "Louise Late", companyName: "Late Co", email: "lou@late.example" }),
        );
        await createCustomer(
          nextRequest(importer),
          fields({ name: "ray late", companyName: "RAY CO" }),
        );
      },
    });
    expect(summary).toEqual({ imported: 0, merged: 0, skippedInvalid: 0, skippedDuplicates: 2 });
    const lou = await listCustomers(importer, query({ q: "lou@late.example" }));
    expect(lou.rows.map((r) => r.name)).toEqual(["Louise Late"]);
    const ray = await listCustomers(importer, query({ q: "ray late" }));
    expect(ray.rows.map((r) => r.name)).toEqual(["ray late"]);
  });

  it("keeps a row that repeats a customer made meanwhile that the agent may not see", async (test) => {
    test.skip(rt.database.driver !== "postgres", "needs a second connection (PostgreSQL)");
    const text = "Name,Company,Email\nMia Meanwhile,Mia Co,mia@meanwhile.example\n";
    await updateCompanySettings(admin, { agentsSeeOwnOnly: true });
    try {
      const summary = await importCustomers(nextRequest(bob), {
        text,
        options: { mapping: undefined, duplicates: "skip" },
        onProgress: async (done) => {
          if (done === 0) return;
          await createCustomer(
            nextRequest(alice),
            fields({
              name: "Mia Meanwhile",
              companyName: "Mia Co",
              email: "mia@meanwhile.example",
            }),
          );
        },
      });
      expect(summary).toEqual({ imported: 1, merged: 0, skippedInvalid: 0, skippedDuplicates: 0 });
      const [bobs] = (await listCustomers(nextRequest(bob), query({ q: "mia@meanwhile" }))).rows;
      expect(bobs?.assignee).toBe("north_bob");
    } finally {
      await updateCompanySettings(admin, { agentsSeeOwnOnly: false });
    }
    const both = await listCustomers(nextRequest(manager), query({ q: "mia@meanwhile" }));
    expect(both.rows.map((r) => r.assignee).sort()).toEqual(["north_alice", "north_bob"]);
  });

  it("over HTTP: the preview is the list page's action, the import streams its progress", async () => {
    const cookie = await signInCookie(server.url, "importer", PASSWORD);
    const headers = { cookie };
    // As the panel's fetcher posts it (a data request).
    const preview = await fetch(`${server.url}/dashboard/customers.data`, {
      method: "POST",
      headers: { cookie },
      body: csvForm("Name,Company,Email\nHttp Ivy,Ivy Co,ivy@http.example\nBad,,x\n"),
    });
    expect(preview.status).toBe(200);
    const answer = await preview.text();
    expect(answer).toContain("Company name is required");
    expect(answer).toContain("ivy@http.example");

    const rows = Array.from({ length: 1_100 }, (_, i) => `Streamed ${i},Stream Co`);
    const res = await fetch(`${server.url}/dashboard/customers/import`, {
      method: "POST",
      headers,
      body: csvForm(`Name,Company\n${rows.join("\n")}`, { duplicates: "skip" }),
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("application/x-ndjson");
    const lines = (await res.text())
      .trim()
      .split("\n")
      .map((line) => JSON.parse(line));
    expect(lines).toEqual([
      { type: "progress", done: 0, total: 1_100 },
      { type: "progress", done: 500, total: 1_100 },
      { type: "progress", done: 1_000, total: 1_100 },
      { type: "progress", done: 1_100, total: 1_100 },
      { type: "done", imported: 1_100, merged: 0, skippedInvalid: 0, skippedDuplicates: 0 },
    ]);

    // Beyond 5 MB, or not a CSV at all: refused before anything starts.
    const huge = await fetch(`${server.url}/dashboard/customers/import`, {
      method: "POST",
      headers,
      body: csvForm(`Name,Company\n${"x".repeat(5 * 1024 * 1024 + 10)},y\n`),
    });
    expect(huge.status).toBe(400);
    expect(await huge.json()).toEqual({ error: "The file is larger than 5 MB." });
    const noRows = await fetch(`${server.url}/dashboard/customers/import`, {
      method: "POST",
      headers,
      body: csvForm("Name,Company\n"),
    });
    expect(noRows.status).toBe(400);
    expect(await noRows.json()).toEqual({ error: "The file has no rows to import." });
    // A page of another site cannot post an import with the agent's cookie (a sibling subdomain
    // shares SameSite=Lax cookies): refused before anything is read.
    const forged = await fetch(`${server.url}/dashboard/customers/import`, {
      method: "POST",
      headers: { ...headers, origin: "http://evil.example" },
      body: csvForm("Name,Company\nForged Row,Forgery Co\n", { duplicates: "merge" }),
    });
    expect(forged.status).toBe(403);
    expect((await listCustomers(importer, query({ q: "Forged Row" }))).total).toBe(0);
    // Another company never sees what was imported here.
    expect((await listCustomers(south, query({ q: "Streamed" }))).total).toBe(0);
    expect(northCompany).not.toBe(importer.user.companyId);
  });

  it("imports 10,000 rows in one go, telling its progress per batch", {
    timeout: 120_000,
  }, async () => {
    const big = await userContextFor(
      rt,
      await createCompanyWithAgent(rt, {
        company: "Bulk Buyers",
        username: "bulk",
        password: PASSWORD,
      }).then((m) => ({ id: m.userId })),
    );
    const rows = Array.from(
      { length: 10_000 },
      (_, i) => `Contact ${i},Company ${i},c${i}@bulk.example,City ${i % 50},TX`,
    );
    const progress: number[] = [];
    const summary = await importCustomers(big, {
      text: `Name,Company,Email,City,State\n${rows.join("\n")}\n`,
      options: { mapping: undefined, duplicates: "skip" },
      onProgress: (done, total) => {
        expect(total).toBe(10_000);
        progress.push(done);
      },
    });
    expect(summary.imported).toBe(10_000);
    expect(await countOf(big)).toBe(10_000);
    expect(progress).toHaveLength(1 + 10_000 / CUSTOMER_IMPORT_BATCH);
    expect(progress.slice(0, 3)).toEqual([0, CUSTOMER_IMPORT_BATCH, 2 * CUSTOMER_IMPORT_BATCH]);
    expect(progress.at(-1)).toBe(10_000);
    const list = await listCustomers(big, query({ q: "c9999@bulk" }));
    expect(list.rows.map((r) => r.name)).toEqual(["Contact 9999"]);
  });

  it("leaves nothing behind when it fails or is cancelled part-way", async () => {
    const before = await countOf(importer);
    const activitiesBefore = await rt.database.db.$count(
      activities,
      eq(activities.companyId, importer.user.companyId),
    );
    const rows = Array.from({ length: 1_200 }, (_, i) => `Partial ${i},Partial Co ${i}`);
    const text = `Name,Company\n${rows.join("\n")}`;
    // A failure after the first batch was written.
    await expect(
      importCustomers(importer, {
        text,
        options: { mapping: undefined, duplicates: "skip" },
        onProgress: (done) => {
          if (done >= CUSTOMER_IMPORT_BATCH) throw new Error("the disk is full");
        },
      }),
    ).rejects.toThrow("the disk is full");
    expect(await countOf(importer)).toBe(before);
    // The agent cancels after the first batch.
    const cancel = new AbortController();
    await expect(
      importCustomers(importer, {
        text,
        options: { mapping: undefined, duplicates: "skip" },
        signal: cancel.signal,
        onProgress: (done) => {
          if (done > 0) cancel.abort();
        },
      }),
    ).rejects.toThrow();
    expect(await countOf(importer)).toBe(before);
    expect(
      await rt.database.db.$count(activities, eq(activities.companyId, importer.user.companyId)),
    ).toBe(activitiesBefore);
    const leftovers = await rt.database.db
      .select({ n: sql<number>`count(*)::int` })
      .from(customers)
      .where(sql`${customers.name} like 'Partial %'`);
    expect(leftovers[0]?.n).toBe(0);
  });
});
