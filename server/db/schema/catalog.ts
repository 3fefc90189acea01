import { sql } from "drizzle-orm";
import {
  bigint,
  check,
  date,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import { createdAt, updatedAt } from "./columns.ts";
import {
  carrierEnum,
  deviceCategoryEnum,
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
    techText: text("tech_text")
      .notNull()
      .generatedAlwaysAs(sql`lower(network || ' ' || bands || ' ' || five_g_bands)`),
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
    index("certified_devices_type_sort_idx").on(
      t.deviceType,
      sql`${t.sortManufacturer} collate "C"`,
      t.id,
    ),
    index("certified_devices_search_trgm_idx").using("gin", sql`${t.searchText} gin_trgm_ops`),
    index("certified_devices_tech_trgm_idx").using("gin", sql`${t.techText} gin_trgm_ops`),
    // One index per sortable column, in the "C" collation the sorts use, so PGlite and PostgreSQL
    // order alike and a sorted page can be read straight from an index.
    ...(
      [
        ["carrier", t.sortCarrier],
        ["manufacturer", t.sortManufacturer],
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
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("promotions_ends_on_idx").on(t.endsOn),
    index("promotions_carrier_device_idx").on(t.carrier, t.deviceType),
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
