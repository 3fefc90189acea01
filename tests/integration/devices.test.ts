import { asc, desc, like, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { readFilters } from "#app/lib/schemas/catalog-filters.ts";
import { DEVICE_PAGE_SIZE, deviceQuerySchema } from "#app/lib/schemas/device-query.ts";
import {
  DEVICE_COUNT_CAP,
  exportDevicesCsv,
  forgetDeviceCounts,
  importDevicesCsv,
  searchDevices,
} from "#server/catalog/index.ts";
import { certifiedDevices } from "#server/db/schema/index.ts";
import { generateDevices } from "#server/db/seed/data/devices.ts";
import type { UserContext } from "#server/platform/context.ts";
import { parseCsv } from "#server/platform/csv.ts";
import { signInCookie } from "./helpers/accounts.ts";
import { userContextFor } from "./helpers/contexts.ts";
import { setUpTestRuntime, type TestServer } from "./helpers/fixture.ts";
import type { TestRuntime } from "./helpers/runtime.ts";

// The demo admin writes the shared directory as a platform operator (decision 0011).
const world = setUpTestRuntime({
  demo: true,
  api: true,
  env: { PLATFORM_OPERATORS: "admin@demowireless.example" },
});
let rt: TestRuntime;
let server: TestServer;
let agent: string;

const query = (q: string) => readFilters(deviceQuerySchema, new URLSearchParams(q));
const base = {
  carrier: "att" as const,
  deviceType: "Phone",
  deviceSub: "",
  os: "",
  network: "LTE",
  bands: "",
  fiveGBands: "",
};

beforeAll(async () => {
  ({ rt, api: server } = world());
  // A small, known set beside the seed, marked by the maker "Zeta Test" so assertions can pick it out.
  await rt.database.db.insert(certifiedDevices).values([
    { ...base, manufacturer: "Zeta Test", model: "100" },
    { ...base, manufacturer: "Zeta Test", model: "9" },
    { ...base, manufacturer: "Zeta Test", model: "10.5" },
    { ...base, manufacturer: "Zeta Test", model: "alpha" },
    { ...base, manufacturer: "Zeta Test", model: "Beta", os: "" },
    {
      ...base,
      manufacturer: "Zeta Test",
      model: "",
      network: "5G NR, LTE Cat-12",
      fiveGBands: "n77",
    },
    { ...base, manufacturer: "Zeta Test", model: "100%_literal", carrier: "verizon" },
  ]);
  agent = await signInCookie(server.url, "demo", "carrierline-demo");
});

// The directory is searched and imported into as the demo admin (an operator), as from the portal.
let ctx: UserContext;
beforeAll(async () => {
  ctx = await userContextFor(rt, { username: "admin" });
});

describe("the device directory on the server", () => {
  it("sorts numbers as numbers, then text ignoring case, then empty cells, and flips", async () => {
    const asc = await searchDevices(ctx, query("q=zeta test&sort=model"));
    expect(asc.rows.map((r) => r.model)).toEqual([
      "9",
      "10.5",
      "100",
      "100%_literal",
      "alpha",
      "Beta",
      "",
    ]);
    const desc = await searchDevices(ctx, query("q=zeta test&sort=model&dir=desc"));
    expect(desc.rows.map((r) => r.model)).toEqual([
      "",
      "Beta",
      "alpha",
      "100%_literal",
      "100",
      "10.5",
      "9",
    ]);
  });

  it("searches every listed field, ignoring case, with wildcards taken literally", async () => {
    expect((await searchDevices(ctx, query("q=ZETA TEST"))).total).toBe(7);
    expect(
      (await searchDevices(ctx, query("q=cat-12"))).rows.some(
        (r) => r.manufacturer === "Zeta Test",
      ),
    ).toBe(true);
    const literal = await searchDevices(ctx, query("q=100%25_"));
    expect(literal.rows.map((r) => r.model)).toEqual(["100%_literal"]);
    expect((await searchDevices(ctx, query("q=no device is called this"))).total).toBe(0);
  });

  it("filters by carrier, type and technology (network, bands and 5G bands)", async () => {
    const verizon = await searchDevices(ctx, query("carrier=verizon&type=Phone"));
    expect(verizon.rows.every((r) => r.carrier === "verizon" && r.deviceType === "Phone")).toBe(
      true,
    );
    const n77 = await searchDevices(ctx, query("q=zeta test&tech=n77"));
    expect(n77.rows.map((r) => r.network)).toEqual(["5G NR, LTE Cat-12"]);
    const all = await searchDevices(ctx, query("tech=LTE Cat-M1"));
    expect(all.total).toBeGreaterThan(0);
    expect(
      all.rows.every((r) =>
        `${r.network} ${r.bands} ${r.fiveGBands}`.toLowerCase().includes("lte cat-m1"),
      ),
    ).toBe(true);
  });

  it("pages 50 rows at a time with the total that matches", async () => {
    const total = await rt.database.db.$count(certifiedDevices);
    const first = await searchDevices(ctx, query(""));
    expect(first.total).toBe(total);
    expect(first.rows).toHaveLength(DEVICE_PAGE_SIZE);
    expect(first.capped).toBe(false);
    const pageCount = Math.ceil(total / DEVICE_PAGE_SIZE);
    expect(first.pageCount).toBe(pageCount);
    const second = await searchDevices(ctx, query("page=2"));
    expect(second.rows[0]?.id).not.toBe(first.rows[0]?.id);
    const lastPage = await searchDevices(ctx, query(`page=${pageCount}`));
    expect(lastPage.rows.length).toBe(total - (pageCount - 1) * DEVICE_PAGE_SIZE);
    const makers = first.rows.map((r) => r.manufacturer.toLowerCase());
    expect([...makers].sort()).toEqual(makers);
  });

  it("ignores query values it does not know", () => {
    expect(query("carrier=sprint&type=Toaster&sort=price&dir=up&page=-3")).toEqual(query(""));
  });
});

describe("the CSV export", () => {
  it("streams the whole filtered set in the screen's order, every value quoted", async () => {
    expect((await fetch(`${server.url}/api/devices.csv`)).status).toBe(401);
    const res = await fetch(`${server.url}/api/devices.csv?q=zeta%20test&sort=model`, {
      headers: { cookie: agent },
    });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toBe(
      'attachment; filename="certified-devices.csv"',
    );
    const text = await res.text();
    expect(text.split("\r\n")[0]).toBe(
      '"Carrier","Manufacturer","Model","Device Type","Device Sub","Operating System","Network","Bands","5G Bands"',
    );
    const table = parseCsv(text);
    expect(table.rows.map((r) => r.Model)).toEqual([
      "9",
      "10.5",
      "100",
      "100%_literal",
      "alpha",
      "Beta",
      "",
    ]);
    expect(table.rows.find((r) => r.Model === "")?.Network).toBe("5G NR, LTE Cat-12");
  });

  it("holds every row exactly once across batches", async () => {
    const chunks: string[] = [];
    for await (const chunk of exportDevicesCsv(ctx, query("sort=carrier&dir=desc")))
      chunks.push(chunk);
    const rows = parseCsv(chunks.join("")).rows;
    expect(rows).toHaveLength(await rt.database.db.$count(certifiedDevices));
    const carriers = rows.map((r) => r.Carrier);
    expect([...carriers].sort().reverse()).toEqual(carriers);
  });
});

describe("the CSV import", () => {
  const HEADER =
    "Carrier,Manufacturer,Model,Device Type,Device Sub,Operating System,Network,Bands,5G Bands";

  it("adds every row when all are valid, and none when one is not", async () => {
    const before = await rt.database.db.$count(certifiedDevices);
    const bad = await importDevicesCsv(
      ctx,
      `${HEADER}\natt,Acme,A1,Phone,,,LTE,,\natt,Acme,A2,Toaster,,,LTE,,\n`,
    );
    expect(bad).toEqual({
      ok: false,
      errors: [
        "Line 3: Device Type must be one of the 48 certified device types (see /docs/certified-devices)",
      ],
    });
    expect(await rt.database.db.$count(certifiedDevices)).toBe(before);
    const good = await importDevicesCsv(
      ctx,
      `${HEADER}\n"att","Acme, Inc.","A1","Phone","","","LTE","2, 4","n77"\n`,
    );
    expect(good).toEqual({ ok: true, imported: 1 });
    const found = await searchDevices(ctx, query("q=acme, inc"));
    expect(found.rows.map((r) => [r.manufacturer, r.bands, r.fiveGBands])).toEqual([
      ["Acme, Inc.", "2, 4", "n77"],
    ]);
  });
});

describe("the shared counts", () => {
  it("are shared between sorts and pages of one filter set, and follow an import at once", async () => {
    const before = await searchDevices(ctx, query("q=quokka"));
    expect(before.total).toBe(0);
    const imported = await importDevicesCsv(
      ctx,
      `Carrier,Manufacturer,Model,Device Type,Device Sub,Operating System,Network,Bands,5G Bands\natt,Quokka,Q1,Phone,,,LTE,,\nverizon,Quokka,Q2,Phone,,,LTE,,\n`,
    );
    expect(imported).toEqual({ ok: true, imported: 2 });
    const after = await searchDevices(ctx, query("q=QUOKKA&sort=model&dir=desc"));
    expect(after).toMatchObject({ total: 2, capped: false, pageCount: 1 });
    expect(after.rows.map((r) => r.model)).toEqual(["Q2", "Q1"]);
  });
});

describe("counting at scale", () => {
  it("stops counting at 10,000 and says there are more, while filtered counts stay exact", async () => {
    const rows = generateDevices(DEVICE_COUNT_CAP + 200, 7);
    for (let i = 0; i < rows.length; i += 2_000) {
      await rt.database.db.insert(certifiedDevices).values(rows.slice(i, i + 2_000));
    }
    // Written behind importDevicesCsv's back, as another process would: counts follow within
    // DEVICE_COUNT_TTL_MS, or at once when told.
    forgetDeviceCounts(ctx);
    const all = await searchDevices(ctx, query(""));
    expect(all).toMatchObject({ total: DEVICE_COUNT_CAP, capped: true, pageCount: null });
    expect(all.rows).toHaveLength(DEVICE_PAGE_SIZE);
    const few = await searchDevices(ctx, query("q=zeta test"));
    expect(few).toMatchObject({ total: 7, capped: false, pageCount: 1 });
  });

  it("pages a broad search as a sort of all its matches, and shows an import that sorts first at once", async () => {
    // Past the cap a free-text search walks from where its matches start in the order, a place
    // it shares for a while like the count: the pages must still be those of the whole sort.
    const sorted = async (dir: "asc" | "desc") => {
      const key = sql`${certifiedDevices.sortModel} collate "C"`;
      const order = dir === "asc" ? asc : desc;
      return rt.database.db
        .select({ id: certifiedDevices.id })
        .from(certifiedDevices)
        .where(like(certifiedDevices.searchText, "%lte%"))
        .orderBy(order(key), order(certifiedDevices.id));
    };
    for (const dir of ["asc", "desc"] as const) {
      const all = (await sorted(dir)).map((r) => r.id);
      expect(all.length).toBeGreaterThan(DEVICE_COUNT_CAP);
      for (const page of [1, 3]) {
        const found = await searchDevices(ctx, query(`q=LTE&sort=model&dir=${dir}&page=${page}`));
        expect(found.capped).toBe(true);
        expect(found.rows.map((r) => r.id)).toEqual(
          all.slice((page - 1) * DEVICE_PAGE_SIZE, page * DEVICE_PAGE_SIZE),
        );
      }
    }
    // A model that sorts before every other (numbers first), added after the start was shared.
    const imported = await importDevicesCsv(
      ctx,
      `Carrier,Manufacturer,Model,Device Type,Device Sub,Operating System,Network,Bands,5G Bands\natt,Zeta Test,0,Phone,,,LTE,,\n`,
    );
    expect(imported).toEqual({ ok: true, imported: 1 });
    const first = await searchDevices(ctx, query("q=LTE&sort=model"));
    expect(first.rows[0]).toMatchObject({ manufacturer: "Zeta Test", model: "0" });
  });
});
