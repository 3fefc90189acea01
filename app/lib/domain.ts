// The closed lists of the specs, shared by the database enums, zod schemas and the UI.

export const CARRIERS = ["att", "verizon", "tmobile"] as const;
export type Carrier = (typeof CARRIERS)[number];
export const CARRIER_LABELS: Record<Carrier, string> = {
  att: "AT&T",
  verizon: "Verizon",
  tmobile: "T-Mobile",
};

/** Deals spell carriers in capitals (agent-portal spec, section 3). */
export const DEAL_CARRIERS = ["ATT", "VERIZON", "TMOBILE"] as const;
export type DealCarrier = (typeof DEAL_CARRIERS)[number];
export const DEAL_CARRIER_LABELS: Record<DealCarrier, string> = {
  ATT: CARRIER_LABELS.att,
  VERIZON: CARRIER_LABELS.verizon,
  TMOBILE: CARRIER_LABELS.tmobile,
};
/** A deal's carrier as the catalog spells it, to load that carrier's rate plans. */
export const DEAL_CARRIER_TO_CARRIER: Record<DealCarrier, Carrier> = {
  ATT: "att",
  VERIZON: "verizon",
  TMOBILE: "tmobile",
};

export const DEAL_STATUSES = [
  "lead",
  "qualified",
  "proposal",
  "negotiation",
  "closed_won",
  "closed_lost",
] as const;
export type DealStatus = (typeof DEAL_STATUSES)[number];
export const DEAL_STATUS_LABELS: Record<DealStatus, string> = {
  lead: "Lead",
  qualified: "Qualified",
  proposal: "Proposal",
  negotiation: "Negotiation",
  closed_won: "Won",
  closed_lost: "Closed Lost",
};
/** The board's five columns, in order; closed_lost deals never show on it (spec, section 4). */
export const BOARD_STATUSES = [
  "lead",
  "qualified",
  "proposal",
  "negotiation",
  "closed_won",
] as const satisfies readonly DealStatus[];
export type BoardStatus = (typeof BOARD_STATUSES)[number];

export const DEAL_STAGES = [
  "discovery",
  "qualification",
  "solution",
  "proposal",
  "negotiation",
  "closing",
] as const;
export type DealStage = (typeof DEAL_STAGES)[number];
export const DEAL_STAGE_LABELS: Record<DealStage, string> = {
  discovery: "Discovery",
  qualification: "Qualification",
  solution: "Solution Design",
  proposal: "Proposal",
  negotiation: "Negotiation",
  closing: "Closing",
};

export const HARDWARE_SOURCES = ["carrier", "customer", "third_party"] as const;
export type HardwareSource = (typeof HARDWARE_SOURCES)[number];
export const HARDWARE_SOURCE_LABELS: Record<HardwareSource, string> = {
  carrier: "Carrier Provided",
  customer: "Customer Provided",
  third_party: "Third Party",
};

export const COMPANY_SIZES = ["1-10", "11-50", "51-200", "201-500", "501-1000", "1000+"] as const;
export type CompanySize = (typeof COMPANY_SIZES)[number];

export const DEVICE_CATEGORIES = [
  "phones",
  "tablets",
  "hotspots",
  "fixed_wireless",
  "laptops",
] as const;
export type DeviceCategory = (typeof DEVICE_CATEGORIES)[number];
export const DEVICE_CATEGORY_LABELS: Record<DeviceCategory, string> = {
  phones: "Phones",
  tablets: "Tablets",
  hotspots: "Hotspots",
  fixed_wireless: "Fixed Wireless",
  laptops: "Laptops",
};

export const RESOURCE_TYPES = [
  "flyer",
  "case_study",
  "business_case",
  "presentation",
  "guide",
] as const;
export type ResourceType = (typeof RESOURCE_TYPES)[number];
export const RESOURCE_TYPE_LABELS: Record<ResourceType, string> = {
  flyer: "Sales Flyers",
  case_study: "Case Studies",
  business_case: "Business Cases",
  presentation: "Presentations",
  guide: "Sales Guides",
};

export const RESOURCE_FILE_TYPES = ["PDF", "Excel", "PowerPoint"] as const;
export type ResourceFileType = (typeof RESOURCE_FILE_TYPES)[number];

export const QUOTE_STATUSES = ["draft", "sent", "accepted", "declined", "expired"] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];
/** What the portal calls each status: a declined quote reads as lost (issue 15). */
export const QUOTE_STATUS_LABELS: Record<QuoteStatus, string> = {
  draft: "Draft",
  sent: "Sent",
  accepted: "Accepted",
  declined: "Lost",
  expired: "Expired",
};

/** Where a saved quote's needs came from: a description, or a bill analysis (issue 15). */
export const QUOTE_SOURCES = ["description", "bill"] as const;
export type QuoteSource = (typeof QUOTE_SOURCES)[number];

export const QUOTE_ITEM_KINDS = ["plan", "device", "fee", "discount"] as const;
export type QuoteItemKind = (typeof QUOTE_ITEM_KINDS)[number];

/**
 * The kinds of line a quote prices (issue 15): a plan, a device offer or a promotion serves one.
 * Deals count voice, mobile internet and fixed wireless; hotspots and wearables are quoted apart
 * because the carriers price them on plans of their own.
 */
export const LINE_KINDS = [
  "voice",
  "mobile_internet",
  "hotspot",
  "fixed_wireless",
  "wearable",
] as const;
export type LineKind = (typeof LINE_KINDS)[number];
export const LINE_KIND_LABELS: Record<LineKind, string> = {
  voice: "Voice",
  mobile_internet: "Mobile Internet",
  hotspot: "Hotspot",
  fixed_wireless: "Fixed Wireless",
  wearable: "Wearable",
};

/** How a carrier charges a one-time fee: per line of the quote, or once per account. */
export const FEE_BASES = ["line", "account"] as const;
export type FeeBasis = (typeof FEE_BASES)[number];

export const BILL_ANALYSIS_STATUSES = ["pending", "processing", "completed", "failed"] as const;
export type BillAnalysisStatus = (typeof BILL_ANALYSIS_STATUSES)[number];

/**
 * Where an analysis's figures were read from: the PDF's text layer, text recognition (OCR) of a
 * scanned image, or both (a PDF with some pages scanned).
 */
export const BILL_READ_SOURCES = ["text", "ocr", "mixed"] as const;
export type BillReadSource = (typeof BILL_READ_SOURCES)[number];

/** Any other stored value would display as info (spec); the database only admits these. */
export const NOTIFICATION_TYPES = ["success", "warning", "error", "info"] as const;
export type NotificationType = (typeof NOTIFICATION_TYPES)[number];

export const OUTBOX_CHANNELS = ["email", "sms"] as const;
export const OUTBOX_STATUSES = ["queued", "sent", "failed"] as const;

/**
 * What the activity log records (deal timeline, reports). Quotes, bills and proposals add theirs
 * when they arrive.
 */
export const ACTIVITY_KINDS = [
  "deal_created",
  "deal_status_changed",
  "deal_stage_changed",
  "deal_updated",
  "deal_reassigned",
  "deal_note",
  "customer_created",
  "customer_updated",
  "customers_imported",
  "quote_generated",
  "quote_saved",
  "quote_updated",
  "quote_versioned",
  "quote_sent",
  "quote_accepted",
  "quote_declined",
  "quote_converted",
  "bill_analyzed",
] as const;
export type ActivityKind = (typeof ACTIVITY_KINDS)[number];

export const USER_ROLES = ["agent", "manager", "admin"] as const;
export type UserRole = (typeof USER_ROLES)[number];

/** The 48 device types of the carriers' certified-device catalogs, spelled as the catalogs spell them. */
export const DEVICE_TYPES = [
  "Alarm",
  "Camera",
  "Computer",
  "Connected Button",
  "Drone",
  "eBook Reader",
  "Emergency Phone",
  "EV Charger",
  "FWA",
  "Gateway",
  "GPS Smart Antenna",
  "Handheld",
  "Hotspot",
  "Hotspot/Router",
  "HVAC",
  "Intercom",
  "IOT",
  "Laptop",
  "Lighting",
  "Medical Telematics",
  "Meter",
  "Modem",
  "Module",
  "mPERS",
  "OBD II",
  "Other",
  "Phone",
  "POS",
  "POTS Replacement",
  "PTT",
  "Remote Control Device",
  "Remote Monitoring",
  "Robot",
  "Router",
  "Rugged Handheld",
  "Sensor",
  "Smart Home",
  "Socket Modem",
  "Tablet",
  "Tablet/Laptop",
  "TCU",
  "Telematics",
  "Tracking",
  "Vehicle Mounted Handset",
  "Vending Telemetry",
  "Voice/Data Modem",
  "Wearable",
  "Wireless Home Phone",
] as const;
export type CertifiedDeviceType = (typeof DEVICE_TYPES)[number];
