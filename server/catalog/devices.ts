import { and, arrayContains, asc, desc, eq, inArray, like, type SQL, sql } from "drizzle-orm";
import type { AnyPgColumn } from "drizzle-orm/pg-core";
import { DEVICE_CSV_HEADERS, deviceCsvRowSchema } from "#app/lib/schemas/device-import.ts";
import {
  DEVICE_PAGE_SIZE,
  DEVICE_TECHNOLOGIES,
  type DeviceColumn,
  type DeviceQuery,
} from "#app/lib/schemas/device-query.ts";
import type { Database } from "#server/db/client.ts";
import { withDeadline } from "#server/db/deadline.ts";
import { containsPattern } from "#server/db/like.ts";
import { certifiedDevices } from "#server/db/schema/index.ts";
import type { ServiceContext, UserContext } from "#server/platform/context.ts";
import { csvRecords, type ImportResult, toCsv, validateCsv } from "#server/platform/csv.ts";
import { createMemo, type Memo } from "#server/platform/memo.ts";
import { pageWithin } from "#server/platform/paging.ts";
import { requireCatalogWriter } from "./writers.ts";

export type DeviceRow = Pick<
  typeof certifiedDevices.$inferSelect,
  | "id"
  | "carrier"
  | "manufacturer"
  | "model"
  | "deviceType"
  | "deviceSub"
  | "os"
  | "network"
  | "bands"
  | "fiveGBands"
>;

/**
 * Counting every match of a broad filter over a million rows costs more than the page itself, so
 * counts stop here: the screen then says "10,000+" and pages on while pages are full.
 */
export const DEVICE_COUNT_CAP = 10_000;
/** Below this many matches, fetching and sorting them beats walking a sort index. */
const FETCH_AND_SORT_MAX = 2_000;
/**
 * Past the count cap, a free-text search first walks the sort index for at most this long: its
 * matches are usually spread through the order and a page turns up at once. When they cluster
 * late in the order (a brand sorted by maker) the walk runs out of time and the page is fetched
 * and sorted instead. (PGlite ignores the deadline; it serves demo-sized catalogs.)
 */
const WALK_DEADLINE_MS = 30;

export type DevicePage = {
  rows: DeviceRow[];
  /** Exact up to DEVICE_COUNT_CAP; `capped` says there are more. */
  total: number;
  capped: boolean;
  page: number;
  /** Null when the count is capped and the last page is unknown. */
  pageCount: number | null;
};

const d = certifiedDevices;
const COLUMNS = {
  id: d.id,
  carrier: d.carrier,
  manufacturer: d.manufacturer,
  model: d.model,
  deviceType: d.deviceType,
  deviceSub: d.deviceSub,
  os: d.os,
  network: d.network,
  bands: d.bands,
  fiveGBands: d.fiveGBands,
};

/** The stored sort keys in the collation their indexes use (schema.ts). */
const collated = (column: AnyPgColumn) => sql`${column} collate "C"`;
const SORT_KEYS: Record<DeviceColumn, SQL> = {
  carrier: collated(d.sortCarrier),
  manufacturer: collated(d.sortManufacturer),
  model: collated(d.sortModel),
  deviceType: collated(d.sortDeviceType),
  deviceSub: collated(d.sortDeviceSub),
  os: collated(d.sortOs),
  network: collated(d.sortNetwork),
  bands: collated(d.sortBands),
  fiveGBands: collated(d.sortFiveGBands),
};

function filtersOf(query: DeviceQuery): SQL | undefined {
  const where: SQL[] = [];
  if (query.carrier !== "all") where.push(eq(d.carrier, query.carrier));
  if (query.type !== "all") where.push(eq(d.deviceType, query.type));
  // The search column is stored lower-cased and trigram-indexed, so LIKE on it is fast.
  if (query.q !== "") where.push(like(d.searchText, containsPattern(query.q.toLowerCase())));
  // tech_codes holds the technologies tech_text contains, worked out on write (schema).
  if (query.tech !== "all") {
    where.push(arrayContains(d.techCodes, [DEVICE_TECHNOLOGIES.indexOf(query.tech)]));
  }
  return where.length > 0 ? and(...where) : undefined;
}

/** How many rows match, counting no further than the cap. */
async function countMatches(db: Database, where: SQL | undefined): Promise<number> {
  const [row] = await db.select({ n: sql<number>`count(*)::int` }).from(
    db
      .select({ one: sql`1` })
      .from(d)
      .where(where)
      .limit(DEVICE_COUNT_CAP + 1)
      .as("matches"),
  );
  return row?.n ?? 0;
}

/**
 * The directory is one catalog for every company, and counting a text search's matches costs
 * more than the page (up to ~20 ms at 100k devices), while every agent who pages, re-sorts or
 * comes back to the same filters asks for the same count. So counts are shared for a short
 * while, per database. An import in this process forgets them at once; one made elsewhere (another
 * instance, scripts/generate-devices.ts) shows in the counts within this TTL, or twice it for the
 * requests answered while a count past the TTL is being refreshed. Rows are never cached: a page
 * is always read fresh.
 */
export const DEVICE_COUNT_TTL_MS = 30_000;
type SharedAnswers = { counts: Memo<number>; starts: Memo<string | null> };
const sharedAnswers = new WeakMap<Database, SharedAnswers>();

function shared(db: Database): SharedAnswers {
  let memos = sharedAnswers.get(db);
  if (!memos) {
    // A count or start of a broad search costs up to a few hundred ms at a million devices, and
    // every request for it would queue behind its refresh: past the TTL it is still given for as
    // long again while one request refreshes it.
    const options = { ttlMs: DEVICE_COUNT_TTL_MS, staleMs: DEVICE_COUNT_TTL_MS, maxEntries: 1_000 };
    memos = { counts: createMemo<number>(options), starts: createMemo<string | null>(options) };
    sharedAnswers.set(db, memos);
  }
  return memos;
}

/**
 * Drops the shared counts and starting keys, as an import in this process does; for writes that
 * bypass importDevicesCsv in this process (tests, maintenance), which would otherwise wait for
 * the TTL.
 */
export function forgetDeviceCounts(ctx: ServiceContext): void {
  const memos = shared(ctx.db);
  memos.counts.invalidateAll();
  memos.starts.invalidateAll();
}

/** The filters that decide a count (sort and page do not), as they reach SQL. */
function countKey(query: DeviceQuery): string {
  return JSON.stringify([query.carrier, query.type, query.q.toLowerCase(), query.tech]);
}

/** One page of the directory, filtered and sorted on the server, with the total that matches. */
export async function searchDevices(ctx: ServiceContext, query: DeviceQuery): Promise<DevicePage> {
  const { db } = ctx;
  const where = filtersOf(query);
  const memos = shared(db);
  const found = await memos.counts.get(countKey(query), () => countMatches(db, where));
  const capped = found > DEVICE_COUNT_CAP;
  const total = Math.min(found, DEVICE_COUNT_CAP);
  // A page past the last (an old link, a search that now matches less) is the last page, as every
  // list answers it: the count is known before the page is read, so this costs no query. Past
  // the cap the last page is unknown and a page past it stays empty.
  const { page, pageCount } = capped
    ? { page: query.page, pageCount: null }
    : pageWithin(query.page, total, DEVICE_PAGE_SIZE);
  // Two ways to a sorted page. Walking the sort index is fast when matches are spread through the
  // order (a filter by carrier or type), but a text search's matches often sit together ("galaxy"
  // is all Samsung, late in a sort by maker), and the walk then reads most of the table. Fetching
  // the matches and sorting them costs a little per match instead. So: fetch-and-sort for few
  // matches and for text searches below the count cap; walk otherwise, and for a broad free-text
  // search walk under a deadline, then fetch-and-sort. Appending '' keeps the planner off the
  // sort index for fetch-and-sort.
  //
  // The page's ids are found first and its rows read after, by id: a walk of the maker's indexes,
  // which carry every filtered column, then reads only the index and the 50 rows it keeps.
  const order = query.dir === "asc" ? asc : desc;
  const key = SORT_KEYS[query.sort];
  const idsOf = (q: Database, fetchAndSort: boolean, from: string | null) =>
    q
      .select({ id: d.id, key: sql<string>`${key}`.as("sort_key") })
      .from(d)
      .where(
        and(
          where,
          from === null
            ? undefined
            : query.dir === "asc"
              ? sql`${key} >= ${from}`
              : sql`${key} <= ${from}`,
        ),
      )
      .orderBy(order(fetchAndSort ? sql`(${key}) || ''` : key), order(d.id));
  const pageOf = (q: Database, fetchAndSort: boolean, from: string | null = null) => {
    const ids = idsOf(q, fetchAndSort, from)
      .limit(DEVICE_PAGE_SIZE)
      .offset((page - 1) * DEVICE_PAGE_SIZE)
      .as("ids");
    return q
      .select(COLUMNS)
      .from(d)
      .where(inArray(d.id, q.select({ id: ids.id }).from(ids)))
      .orderBy(order(key), order(d.id));
  };
  const textSearch = query.q !== "" || query.tech !== "all";
  let rows: DeviceRow[];
  if (!capped) rows = await pageOf(db, found <= FETCH_AND_SORT_MAX || textSearch);
  else if (query.q === "") rows = await pageOf(db, false);
  else {
    // A broad free-text search first finds where its matches start in the order, the one costly
    // step when they sit late (the walk to Samsung, or fetching every "galaxy" to sort them), and
    // shares it like the count: every page and visit of the same search and sort then walks from
    // there. Only rows added since could start earlier; they show within the TTL, as in counts.
    const first = async (q: Database, fetchAndSort: boolean) =>
      (await idsOf(q, fetchAndSort, null).limit(1))[0]?.key ?? null;
    const from = await memos.starts.get(
      JSON.stringify([countKey(query), query.sort, query.dir]),
      async () =>
        (await withDeadline(db, WALK_DEADLINE_MS, (tx) => first(tx, false))) ??
        (await first(db, true)),
    );
    rows =
      (await withDeadline(db, WALK_DEADLINE_MS, (tx) => pageOf(tx, false, from))) ??
      (await pageOf(db, true, from));
  }
  return { rows, total, capped, page, pageCount };
}

const EXPORT_BATCH = 2_000;

const csvRow = (r: DeviceRow) => [
  r.carrier,
  r.manufacturer,
  r.model,
  r.deviceType,
  r.deviceSub,
  r.os,
  r.network,
  r.bands,
  r.fiveGBands,
];

/**
 * The whole filtered set as CSV, in the directory's order, produced in batches. Keyset paging on
 * (sort key, id) keeps each batch an index range, however deep into a million rows it is.
 */
export async function* exportDevicesCsv(
  ctx: ServiceContext,
  query: DeviceQuery,
): AsyncGenerator<string> {
  yield toCsv(DEVICE_CSV_HEADERS, []);
  const key = SORT_KEYS[query.sort];
  const order = query.dir === "asc" ? asc : desc;
  const beyond = query.dir === "asc" ? sql`>` : sql`<`;
  let after: { key: string; id: number } | null = null;
  for (;;) {
    const page: (DeviceRow & { sortKey: string })[] = await ctx.db
      .select({ ...COLUMNS, sortKey: sql<string>`${key}` })
      .from(d)
      .where(
        and(
          filtersOf(query),
          after ? sql`(${key}, ${d.id}) ${beyond} (${after.key}, ${after.id})` : undefined,
        ),
      )
      .orderBy(order(key), order(d.id))
      .limit(EXPORT_BATCH);
    if (page.length === 0) return;
    yield csvRecords(page.map(csvRow));
    const last = page[page.length - 1];
    if (!last || page.length < EXPORT_BATCH) return;
    after = { key: last.sortKey, id: last.id };
  }
}

export const DEVICE_IMPORT_MAX_ROWS = 50_000;

/**
 * All or nothing: every row valid, then all are added in one transaction. Platform operators only
 * (forbidden otherwise): the directory is every company's.
 */
export async function importDevicesCsv(ctx: UserContext, text: string): Promise<ImportResult> {
  requireCatalogWriter(ctx);
  const checked = validateCsv(text, DEVICE_CSV_HEADERS, deviceCsvRowSchema, {
    maxRows: DEVICE_IMPORT_MAX_ROWS,
  });
  if (!checked.ok) return checked;
  // Forget the counts before and after: a count read while the import commits must not stay.
  forgetDeviceCounts(ctx);
  await ctx.db.transaction(async (tx) => {
    for (let i = 0; i < checked.rows.length; i += 2_000) {
      await tx.insert(d).values(
        checked.rows.slice(i, i + 2_000).map((r) => ({
          carrier: r.Carrier,
          manufacturer: r.Manufacturer,
          model: r.Model,
          deviceType: r["Device Type"],
          deviceSub: r["Device Sub"],
          os: r["Operating System"],
          network: r.Network,
          bands: r.Bands,
          fiveGBands: r["5G Bands"],
        })),
      );
    }
  });
  forgetDeviceCounts(ctx);
  return { ok: true, imported: checked.rows.length };
}
