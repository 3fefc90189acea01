import { z } from "zod";
import { billAnalysisResultSchema } from "#app/lib/bill-analysis.ts";
import {
  CARRIERS,
  type Carrier,
  LINE_KINDS,
  type LineKind,
  QUOTE_STATUSES,
  type QuoteItemKind,
} from "#app/lib/domain.ts";
import {
  pageNumber,
  recordId,
  requiredEmail,
  requiredText,
  requiredWebsite,
  searchText,
} from "./fields.ts";
import { QUOTE_DESCRIPTION_MAX, QUOTE_FORM_FIELDS, SAVE_FAILED } from "./quote-constants.ts";
import { text } from "./text.ts";

export {
  QUOTE_DESCRIPTION_MAX,
  QUOTE_FORM_FIELDS,
  QUOTE_NOT_FOUND,
  QUOTES_PAGE_SIZE,
  SAVE_FAILED,
} from "./quote-constants.ts";

// The quotes area's shared shapes (issue 15, decision 0019): what a description asks for (the
// needs, which any reader of a description must return: the built-in one or a model), what the
// engine answers (the quote), and the body of POST /api/generate-quote. No server imports.

/** The most lines of one kind a quote prices. */
export const MAX_QUOTE_LINES = 10_000;
/** The longest term a quote prices, in months. */
export const MAX_QUOTE_TERM_MONTHS = 60;
/** The term when nobody says one (agent-portal spec, section 9: contract term 24 when unset). */
export const DEFAULT_QUOTE_TERM_MONTHS = 24;
export const MAX_QUOTE_DEVICES = 20;
export const MAX_QUOTE_ASSUMPTIONS = 40;

/** Video quality a plan must stream at, lowest first; each needs at least the resolution below. */
export const VIDEO_QUALITIES = ["sd", "hd", "fhd", "uhd"] as const;
export type VideoQuality = (typeof VIDEO_QUALITIES)[number];
export const VIDEO_QUALITY_LINES: Record<VideoQuality, number> = {
  sd: 480,
  hd: 720,
  fhd: 1080,
  uhd: 2160,
};
export const VIDEO_QUALITY_LABELS: Record<VideoQuality, string> = {
  sd: "SD video",
  hd: "HD video",
  fhd: "Full HD (1080p) video",
  uhd: "4K UHD video",
};

const lineCount = z.number().int().min(0).max(MAX_QUOTE_LINES);
/** An amount of data in GB a plan must include: 0 for any amount, "unlimited", or null for none asked. */
const dataNeed = z.union([z.number().min(0).max(100_000), z.literal("unlimited")]).nullable();
const cents = z.number().int().min(0).max(1_000_000_000);

/** Lines by kind. */
export const lineCountsSchema = z.object({
  voice: lineCount,
  mobile_internet: lineCount,
  hotspot: lineCount,
  fixed_wireless: lineCount,
  wearable: lineCount,
});
export type LineCounts = z.output<typeof lineCountsSchema>;

export const deviceWantSchema = z.object({
  kind: z.enum(LINE_KINDS),
  /** The model as said ("iPhone 16 Pro", "iPad"); null for any device of the kind (the cheapest). */
  model: text().trim().min(1).max(100).nullable(),
  quantity: z.number().int().min(1).max(MAX_QUOTE_LINES),
});
export type DeviceWant = z.output<typeof deviceWantSchema>;

/**
 * What a description asks for. Every reader returns this (the built-in one, or a model's
 * structured output validated by this same schema); pricing only ever reads this.
 */
export const quoteNeedsSchema = z.object({
  lines: lineCountsSchema,
  carriers: z.object({
    /** Only these are compared when any is named; all three otherwise. */
    preferred: z.array(z.enum(CARRIERS)).max(3),
    /** Never quoted. */
    excluded: z.array(z.enum(CARRIERS)).max(3),
  }),
  features: z.object({
    /** High-speed hotspot data each phone or tablet line must include. */
    hotspotGb: dataNeed,
    /** Premium (priority) data each phone, tablet or hotspot line must include. */
    premiumDataGb: dataNeed,
    international: z.boolean(),
    fiveG: z.boolean(),
    video: z.enum(VIDEO_QUALITIES).nullable(),
  }),
  budget: z.object({
    /** The most per line per month for service (plans less credits, devices apart). */
    perLineCents: cents.nullable(),
    /** The most for everything per month. */
    monthlyTotalCents: cents.nullable(),
  }),
  devices: z.array(deviceWantSchema).max(MAX_QUOTE_DEVICES),
  devicePayment: z.enum(["installments", "outright"]),
  /** The customer trades devices in (some promotions require it). */
  tradeIn: z.boolean(),
  termMonths: z.number().int().min(1).max(MAX_QUOTE_TERM_MONTHS),
  portInCount: lineCount,
  /** Whatever the reader assumed, in words the quote shows. */
  assumptions: z.array(text().max(500)).max(MAX_QUOTE_ASSUMPTIONS),
});
export type QuoteNeeds = z.output<typeof quoteNeedsSchema>;

// ---------------------------------------------------------------------------------------------
// The quote the engine answers
// ---------------------------------------------------------------------------------------------

/** The catalog row an item was priced from; nothing on a quote is invented. */
export type CatalogRef =
  | { table: "rate_plans"; id: string; tierId: string | null }
  | { table: "device_offers"; id: string; certifiedDeviceId: number | null }
  | { table: "promotions"; id: string }
  | { table: "carrier_fees"; id: string };

export type QuoteItem = {
  /** plan, device, fee, or discount (a promotion's bill credit). */
  kind: QuoteItemKind;
  /** The kind of line it is for; null for an account-wide fee. */
  lineKind: LineKind | null;
  carrier: Carrier;
  description: string;
  quantity: number;
  /** Per unit per month; negative for a credit. Integer cents. */
  unitMonthlyCents: number;
  /** Per unit, once. Integer cents. */
  unitOneTimeCents: number;
  /** How many months the monthly charge runs (installments, credits); null for the whole term. */
  months: number | null;
  ref: CatalogRef;
};

export type QuoteTotals = {
  /** The first month's recurring charges, credits included. */
  monthlyCents: number;
  oneTimeCents: number;
  /** Every month of the term plus the one-time charges. */
  termCents: number;
  termMonths: number;
  lines: number;
};

/** A need an option does not meet, and why. */
export type UnmetNeed = {
  /** A stable key: "lines.wearable", "feature.hotspot", "device.iPhone 16 Pro", "budget.perLine"… */
  need: string;
  reason: string;
};

export type QuoteOption = {
  carrier: Carrier;
  /** "AT&T", or "AT&T (step up)" for a second mix of the same carrier. */
  label: string;
  recommended: boolean;
  meetsAllNeeds: boolean;
  items: QuoteItem[];
  totals: QuoteTotals;
  unmet: UnmetNeed[];
};

export type QuoteSaving = {
  /**
   * The plan charges on the current bill a month, before taxes (decision 0019, addendum): not its
   * total, which also holds device installments that stay due, roaming, taxes and fees.
   */
  currentMonthlyCents: number;
  /** Those plan charges less the recommended option's monthly total; negative when it costs more. */
  monthlyCents: number;
  yearlyCents: number;
};

export type GeneratedQuote = {
  source: "description" | "bill";
  /** The date prices and promotions were read for (YYYY-MM-DD, UTC). */
  pricedOn: string;
  needs: QuoteNeeds;
  /** Recommended first, then up to two alternatives. */
  options: QuoteOption[];
  /** Needs that no option meets. */
  unmet: UnmetNeed[];
  /** The reader's assumptions and the pricer's. */
  assumptions: string[];
  saving: QuoteSaving | null;
};

// ---------------------------------------------------------------------------------------------
// Editing a saved option (the quote page's re-price)
// ---------------------------------------------------------------------------------------------

export const OPTION_NEEDS_A_PLAN = "An option needs at least one plan line";
export const MAX_OPTION_PLANS = 20;
export const MAX_EXCLUDED_PROMOTIONS = 50;

/**
 * What an agent may change on a saved option: the plans and how many lines each, the devices
 * and how many, how devices are paid, and credits left off. Prices are never part of it: the
 * server prices the selection from the catalog (server/quotes/engine/selection.ts).
 */
export const optionSelectionSchema = z.object({
  carrier: z.enum(CARRIERS),
  label: text().trim().min(1).max(100),
  plans: z
    .array(
      z.object({
        lineKind: z.enum(LINE_KINDS),
        ratePlanId: recordId("Choose a plan"),
        quantity: z
          .number({ error: "Enter a number of lines" })
          .int("Enter a whole number of lines")
          .min(1, "Enter at least 1 line, or remove the plan")
          .max(MAX_QUOTE_LINES, `At most ${MAX_QUOTE_LINES.toLocaleString("en-US")} lines`),
      }),
    )
    .min(1, OPTION_NEEDS_A_PLAN)
    .max(MAX_OPTION_PLANS),
  devices: z
    .array(
      z.object({
        deviceOfferId: recordId("Choose a device"),
        quantity: z
          .number({ error: "Enter a number of devices" })
          .int("Enter a whole number of devices")
          .min(1, "Enter at least 1 device, or remove it")
          .max(MAX_QUOTE_LINES, `At most ${MAX_QUOTE_LINES.toLocaleString("en-US")} devices`),
      }),
    )
    .max(MAX_QUOTE_DEVICES),
  devicePayment: z.enum(["installments", "outright"]),
  excludedPromotionIds: z.array(recordId("Unknown promotion")).max(MAX_EXCLUDED_PROMOTIONS),
});
export type OptionSelection = z.output<typeof optionSelectionSchema>;

// ---------------------------------------------------------------------------------------------
// POST /api/generate-quote
// ---------------------------------------------------------------------------------------------

export const DESCRIPTION_REQUIRED = "Description is required";
export const DESCRIPTION_TOO_LONG = `Description must be ${QUOTE_DESCRIPTION_MAX.toLocaleString("en-US")} characters or fewer`;

/** The quote generator's customer fields: all required (agent-portal spec, section 5). */
export const CUSTOMER_INFO_REQUIRED =
  "Company name, company website, contact name and contact email are required";
export const quoteCustomerInfoSchema = z.object(
  {
    companyName: requiredText("Company name is required", "Company name", 200),
    companyWebsite: requiredWebsite("Company website is required"),
    contactName: requiredText("Contact name is required", "Contact name", 200),
    contactEmail: requiredEmail("Contact email is required"),
  },
  { error: CUSTOMER_INFO_REQUIRED },
);
export type QuoteCustomerInfo = z.output<typeof quoteCustomerInfoSchema>;

export const quoteDescriptionSchema = text({ multiline: true, error: DESCRIPTION_REQUIRED })
  .trim()
  .min(1, DESCRIPTION_REQUIRED)
  .max(QUOTE_DESCRIPTION_MAX, DESCRIPTION_TOO_LONG);

/** The generator form's call. */
export const generateFromDescriptionSchema = z.object(
  { description: quoteDescriptionSchema, customerInfo: quoteCustomerInfoSchema },
  { error: "Send a description with the customer's details, or a bill analysis" },
);

/** The bill analyzer's call: quote the lines of a current bill. */
export const generateFromBillSchema = z.object({ currentBill: billAnalysisResultSchema });

export type GenerateQuoteRequest =
  | z.output<typeof generateFromDescriptionSchema>
  | z.output<typeof generateFromBillSchema>;

/**
 * The schema for a body of POST /api/generate-quote: the bill shape when it carries
 * `currentBill`, the description shape otherwise, so the messages are those of the shape meant.
 */
export function generateQuoteRequestSchema(body: unknown) {
  return typeof body === "object" && body !== null && "currentBill" in body
    ? generateFromBillSchema
    : generateFromDescriptionSchema;
}

/** Reads a body of POST /api/generate-quote. */
export function parseGenerateQuoteRequest(
  body: unknown,
): { success: true; data: GenerateQuoteRequest } | { success: false; error: z.ZodError } {
  const parsed = generateQuoteRequestSchema(body).safeParse(body);
  return parsed.success
    ? { success: true, data: parsed.data }
    : { success: false, error: parsed.error };
}

// ---------------------------------------------------------------------------------------------
// The Quote Generator's form (/dashboard/quotes/new)
// ---------------------------------------------------------------------------------------------

/**
 * The generator form's fields, flat as the form sends them, with the request's own rules: the
 * browser checks them before sending and the page's action reads them, so both give the same
 * messages. `quoteRequestOfForm` turns them into the request the engine takes.
 */
export const quoteFormSchema = z.object({
  companyName: quoteCustomerInfoSchema.shape.companyName,
  companyWebsite: quoteCustomerInfoSchema.shape.companyWebsite,
  contactName: quoteCustomerInfoSchema.shape.contactName,
  contactEmail: quoteCustomerInfoSchema.shape.contactEmail,
  description: quoteDescriptionSchema,
});
export type QuoteForm = z.output<typeof quoteFormSchema>;
QUOTE_FORM_FIELDS satisfies readonly (keyof QuoteForm)[];

export function quoteRequestOfForm({ description, ...customerInfo }: QuoteForm) {
  return { description, customerInfo } satisfies GenerateQuoteRequest;
}

// ---------------------------------------------------------------------------------------------
// Saved quotes (/dashboard/quotes)
// ---------------------------------------------------------------------------------------------

export const QUOTES_MAX_PAGE = 1_000;

/**
 * What Save Quote sends: the customer, and either the description with the needs the agent saw
 * (no prices: the server prices them again), or a bill analysis to quote against.
 */
export const saveFromDescriptionSchema = z.object({
  customerInfo: quoteCustomerInfoSchema,
  description: quoteDescriptionSchema,
  needs: quoteNeedsSchema,
});
export const saveFromBillSchema = z.object({
  customerInfo: quoteCustomerInfoSchema,
  currentBill: billAnalysisResultSchema,
  billAnalysisId: z.uuid().nullable().optional(),
});
export type SaveQuoteRequest =
  | z.output<typeof saveFromDescriptionSchema>
  | z.output<typeof saveFromBillSchema>;

/** The needs as the generator's Save Quote posts them: JSON in one form field. */
const needsField = text({ error: SAVE_FAILED })
  .max(200_000, SAVE_FAILED)
  .transform((raw, ctx) => {
    try {
      const value: unknown = JSON.parse(raw);
      return value;
    } catch {
      ctx.addIssue({ code: "custom", message: SAVE_FAILED });
      return z.NEVER;
    }
  })
  .pipe(quoteNeedsSchema);

/** The generator page's Save Quote form: the generator's fields and the needs it was shown. */
export const saveQuoteFormSchema = quoteFormSchema.extend({ needs: needsField });

export function saveRequestOfForm({
  needs,
  ...form
}: z.output<typeof saveQuoteFormSchema>): SaveQuoteRequest {
  const { description, customerInfo } = quoteRequestOfForm(form);
  return { description, customerInfo, needs };
}

/** A list filter: the stored statuses, with "expired" read from the validity date. */
export const QUOTE_STATUS_FILTERS = ["all", ...QUOTE_STATUSES] as const;
export type QuoteStatusFilter = (typeof QUOTE_STATUS_FILTERS)[number];

/** The saved quotes list's view, kept in the URL. */
export const quoteListQuerySchema = z.object({
  q: searchText(),
  status: z.enum(QUOTE_STATUS_FILTERS).catch("all"),
  page: pageNumber(QUOTES_MAX_PAGE),
  /** One customer's quotes (from the customer page). */
  customerId: z.uuid().optional().catch(undefined),
});
export type QuoteListQuery = z.output<typeof quoteListQuerySchema>;

const optionId = z.uuid({ error: "Choose one of the quote's options" });

/**
 * The option editor's form, flat as a form posts it (`plan.0.ratePlanId`, `plan.0.quantity`,
 * `plan.0.remove`, `device.0.…`, `exclude.0` for a credit left off, `devicePayment`), read into
 * a selection. A removed row is left out; a quantity that is not a number stays one the
 * selection's schema refuses with its own message.
 */
export function selectionOfFields(fields: Record<string, string>) {
  const rows = (prefix: string) => {
    const found = new Map<number, Record<string, string>>();
    for (const [name, value] of Object.entries(fields)) {
      const match = new RegExp(`^${prefix}\\.(\\d{1,3})\\.(\\w+)$`).exec(name);
      if (!match) continue;
      const row = found.get(Number(match[1])) ?? {};
      row[match[2] ?? ""] = value;
      found.set(Number(match[1]), row);
    }
    return [...found.entries()]
      .sort(([a], [b]) => a - b)
      .map(([, row]) => row)
      .filter((row) => row.remove !== "on");
  };
  const count = (value: string | undefined) =>
    value === undefined || value.trim() === "" ? Number.NaN : Number(value);
  return {
    optionId: fields.optionId,
    selection: {
      carrier: fields.carrier,
      label: fields.label,
      plans: rows("plan").map((row) => ({
        lineKind: row.lineKind,
        ratePlanId: row.ratePlanId,
        quantity: count(row.quantity),
      })),
      devices: rows("device").map((row) => ({
        deviceOfferId: row.deviceOfferId,
        quantity: count(row.quantity),
      })),
      devicePayment: fields.devicePayment,
      excludedPromotionIds: Object.entries(fields)
        .filter(([name]) => /^exclude\.\d{1,3}$/.test(name))
        .map(([, value]) => value),
    },
  };
}

/** Re-price: the option and the agent's selection for it. */
export const repriceFormSchema = z.preprocess(
  (raw) =>
    typeof raw === "object" && raw !== null
      ? selectionOfFields(Object.fromEntries(Object.entries(raw).map(([k, v]) => [k, String(v)])))
      : raw,
  z.object({ optionId, selection: optionSelectionSchema }),
);
export type RepriceForm = z.output<typeof repriceFormSchema>;

/** The quote page's buttons, one intent each. */
export const quotePageActionSchema = z.discriminatedUnion("intent", [
  z.looseObject({ intent: z.literal("reprice"), optionId }),
  z.object({ intent: z.literal("choose"), optionId }),
  z.object({ intent: z.literal("accept") }),
  z.object({ intent: z.literal("decline") }),
  z.object({ intent: z.literal("convert") }),
  z.object({ intent: z.literal("version") }),
  z.object({ intent: z.literal("send") }),
]);
export type QuotePageAction = z.output<typeof quotePageActionSchema>;
