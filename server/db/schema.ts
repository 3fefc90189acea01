import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from "drizzle-orm/pg-core";
import type { BillAnalysisResult } from "../../app/lib/bill-analysis.ts";
import { agent_users } from "./auth-schema.ts";
import { companies } from "./companies-schema.ts";
import {
  billAnalysisStatusEnum,
  carrierEnum,
  companySizeEnum,
  dealCarrierEnum,
  dealStageEnum,
  dealStatusEnum,
  deviceCategoryEnum,
  hardwareSourceEnum,
  notificationTypeEnum,
  outboxChannelEnum,
  outboxStatusEnum,
  quoteItemKindEnum,
  quoteStatusEnum,
  resourceFileTypeEnum,
  resourceTypeEnum,
} from "./enums.ts";

export * from "./auth-schema.ts";
export * from "./companies-schema.ts";
export * from "./enums.ts";

const createdAt = () => timestamp("created_at", { withTimezone: true }).defaultNow().notNull();
const updatedAt = () =>
  timestamp("updated_at", { withTimezone: true })
    .defaultNow()
    .notNull()
    .$onUpdate(() => new Date());
const companyId = () =>
  uuid("company_id")
    .notNull()
    .references(() => companies.id, { onDelete: "cascade" });
/** Who created or owns a row; kept when the user is deleted so history stays readable. */
const userRef = (name: string) =>
  text(name).references(() => agent_users.id, { onDelete: "set null" });

// ---------------------------------------------------------------- public site

export const waitlistSignups = pgTable(
  "waitlist_signups",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    name: text("name").notNull(),
    email: text("email").notNull(),
    /** One sign-up per address, whatever its case: the key repeat sign-ups update. */
    emailKey: text("email_key")
      .notNull()
      .generatedAlwaysAs(sql`lower(email)`)
      .unique("waitlist_signups_email_key_unique"),
    company: text("company").notNull(),
    phone: text("phone"),
    source: text("source").notNull().default("direct"),
    userAgent: text("user_agent"),
    /** A repeat email updates the sign-up; this counts how often it was sent. */
    submissionCount: integer("submission_count").notNull().default(1),
    invitedAt: timestamp("invited_at", { withTimezone: true }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("waitlist_signups_created_at_idx").on(t.createdAt.desc()),
    index("waitlist_signups_source_idx").on(t.source),
  ],
);

export const blogPosts = pgTable(
  "blog_posts",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    title: text("title").notNull(),
    slug: text("slug").notNull().unique(),
    excerpt: text("excerpt").notNull(),
    content: text("content").notNull(),
    author: text("author").notNull(),
    readTime: integer("read_time").notNull().default(5),
    published: boolean("published").notNull().default(true),
    createdBy: userRef("created_by"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("blog_posts_published_created_at_idx").on(t.published, t.createdAt.desc()),
    check("blog_posts_read_time_range", sql`${t.readTime} between 1 and 600`),
  ],
);

// ---------------------------------------------------------------- accounts

/** Single-use, expiring invitations into a company; only a hash of the token is stored. */
export const invitations = pgTable(
  "invitations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: companyId(),
    email: text("email").notNull(),
    role: text("role").notNull().default("agent"),
    tokenHash: text("token_hash").notNull().unique(),
    invitedBy: userRef("invited_by"),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    acceptedAt: timestamp("accepted_at", { withTimezone: true }),
    acceptedUserId: userRef("accepted_user_id"),
    createdAt: createdAt(),
  },
  (t) => [index("invitations_company_created_idx").on(t.companyId, t.createdAt.desc())],
);

// ---------------------------------------------------------------- customers and deals

export const customers = pgTable(
  "customers",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: companyId(),
    name: text("name").notNull(),
    companyName: text("company_name").notNull(),
    companyWebsite: text("company_website"),
    email: text("email"),
    phone: text("phone"),
    address: text("address"),
    city: text("city"),
    state: text("state"),
    postalCode: text("postal_code"),
    industry: text("industry"),
    size: companySizeEnum("size"),
    notes: text("notes"),
    createdBy: userRef("created_by"),
    assignedTo: userRef("assigned_to"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("customers_company_created_idx").on(t.companyId, t.createdAt.desc()),
    index("customers_company_name_idx").on(t.companyId, t.name),
    index("customers_company_company_name_idx").on(t.companyId, t.companyName),
    index("customers_assigned_to_idx").on(t.assignedTo),
  ],
);

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

export const deals = pgTable(
  "deals",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: companyId(),
    customerId: uuid("customer_id")
      .notNull()
      .references(() => customers.id, { onDelete: "restrict" }),
    title: text("title").notNull(),
    description: text("description"),
    status: dealStatusEnum("status").notNull().default("lead"),
    stage: dealStageEnum("stage").notNull().default("discovery"),
    valueCents: bigint("value_cents", { mode: "number" }).notNull().default(0),
    closeDate: date("close_date", { mode: "string" }),
    probability: integer("probability").notNull().default(20),
    carrier: dealCarrierEnum("carrier").notNull().default("ATT"),
    productType: text("product_type"),
    contractTerm: integer("contract_term"),
    monthlyRevenueCents: bigint("monthly_revenue_cents", { mode: "number" }).notNull().default(0),
    oneTimeRevenueCents: bigint("one_time_revenue_cents", { mode: "number" }).notNull().default(0),
    totalRevenueCents: bigint("total_revenue_cents", { mode: "number" }).notNull().default(0),
    // The spec's deal metadata, as real columns so they can be filtered, joined and reported on.
    voiceLines: integer("voice_lines").notNull().default(0),
    mobileInternetLines: integer("mobile_internet_lines").notNull().default(0),
    fixedWirelessLines: integer("fixed_wireless_lines").notNull().default(0),
    useCase: text("use_case"),
    hardwareSource: hardwareSourceEnum("hardware_source").notNull().default("carrier"),
    partnerSolution: text("partner_solution"),
    ratePlanId: uuid("rate_plan_id").references(() => ratePlans.id, { onDelete: "set null" }),
    /** Fulfilment of a won deal: the dashboard's Orders (ordered, not installed) and Installs. */
    orderedAt: timestamp("ordered_at", { withTimezone: true }),
    installedAt: timestamp("installed_at", { withTimezone: true }),
    createdBy: userRef("created_by"),
    assignedTo: userRef("assigned_to"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("deals_company_status_created_idx").on(t.companyId, t.status, t.createdAt.desc()),
    index("deals_company_close_date_idx").on(t.companyId, t.closeDate),
    index("deals_company_value_idx").on(t.companyId, t.valueCents),
    index("deals_company_probability_idx").on(t.companyId, t.probability),
    index("deals_customer_idx").on(t.customerId),
    index("deals_assigned_to_idx").on(t.assignedTo),
    check("deals_probability_range", sql`${t.probability} between 0 and 100`),
    check(
      "deals_line_counts_non_negative",
      sql`${t.voiceLines} >= 0 and ${t.mobileInternetLines} >= 0 and ${t.fixedWirelessLines} >= 0`,
    ),
    check(
      "deals_contract_term_non_negative",
      sql`${t.contractTerm} is null or ${t.contractTerm} >= 0`,
    ),
  ],
);

// ---------------------------------------------------------------- catalog (shared by all companies)

/**
 * A stored natural sort key per sortable column (device_sort_key, migration 0001): numbers order
 * as numbers, then text without regard to case, then empty cells. Computed once on write, so a
 * sort compares plain text instead of calling the function for every row it orders.
 */
const sortKey = (name: string, source: string) =>
  text(name)
    .notNull()
    .generatedAlwaysAs(sql.raw(`device_sort_key(${source})`));

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

// ---------------------------------------------------------------- quotes and bills

export const quotes = pgTable(
  "quotes",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: companyId(),
    customerId: uuid("customer_id").references(() => customers.id, { onDelete: "set null" }),
    dealId: uuid("deal_id").references(() => deals.id, { onDelete: "set null" }),
    agentId: userRef("agent_id"),
    status: quoteStatusEnum("status").notNull().default("draft"),
    companyName: text("company_name").notNull(),
    companyWebsite: text("company_website"),
    contactName: text("contact_name").notNull(),
    contactEmail: text("contact_email").notNull(),
    description: text("description").notNull(),
    summary: text("summary"),
    monthlyTotalCents: bigint("monthly_total_cents", { mode: "number" }).notNull().default(0),
    oneTimeTotalCents: bigint("one_time_total_cents", { mode: "number" }).notNull().default(0),
    termMonths: integer("term_months").notNull().default(24),
    validUntil: date("valid_until", { mode: "string" }),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    index("quotes_company_status_created_idx").on(t.companyId, t.status, t.createdAt.desc()),
    index("quotes_customer_idx").on(t.customerId),
    index("quotes_agent_idx").on(t.agentId),
  ],
);

export const quoteItems = pgTable(
  "quote_items",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    quoteId: uuid("quote_id")
      .notNull()
      .references(() => quotes.id, { onDelete: "cascade" }),
    position: integer("position").notNull(),
    kind: quoteItemKindEnum("kind").notNull(),
    carrier: carrierEnum("carrier"),
    ratePlanId: uuid("rate_plan_id").references(() => ratePlans.id, { onDelete: "set null" }),
    deviceId: bigint("device_id", { mode: "number" }).references(() => certifiedDevices.id, {
      onDelete: "set null",
    }),
    description: text("description").notNull(),
    quantity: integer("quantity").notNull().default(1),
    unitMonthlyCents: integer("unit_monthly_cents").notNull().default(0),
    unitOneTimeCents: integer("unit_one_time_cents").notNull().default(0),
  },
  (t) => [
    uniqueIndex("quote_items_quote_position_key").on(t.quoteId, t.position),
    check("quote_items_quantity_positive", sql`${t.quantity} > 0`),
  ],
);

export const billAnalyses = pgTable(
  "bill_analyses",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: companyId(),
    customerId: uuid("customer_id").references(() => customers.id, { onDelete: "set null" }),
    uploadedBy: userRef("uploaded_by"),
    fileName: text("file_name").notNull(),
    fileKey: text("file_key"),
    mimeType: text("mime_type").notNull(),
    sizeBytes: integer("size_bytes").notNull(),
    status: billAnalysisStatusEnum("status").notNull().default("pending"),
    error: text("error"),
    result: jsonb("result").$type<BillAnalysisResult>(),
    carrier: carrierEnum("carrier"),
    totalMonthlyCents: bigint("total_monthly_cents", { mode: "number" }),
    totalDataUsageGb: numeric("total_data_usage_gb", { precision: 12, scale: 2, mode: "number" }),
    /** Pooled data the customer's plan includes; with usage it drives the "over data plan" alert. */
    dataAllowanceGb: numeric("data_allowance_gb", { precision: 12, scale: 2, mode: "number" }),
    createdAt: createdAt(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [
    index("bill_analyses_company_created_idx").on(t.companyId, t.createdAt.desc()),
    index("bill_analyses_customer_idx").on(t.customerId),
  ],
);

// ---------------------------------------------------------------- activity

export const notifications = pgTable(
  "notifications",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: companyId(),
    userId: text("user_id")
      .notNull()
      .references(() => agent_users.id, { onDelete: "cascade" }),
    type: notificationTypeEnum("type").notNull().default("info"),
    title: text("title").notNull(),
    message: text("message").notNull(),
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    index("notifications_user_created_idx").on(t.userId, t.createdAt.desc()),
    index("notifications_user_unread_idx").on(t.userId).where(sql`${t.readAt} is null`),
  ],
);

export const chatMessages = pgTable(
  "chat_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** One conversation per browser session of the assistant; users are optional behind the gate. */
    conversationId: uuid("conversation_id").notNull(),
    companyId: uuid("company_id").references(() => companies.id, { onDelete: "cascade" }),
    userId: userRef("user_id"),
    isUser: boolean("is_user").notNull(),
    content: text("content").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("chat_messages_conversation_created_idx").on(t.conversationId, t.createdAt),
    index("chat_messages_user_created_idx").on(t.userId, t.createdAt.desc()),
  ],
);

export const analyticsEvents = pgTable(
  "analytics_events",
  {
    id: bigint("id", { mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    name: text("name").notNull(),
    source: text("source"),
    properties: jsonb("properties").$type<Record<string, string | number | boolean | null>>(),
    path: text("path"),
    userId: userRef("user_id"),
    userAgent: text("user_agent"),
    createdAt: createdAt(),
  },
  (t) => [index("analytics_events_name_created_idx").on(t.name, t.createdAt.desc())],
);

/** The mail and SMS port's local default: messages wait here (and are logged) until a relay sends them. */
export const mailOutbox = pgTable(
  "mail_outbox",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /**
     * The reseller whose person the message is for (codes, links, invitations carry secrets, so a
     * company's admins may read only their own); null for platform mail such as waitlist replies.
     */
    companyId: uuid("company_id").references(() => companies.id, { onDelete: "cascade" }),
    channel: outboxChannelEnum("channel").notNull().default("email"),
    toAddress: text("to_address").notNull(),
    subject: text("subject"),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body"),
    template: text("template").notNull(),
    status: outboxStatusEnum("status").notNull().default("queued"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    createdAt: createdAt(),
    sentAt: timestamp("sent_at", { withTimezone: true }),
  },
  (t) => [
    index("mail_outbox_status_created_idx").on(t.status, t.createdAt),
    index("mail_outbox_to_created_idx").on(t.toAddress, t.createdAt.desc()),
    index("mail_outbox_company_created_idx").on(t.companyId, t.createdAt.desc()),
  ],
);

/** Fixed-window counters for our own endpoints' rate limits, shared by every server process. */
export const rateLimitBuckets = pgTable("rate_limit_buckets", {
  key: text("key").primaryKey(),
  count: integer("count").notNull(),
  resetAt: timestamp("reset_at", { withTimezone: true }).notNull(),
});
