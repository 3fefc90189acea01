import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { DEVICE_TECHNOLOGIES } from "#app/lib/schemas/device-query.ts";
import { containsPattern } from "#server/db/like.ts";
import { createdAt, updatedAt } from "./columns.ts";
import {
  carrierEnum,
  deviceCategoryEnum,
  feeBasisEnum,
  lineKindEnum,
  resourceFileTypeEnum,
  resourceTypeEnum,
} from "./enums.ts";

/**
 * A stored natural sort key per sortable column (device_sort_key, migration 0001): numbers order
 * as numbers, then text without regard to case, then empty cells. Computed once on write, so a
 * sort compares plain text instead of calling the function for every row it orders.
 */
const sortKey = (name: string, source: string) =>
  text(name)
    .notNull()
    .generatedAlwaysAs(sql.raw(`device_sort_key(${source})`));

/**
 * The technologies of the directory's filter a device's tech_text contains, as their positions in
 * DEVICE_TECHNOLOGIES: the filter's LIKE worked out once on write. A sort index can then carry
 * the answer in a few bytes (the long band lists would not fit an index row), and the GIN index
 * over it is exact, where trigrams of "5g nr" matched half the table and were rechecked row by row.
 * (A generated column cannot read another, so tech_text's expression is repeated.) Changing the technologies changes this expression, and drizzle-kit writes the migration.
 */
const TECH_TEXT_SQL = "lower(network || ' ' || bands || ' ' || five_g_bands)";
const TECH_CODES_SQL = `array_remove(array[${DEVICE_TECHNOLOGIES.map(
  (tech, i) =>
    `case when ${TECH_TEXT_SQL} like '${containsPattern(tech.toLowerCase()).replaceAll("'", "''")}' then ${i} end`,
).join(", ")}]::smallint[], null)`;

export const ratePlans = pgTable(
  "rate_plans",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    carrier: carrierEnum("carrier").notNull(),
    plan: text("plan").notNull(),
    planType: text("plan_type").notNull(),
    pricePerLineCents: integer("price_per_line_cents").notNull(),
    premiumData: text("premium_data"),
    hotspot: text("hotspot"),
    videoStreaming: text("video_streaming"),
    /**
     * What the plan includes abroad ("Mexico & Canada"), or null for nothing: the quote engine's
     * "international" need (decision 0019). Not in the spec's CSV, so an import leaves it alone.
     */
    international: text("international"),
    /** The 5G network the plan reaches ("5G", "5G Ultra Wideband"), or null for LTE only. */
    fiveG: text("five_g"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("rate_plans_carrier_plan_key").on(t.carrier, t.plan),
    index("rate_plans_carrier_type_price_idx").on(t.carrier, t.planType, t.pricePerLineCents),
    index("rate_plans_price_idx").on(t.pricePerLineCents),
    check("rate_plans_price_non_negative", sql`${t.pricePerLineCents} >= 0`),
  ],
);

/**
 * A plan's price per line by the number of lines on the account (decision 0019): the tier with
 * the largest `min_lines` not above the line count applies; below every tier, the plan's own
 * `price_per_line_cents`.
 */
export const ratePlanTiers = pgTable(
  "rate_plan_tiers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    ratePlanId: uuid("rate_plan_id")
      .notNull()
      .references(() => ratePlans.id, { onDelete: "cascade" }),
    minLines: integer("min_lines").notNull(),
    pricePerLineCents: integer("price_per_line_cents").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("rate_plan_tiers_plan_min_lines_key").on(t.ratePlanId, t.minLines),
    check("rate_plan_tiers_min_lines_positive", sql`${t.minLines} >= 1`),
    check("rate_plan_tiers_price_non_negative", sql`${t.pricePerLineCents} >= 0`),
  ],
);

/** One-time charges a carrier adds to an order (activation per line, a setup fee per account). */
export const carrierFees = pgTable(
  "carrier_fees",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    carrier: carrierEnum("carrier").notNull(),
    /** A stable name for the fee within its carrier ("activation"). */
    code: text("code").notNull(),
    name: text("name").notNull(),
    amountCents: integer("amount_cents").notNull(),
    basis: feeBasisEnum("basis").notNull(),
    /** The only kind of line it is charged on, or null for every kind. */
    lineKind: lineKindEnum("line_kind"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("carrier_fees_carrier_code_key").on(t.carrier, t.code),
    check("carrier_fees_amount_non_negative", sql`${t.amountCents} >= 0`),
  ],
);

export const certifiedDevices = pgTable(
  "certified_devices",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    carrier: carrierEnum("carrier").notNull(),
    manufacturer: text("manufacturer").notNull().default(""),
    model: text("model").notNull().default(""),
    deviceType: text("device_type").notNull().default(""),
    deviceSub: text("device_sub").notNull().default(""),
    os: text("os").notNull().default(""),
    network: text("network").notNull().default(""),
    bands: text("bands").notNull().default(""),
    fiveGBands: text("five_g_bands").notNull().default(""),
    /** Lower-cased text of every searchable field, trigram-indexed for the directory search. */
    searchText: text("search_text")
      .notNull()
      .generatedAlwaysAs(
        sql`lower(manufacturer || ' ' || model || ' ' || device_type || ' ' || device_sub || ' ' || os || ' ' || network || ' ' || bands || ' ' || five_g_bands)`,
      ),
    /** Lower-cased network, bands and 5G bands: what the technology filter matches. */
    techText: text("tech_text").notNull().generatedAlwaysAs(sql.raw(TECH_TEXT_SQL)),
    techCodes: smallint("tech_codes").array().notNull().generatedAlwaysAs(sql.raw(TECH_CODES_SQL)),
    sortCarrier: text("sort_carrier")
      .notNull()
      .generatedAlwaysAs(sql.raw("carrier_sort_key(carrier)")),
    sortManufacturer: sortKey("sort_manufacturer", "manufacturer"),
    sortModel: sortKey("sort_model", "model"),
    sortDeviceType: sortKey("sort_device_type", "device_type"),
    sortDeviceSub: sortKey("sort_device_sub", "device_sub"),
    sortOs: sortKey("sort_os", "os"),
    sortNetwork: sortKey("sort_network", "network"),
    sortBands: sortKey("sort_bands", "bands"),
    sortFiveGBands: sortKey("sort_five_g_bands", "five_g_bands"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    // The screen's two common filters with its default sort (maker): a range scan, no skipping.
    // Their leading columns also serve the filters under any other sort.
    index("certified_devices_carrier_type_sort_idx").on(
      t.carrier,
      t.deviceType,
      sql`${t.sortManufacturer} collate "C"`,
      t.id,
    ),
    // The default sort (maker), alone and under a type, carrying every filter's column after the
    // unique (key, id): a filtered page is found by an index-only walk that reads no table row it
    // skips. At a million devices the table is several times the server's cache, and a walk that
    // visited each skipped row ("5G NR" at Verizon skips 32,000 makers' rows first) cost ~0.4 s.
    index("certified_devices_sort_manufacturer_idx").on(
      sql`${t.sortManufacturer} collate "C"`,
      t.id,
      t.carrier,
      t.deviceType,
      t.techCodes,
      t.searchText,
    ),
    index("certified_devices_type_sort_idx").on(
      t.deviceType,
      sql`${t.sortManufacturer} collate "C"`,
      t.id,
      t.carrier,
      t.techCodes,
      t.searchText,
    ),
    index("certified_devices_search_trgm_idx").using("gin", sql`${t.searchText} gin_trgm_ops`),
    index("certified_devices_tech_codes_idx").using("gin", t.techCodes),
    // One index per sortable column, in the "C" collation the sorts use, so PGlite and PostgreSQL
    // order alike and a sorted page can be read straight from an index.
    ...(
      [
        ["carrier", t.sortCarrier],
        ["model", t.sortModel],
        ["device_type", t.sortDeviceType],
        ["device_sub", t.sortDeviceSub],
        ["os", t.sortOs],
        ["network", t.sortNetwork],
        ["bands", t.sortBands],
        ["five_g_bands", t.sortFiveGBands],
      ] as const
    ).map(([name, column]) =>
      index(`certified_devices_sort_${name}_idx`).on(sql`${column} collate "C"`, t.id),
    ),
  ],
);

/**
 * A device a carrier sells, with its price (decision 0019): what a quote's device item points at.
 * It names the model as the certified-device directory spells it and, when the directory holds
 * that model for the carrier, the directory row.
 */
export const deviceOffers = pgTable(
  "device_offers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    carrier: carrierEnum("carrier").notNull(),
    manufacturer: text("manufacturer").notNull(),
    model: text("model").notNull(),
    /** The kind of line the device goes on. */
    kind: lineKindEnum("kind").notNull(),
    certifiedDeviceId: bigint("certified_device_id", { mode: "number" }).references(
      () => certifiedDevices.id,
      { onDelete: "set null" },
    ),
    monthlyInstallmentCents: integer("monthly_installment_cents").notNull(),
    installmentMonths: integer("installment_months").notNull(),
    fullRetailCents: integer("full_retail_cents").notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex("device_offers_carrier_model_key").on(t.carrier, t.manufacturer, t.model),
    index("device_offers_certified_device_idx").on(t.certifiedDeviceId),
    check("device_offers_installment_non_negative", sql`${t.monthlyInstallmentCents} >= 0`),
    check("device_offers_months_positive", sql`${t.installmentMonths} >= 1`),
    check("device_offers_retail_non_negative", sql`${t.fullRetailCents} >= 0`),
  ],
);

export const promotions = pgTable(
  "promotions",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    carrier: carrierEnum("carrier").notNull(),
    deviceType: deviceCategoryEnum("device_type").notNull(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    value: text("value").notNull(),
    endsOn: date("ends_on", { mode: "string" }).notNull(),
    requirements: text("requirements").array().notNull().default(sql`'{}'::text[]`),
    // The offer as the quote engine applies it (decision 0019), beside the text people read.
    // Without a credit the promotion is shown on its screen but never priced into a quote.
    /** Bill credit per qualifying line per month, for `credit_months` months. */
    creditCentsPerLine: integer("credit_cents_per_line"),
    creditMonths: integer("credit_months"),
    /** Plan names (of the promotion's carrier) a line must be on; empty for any plan of its kind. */
    qualifyingPlans: text("qualifying_plans").array().notNull().default(sql`'{}'::text[]`),
    /** Device models a line must take; empty when no device is needed. */
    qualifyingDevices: text("qualifying_devices").array().notNull().default(sql`'{}'::text[]`),
    /** The fewest qualifying lines the quote must hold. */
    minLines: integer("min_lines").notNull().default(1),
    requiresTradeIn: boolean("requires_trade_in").notNull().default(false),
    /** A line of this kind must be on the same account (a tablet offer that needs a phone line). */
    requiresLineKind: lineKindEnum("requires_line_kind"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("promotions_ends_on_idx").on(t.endsOn),
    index("promotions_carrier_device_idx").on(t.carrier, t.deviceType),
    check(
      "promotions_credit_shape",
      sql`(${t.creditCentsPerLine} is null and ${t.creditMonths} is null) or (${t.creditCentsPerLine} >= 0 and ${t.creditMonths} >= 1)`,
    ),
    check("promotions_min_lines_positive", sql`${t.minLines} >= 1`),
  ],
);

export const salesResources = pgTable(
  "sales_resources",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    description: text("description").notNull(),
    type: resourceTypeEnum("type").notNull(),
    carrier: carrierEnum("carrier").notNull(),
    deviceType: deviceCategoryEnum("device_type").notNull(),
    /** Key in the file storage port; files are served only to signed-in users. */
    fileKey: text("file_key").notNull(),
    fileName: text("file_name").notNull(),
    fileType: resourceFileTypeEnum("file_type").notNull(),
    mimeType: text("mime_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    downloads: integer("downloads").notNull().default(0),
    tags: text("tags").array().notNull().default(sql`'{}'::text[]`),
    addedAt: timestamp("added_at", { withTimezone: true }).defaultNow().notNull(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("sales_resources_added_at_idx").on(t.addedAt.desc()),
    index("sales_resources_downloads_idx").on(t.downloads.desc()),
  ],
);
