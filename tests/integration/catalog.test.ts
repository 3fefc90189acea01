import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  promotionFiltersSchema,
  readFilters,
  resourceFiltersSchema,
} from "#app/lib/schemas/catalog-filters.ts";
import {
  importRatePlansCsv,
  listActivePromotions,
  listRatePlans,
  listResources,
} from "#server/catalog/index.ts";
import { promotions, ratePlans, salesResources } from "#server/db/schema/index.ts";
import type { UserContext } from "#server/platform/context.ts";
import { parseCsv } from "#server/platform/csv.ts";
import { createCompanyWithAgent, signInCookie } from "./helpers/accounts.ts";
import { userContextFor } from "./helpers/contexts.ts";
import { setUpTestRuntime, type TestServer } from "./helpers/fixture.ts";
import type { TestRuntime } from "./helpers/runtime.ts";

// The demo admin writes the shared catalog as a platform operator (decision 0011).
const world = setUpTestRuntime({
  demo: true,
  api: true,
  env: { PLATFORM_OPERATORS: "admin@demowireless.example" },
});
let rt: TestRuntime;
let server: TestServer;
let agent: string;
let admin: string;

beforeAll(async () => {
  ({ rt, api: server } = world());
  agent = await signInCookie(server.url, "demo", "carrierline-demo");
  admin = await signInCookie(server.url, "admin", "carrierline-admin");
});

// Services are called as the demo admin (an operator) calls them from the portal.
let ctx: UserContext;
beforeAll(async () => {
  ctx = await userContextFor(rt, { username: "admin" });
});

const HEADER = "Carrier,Plan,Plan Type,Price Per Line,Premium Data,Hotspot,Video Streaming";

describe("rate plan CSV", () => {
  it("exports every plan with the spec's headers, every value quoted, to admins only", async () => {
    expect((await fetch(`${server.url}/api/rate-plans.csv`)).status).toBe(401);
    expect(
      (await fetch(`${server.url}/api/rate-plans.csv`, { headers: { cookie: agent } })).status,
    ).toBe(403);
    const res = await fetch(`${server.url}/api/rate-plans.csv`, { headers: { cookie: admin } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/csv; charset=utf-8");
    expect(res.headers.get("content-disposition")).toBe('attachment; filename="rate-plans.csv"');
    const text = await res.text();
    expect(text.split("\r\n")[0]).toBe(
      HEADER.split(",")
        .map((h) => `"${h}"`)
        .join(","),
    );
    const table = parseCsv(text);
    expect(table.rows).toHaveLength(await rt.database.db.$count(ratePlans));
    expect(table.rows[0]?.["Price Per Line"]).toMatch(/^\d+\.\d{2}$/);
  });

  it("imports nothing when any row is bad, and says which line and column", async () => {
    const before = await listRatePlans(ctx);
    const result = await importRatePlansCsv(
      ctx,
      [
        HEADER,
        "att,New Plan A,Business Unlimited,45.00,,,",
        "sprint,Bad Carrier,Business Unlimited,40,,,",
        "verizon,Bad Price,Business Unlimited,forty,,,",
      ].join("\n"),
    );
    expect(result).toEqual({
      ok: false,
      errors: [
        "Line 3: Carrier must be att, verizon or tmobile",
        "Line 4: Price Per Line must be a price such as 45 or 45.99",
      ],
    });
    expect(await listRatePlans(ctx)).toEqual(before);
  });

  it("names missing and unknown columns, and refuses duplicate plans", async () => {
    expect(await importRatePlansCsv(ctx, "Carrier,Plan,Price\natt,X,1\n")).toMatchObject({
      ok: false,
      errors: expect.arrayContaining(["Missing column: Plan Type", "Unknown column: Price"]),
    });
    const dup = await importRatePlansCsv(ctx, `${HEADER}\natt,Same,BU,1,,,\natt,same,BU,2,,,\n`);
    expect(dup).toEqual({ ok: false, errors: ["Line 3: same (att) appears more than once"] });
  });

  it("refuses every company's admin who is no platform operator, and changes nothing", async () => {
    await createCompanyWithAgent(rt, {
      company: "Self Made Wireless",
      username: "selfmade_admin",
      password: "selfmade-admin-pass-1",
      role: "admin",
    });
    const companyAdmin = await userContextFor(rt, { username: "selfmade_admin" });
    const before = await listRatePlans(ctx);
    const cheap = `${HEADER}\natt,"${before[0]?.plan}",${before[0]?.planType},0.01,,,\n`;
    await expect(importRatePlansCsv(companyAdmin, cheap)).rejects.toThrow(
      "Only platform operators can change the catalog",
    );
    expect(await listRatePlans(ctx)).toEqual(before);
    // A company's admin may still take a copy of the shared list.
    const cookie = await signInCookie(server.url, "selfmade_admin", "selfmade-admin-pass-1");
    expect((await fetch(`${server.url}/api/rate-plans.csv`, { headers: { cookie } })).status).toBe(
      200,
    );
  });

  it("updates plans with the same carrier and name, adds new ones, keeps the rest", async () => {
    const [existing] = await rt.database.db
      .select()
      .from(ratePlans)
      .where(eq(ratePlans.carrier, "att"))
      .limit(1);
    const count = await rt.database.db.$count(ratePlans);
    const csv = [
      HEADER,
      `att,"${existing?.plan}",${existing?.planType},99.50,"Unlimited, truly",30 GB,4K UHD`,
      'tmobile,"Brand, New",Tablet,"$12",,,',
    ].join("\r\n");
    expect(await importRatePlansCsv(ctx, csv)).toEqual({ ok: true, imported: 2 });
    expect(await rt.database.db.$count(ratePlans)).toBe(count + 1);
    const [updated] = await rt.database.db
      .select()
      .from(ratePlans)
      .where(eq(ratePlans.id, existing?.id ?? ""));
    expect(updated).toMatchObject({
      pricePerLineCents: 9950,
      premiumData: "Unlimited, truly",
      hotspot: "30 GB",
    });
  });
});

describe("promotions", () => {
  it("hide expired ones and filter by carrier and device", async () => {
    const db = rt.database.db;
    await db.insert(promotions).values({
      carrier: "att",
      deviceType: "phones",
      title: "Expired deal",
      description: "Gone",
      value: "$1 off",
      endsOn: "2020-01-01",
    });
    const all = await listActivePromotions(
      ctx,
      readFilters(promotionFiltersSchema, new URLSearchParams()),
    );
    expect(all).toHaveLength(3);
    expect(all.map((p) => p.title)).not.toContain("Expired deal");
    const attPhones = await listActivePromotions(
      ctx,
      readFilters(promotionFiltersSchema, new URLSearchParams("carrier=att&device=phones")),
    );
    expect(attPhones.every((p) => p.carrier === "att" && p.deviceType === "phones")).toBe(true);
    expect(attPhones).toHaveLength(1);
    const none = await listActivePromotions(
      ctx,
      readFilters(promotionFiltersSchema, new URLSearchParams("carrier=att&device=laptops")),
    );
    expect(none).toEqual([]);
  });
});

describe("sales resources", () => {
  const filters = (q: string) => readFilters(resourceFiltersSchema, new URLSearchParams(q));

  it("filter, search (wildcards are text) and sort", async () => {
    expect(await listResources(ctx, filters(""))).toHaveLength(5);
    const byDownloads = await listResources(ctx, filters("sort=downloads"));
    const counts = byDownloads.map((r) => r.downloads);
    expect([...counts].sort((a, b) => b - a)).toEqual(counts);
    const newest = await listResources(ctx, filters(""));
    const dates = newest.map((r) => r.addedAt.getTime());
    expect([...dates].sort((a, b) => b - a)).toEqual(dates);
    expect(await listResources(ctx, filters("q=%25"))).toEqual([]);
    for (const r of await listResources(ctx, filters("type=guide&carrier=verizon"))) {
      expect([r.type, r.carrier]).toEqual(["guide", "verizon"]);
    }
  });

  it("serve their file to signed-in users only, counting each download", async () => {
    const [resource] = await rt.database.db
      .select()
      .from(salesResources)
      .where(eq(salesResources.fileType, "PDF"))
      .limit(1);
    const url = `${server.url}/api/resources/${resource?.id}/file`;
    expect((await fetch(url)).status).toBe(401);
    const res = await fetch(url, { headers: { cookie: agent } });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("application/pdf");
    expect(res.headers.get("content-disposition")).toMatch(/^inline; filename=".+\.pdf"$/);
    const bytes = new Uint8Array(await res.arrayBuffer());
    expect(new TextDecoder().decode(bytes.slice(0, 5))).toBe("%PDF-");
    const [after] = await rt.database.db
      .select()
      .from(salesResources)
      .where(eq(salesResources.id, resource?.id ?? ""));
    expect(after?.downloads).toBe((resource?.downloads ?? 0) + 1);
  });

  it("answer an unknown or malformed id with 404", async () => {
    for (const id of ["00000000-0000-4000-8000-000000000000", "nope"]) {
      expect(
        (await fetch(`${server.url}/api/resources/${id}/file`, { headers: { cookie: agent } }))
          .status,
      ).toBe(404);
    }
  });
});
