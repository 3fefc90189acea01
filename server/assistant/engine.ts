import {
  BOARD_STATUSES,
  CARRIER_LABELS,
  CARRIERS,
  type Carrier,
  type CertifiedDeviceType,
  DEAL_STATUS_LABELS,
  DEVICE_CATEGORY_LABELS,
  type DeviceCategory,
  type LineKind,
  RESOURCE_TYPE_LABELS,
  type ResourceType,
} from "#app/lib/domain.ts";
import { formatCents, formatIsoDate } from "#app/lib/format.ts";
import type { DEVICE_TECHNOLOGIES } from "#app/lib/schemas/device-query.ts";
import { MAX_QUOTE_LINES } from "#app/lib/schemas/quote.ts";
import { deviceName, digitsForWords, planKind } from "#server/quotes/index.ts";
import type { AssistantTools, PlanFact } from "./tools.ts";

// The built-in engine (issue 17): offline and deterministic. It reads an intent and its details
// from the message with patterns, calls the same tools a model would, and writes the answer only
// from what the tools returned, so every price and name in it is one of our records.

export type Intent =
  | "price"
  | "plans"
  | "compare"
  | "devices"
  | "promotions"
  | "resources"
  | "pipeline"
  | "renewals"
  | "customer_deals"
  | "draft_quote";

/** What a turn understood, kept with the answer so the next turn can refer to it. */
export type TurnState = {
  intent: Intent;
  carrier?: Carrier;
  carriers?: Carrier[];
  lines?: number;
  planWord?: string;
  deviceType?: CertifiedDeviceType;
  tech?: (typeof DEVICE_TECHNOLOGIES)[number];
  brand?: string;
  category?: DeviceCategory;
  resourceType?: ResourceType;
  customer?: string;
  description?: string;
  /** The catalog plan the agent named, so "make it 20 lines" prices it again. */
  plan?: string;
  /** The kind of line priced: said ("4 tablets", "a watch plan") or the named plan's kind. */
  lineKind?: LineKind;
  /** Asked for the most expensive plan ("AT&T's priciest plan"), not the cheapest. */
  dearest?: boolean;
};

export type ToolCall = { tool: string; input: Record<string, unknown> };
export type Citation = { label: string; href?: string };

export type EngineAnswer = {
  content: string;
  calls: ToolCall[];
  citations: Citation[];
  state: TurnState | null;
};

/** The generator with the description filled in: the draft opens where it can be saved. */
export function draftLink(description: string): string {
  // Parentheses too, or the Markdown link would end at the first ")".
  const encoded = encodeURIComponent(description).replace(/\(/g, "%28").replace(/\)/g, "%29");
  return `/dashboard/quotes/new?description=${encoded}`;
}

export const SCREENS = {
  plans: "[Plan Comparison](/dashboard/plans)",
  devices: "[Certified Devices](/dashboard/devices)",
  promos: "[Carrier Promos](/dashboard/promos)",
  resources: "[Sales Resources](/dashboard/resources)",
  deals: "[My Deals](/dashboard/deals)",
  quotes: "[Quote Generator](/dashboard/quotes/new)",
} as const;

const CATALOG_ABILITIES = [
  '- price lines on a rate plan ("price 12 lines of Verizon\'s cheapest unlimited plan")',
  '- compare carriers for a need ("compare unlimited plans for 20 lines")',
  '- find certified devices by carrier, type and technology ("5G phones on AT&T")',
  '- list current promotions and what they require ("tablet promotions on T-Mobile")',
  '- find sales resources ("case studies for Verizon")',
];

const COMPANY_ABILITIES = [
  '- summarise your pipeline, renewals due and a customer\'s deals ("my pipeline")',
  '- draft a quote from a description ("draft a quote for 25 unlimited lines and 5 hotspots")',
];

/**
 * The help list. Behind the gate nobody is signed in, so the company's abilities are left out:
 * offering them there only led to a refusal (COMPANY_ONLY).
 */
function whatICanDo(signedIn: boolean): string {
  return [...CATALOG_ABILITIES, ...(signedIn ? COMPANY_ABILITIES : [])].join("\n");
}

const COMPANY_ONLY =
  "That needs your company's data, which I can only read for a signed-in agent. Behind this page I can answer from the public catalog: rate plans, certified devices, promotions and sales resources.";

// ---------------------------------------------------------------------------------------------
// Reading the message
// ---------------------------------------------------------------------------------------------

const CARRIER_PATTERNS: [Carrier, RegExp][] = [
  ["att", /\bat\s*&\s*t\b|\bat&t\b|\batt\b|\bat and t\b/i],
  ["verizon", /\bverizon\b|\bvzw?\b/i],
  ["tmobile", /\bt[\s-]?mobile\b|\btmo\b/i],
];

export function carriersIn(message: string): Carrier[] {
  return CARRIER_PATTERNS.filter(([, re]) => re.test(message)).map(([c]) => c);
}

/** The text with every carrier's name blanked out, or put as `by`. */
function withoutCarriers(text: string, by = " "): string {
  let rest = text;
  for (const [, re] of CARRIER_PATTERNS) rest = rest.replace(new RegExp(re.source, "gi"), by);
  return rest;
}

/**
 * A plan's name as the agent may type it: lower case, words only, with no carrier and no word
 * "plan", so "Verizon's Business Unlimited Plus plan" reads "business unlimited plus".
 */
function nameWords(text: string): string {
  return withoutCarriers(text.toLowerCase())
    .replace(/[^a-z0-9]+/g, " ")
    .replace(/\bplans?\b/g, " ")
    .replace(/\s+/g, " ")
    .trim();
}

/** The ways a catalog plan's name is said: in full, or without its leading "Business". */
function spokenNames(plan: string): string[] {
  const full = nameWords(plan);
  const short = full.replace(/^business /, "");
  // "Business Unlimited" said as "unlimited" would be every unlimited question.
  return short !== full && short.includes(" ") ? [full, short] : full ? [full] : [];
}

/**
 * The plans a message names, matched whole words at a time; the longest name said wins, so
 * "Unlimited Tablet Start" is not "Unlimited Start". Several only where carriers share the name.
 */
export function namedPlans(plans: PlanFact[], message: string): PlanFact[] {
  const said = ` ${nameWords(message)} `;
  let found: PlanFact[] = [];
  let longest = 0;
  for (const p of plans) {
    const length = Math.max(
      0,
      ...spokenNames(p.plan)
        .filter((name) => said.includes(` ${name} `))
        .map((name) => name.length),
    );
    if (length > longest) {
      found = [p];
      longest = length;
    } else if (length > 0 && length === longest) found.push(p);
  }
  return found;
}

const COUNTED = String.raw`(?:[a-z0-9-]+\s+)?(?:lines?|users?|employees?|(?:smart|i)?phones?|people|staff|seats?|tablets?|ipads?|laptops?|hotspots?|(?:smart\s*)?watch(?:es)?|wearables?|locations?)\b`;
// Any count, "10,000" too: one a quote cannot take is still the count asked, and is refused.
const COUNT_PATTERN = new RegExp(String.raw`\b(\d{1,3}(?:,\d{3})+|\d+)\s+(${COUNTED})`, "i");

/**
 * How many lines a message asks for and what it counts ("3 tablet lines", "4 watches"), numbers
 * in words read as the quote engine reads them; a carrier between is passed over ("3 AT&T lines").
 */
function countIn(message: string): { lines: number; said: string; noun: string } | undefined {
  const found = COUNT_PATTERN.exec(withoutCarriers(digitsForWords(message.toLowerCase())));
  const [, said, noun] = found ?? [];
  return said && noun ? { lines: Number(said.replaceAll(",", "")), said, noun } : undefined;
}

/** The number of lines the message counts, whether or not a quote can take it (see quotable). */
export function linesIn(message: string): number | undefined {
  return countIn(message)?.lines;
}

/** A count a quote can price, bounded as the quote schema bounds a plan's lines. */
const quotable = (lines: number) => lines >= 1 && lines <= MAX_QUOTE_LINES;

/**
 * What to say instead of an answer when the message counts lines no quote can take ("0 lines",
 * "100000000 lines"); nothing when it counts none or a count that can be priced.
 */
function unquotableCount(message: string): string | undefined {
  const count = countIn(message);
  if (!count || quotable(count.lines)) return undefined;
  const said = Number.isSafeInteger(count.lines) ? count.lines.toLocaleString("en-US") : count.said;
  return `I can't price ${said} lines: a quote needs between 1 and ${MAX_QUOTE_LINES.toLocaleString("en-US")} lines.`;
}

/** Words for the kind of line a plan is for, as the catalog's plan types are read (planKind). */
const KIND_WORDS: [string, LineKind][] = [
  [String.raw`(?:smart\s*)?watch(?:es)?|wearables?`, "wearable"],
  [String.raw`(?:mobile\s+)?hot\s?spots?|mifis?|jetpacks?`, "hotspot"],
  [String.raw`tablets?|ipads?|laptops?|data[\s-]only|mobile\s+internet`, "mobile_internet"],
  [
    String.raw`fixed[\s-]wireless|fwa|(?:home|business|office|5g)\s+internet|locations?`,
    "fixed_wireless",
  ],
  ["(?:smart|i)?phones?|handsets?|voice", "voice"],
];
const ANY_KIND = KIND_WORDS.map(([words]) => words).join("|");
const KIND_SAID = new RegExp(String.raw`\b(?:${ANY_KIND})\b`, "i");
const KIND_PATTERNS = KIND_WORDS.map(([words, kind]): [RegExp, LineKind] => [
  new RegExp(String.raw`\b(?:${words})\b`, "i"),
  kind,
]);
/** "with a hotspot", "and 2 tablets": a feature of the plan, or lines beside it, not its kind. */
const ASIDE = new RegExp(
  String.raw`\b(?:with|and|plus)\s+(?:(?:an?|mobile|\d+(?:\s*gb)?)\s+)*(?:${ANY_KIND})\b`,
  "gi",
);
const withoutAsides = (message: string) => message.replace(ASIDE, " ");

/**
 * The kind of line a price is for: that of the device counted ("4 tablets", "3 tablet lines"),
 * else of the first device the message says ("an unlimited tablet for 3 lines", "watch plan").
 */
export function lineKindIn(message: string): LineKind | undefined {
  const counted = countIn(message)?.noun;
  return (
    (counted ? first(KIND_PATTERNS, counted) : undefined) ??
    first(KIND_PATTERNS, KIND_SAID.exec(withoutAsides(withoutCarriers(message)))?.[0] ?? "")
  );
}

const PLAN_WORDS = [
  "unlimited",
  "premium",
  "plus",
  "basic",
  "essential",
  "starter",
  "data",
  "tablet",
  "hotspot",
  "5g",
  "business",
  "pooled",
];

/** The most expensive plan asked for, which the cheapest must never answer. */
const DEAREST =
  /\b(?:most\s+expensive|priciest|dearest|costliest|most\s+costly|highest[\s-]priced)\b/i;

function planWordIn(message: string): string | undefined {
  const lower = withoutAsides(message.toLowerCase());
  return PLAN_WORDS.find((w) => new RegExp(`\\b${w}s?\\b`).test(lower));
}

const DEVICE_TYPE_WORDS: [RegExp, CertifiedDeviceType][] = [
  [/\bsmart\s*phones?\b|\b(i)?phones?\b|\bhandsets?\b/i, "Phone"],
  [/\btablets?\b|\bipads?\b/i, "Tablet"],
  [/\bhotspots?\b|\bmifi\b/i, "Hotspot"],
  [/\brouters?\b/i, "Router"],
  [/\bmodems?\b/i, "Modem"],
  [/\blaptops?\b/i, "Laptop"],
  [/\bwearables?\b|\bwatch(es)?\b/i, "Wearable"],
  [/\bfixed wireless\b|\bfwa\b/i, "FWA"],
  [/\btrackers?\b|\btracking\b/i, "Tracking"],
  [/\bcameras?\b/i, "Camera"],
  [/\biot\b/i, "IOT"],
];
const CATEGORY_WORDS: [RegExp, DeviceCategory][] = [
  [/\bphones?\b|\bhandsets?\b|\biphones?\b/i, "phones"],
  [/\btablets?\b|\bipads?\b/i, "tablets"],
  [/\bhotspots?\b/i, "hotspots"],
  [/\bfixed wireless\b|\bfwa\b|\bhome internet\b/i, "fixed_wireless"],
  [/\blaptops?\b/i, "laptops"],
];
const TECH_WORDS: [RegExp, (typeof DEVICE_TECHNOLOGIES)[number]][] = [
  [/\bred\s*cap\b/i, "5G RedCap"],
  [/\bcat[\s-]?m1?\b/i, "LTE Cat-M1"],
  [/\bcat[\s-]?4\b/i, "LTE Cat-4"],
  [/\bnb[\s-]?iot\b/i, "NB-IoT"],
  [/\bn41\b/i, "n41"],
  [/\bn77\b|\bc[\s-]?band\b/i, "n77"],
  [/\b5g\b/i, "5G NR"],
  [/\blte\b|\b4g\b/i, "LTE"],
];
const BRANDS = [
  "apple",
  "samsung",
  "google",
  "motorola",
  "sonim",
  "kyocera",
  "cradlepoint",
  "inseego",
  "netgear",
  "zebra",
  "nokia",
  "lenovo",
  "microsoft",
  "franklin",
  "sierra wireless",
  "telit",
  "quectel",
  "garmin",
  "orbic",
];
const BRAND_ALIASES: Record<string, string> = {
  iphone: "apple",
  ipad: "apple",
  galaxy: "samsung",
  pixel: "google",
};

function brandIn(message: string): string | undefined {
  const lower = message.toLowerCase();
  for (const [alias, brand] of Object.entries(BRAND_ALIASES)) {
    if (new RegExp(`\\b${alias}s?\\b`).test(lower)) return brand;
  }
  return BRANDS.find((b) => new RegExp(`\\b${b}\\b`).test(lower));
}

const RESOURCE_WORDS: [RegExp, ResourceType][] = [
  [/\bcase stud(y|ies)\b/i, "case_study"],
  [/\bbusiness cases?\b|\broi\b/i, "business_case"],
  [/\bpresentations?\b|\bdecks?\b|\bslides?\b|\bpowerpoints?\b/i, "presentation"],
  [/\bflyers?\b|\bbrochures?\b|\bone[\s-]pagers?\b/i, "flyer"],
  [/\bguides?\b|\bplaybooks?\b/i, "guide"],
];

const first = <T>(pairs: [RegExp, T][], message: string): T | undefined =>
  pairs.find(([re]) => re.test(message))?.[1];

const is = (re: RegExp, message: string) => re.test(message);

const DEALS_WORD = "(?:deals?|opportunit(?:y|ies))";
/** What may come before a name that opens a question: "show me", "what are all of the". */
const ASKING = String.raw`(?:(?:please|can|could|would|you|i|we|need|want|to|let'?s|show|list|give|get|find|pull|up|see|tell|what|which|are|were|is|me|us|all|about|of|on|the|our|my)\s+)*`;

// The ways agents ask for a customer's deals, each capturing the name as typed.
const CUSTOMER_PATTERNS: RegExp[] = [
  // "deals for Acme", "what deals do we have with Acme?", "the status of Acme"
  new RegExp(
    String.raw`\b(?:${DEALS_WORD}|pipeline|status)\b(?:\s+[\w']+){0,4}?\s+(?:for|with|of|at)\s+(.+?)[?.!]*$`,
    "i",
  ),
  // "what deals does Acme have?"
  new RegExp(String.raw`\b${DEALS_WORD}\s+(?:does|do|did)\s+(.+?)\s+(?:have|has|got)\b`, "i"),
  // "Acme's deals", "show me Acme' open deals"
  new RegExp(
    String.raw`^${ASKING}(.+?)['’]s?\s+(?:(?:open|current|active|recent|latest)\s+)?${DEALS_WORD}\b`,
    "i",
  ),
  // "what's happening with Acme?"
  /\b(?:what'?s|how'?s|what is|how is)\s+(?:going on|happening|the status)\s+(?:with|for|at)\s+(.+?)[?.!]*$/i,
];
/** What may follow a name that ends a question: "right now", "this quarter". */
const WHEN =
  /\s+(?:right now|now|currently|at the moment|today|so far|(?:this|last) (?:week|month|quarter|year))$/i;
/** Words in a name's place that name no customer: "deals do we have", "deals for this quarter". */
const NOT_A_CUSTOMER =
  /^(?:me|us|we|you|they|them|it|this|that|all|now|moment|(?:this|last|next) (?:week|month|quarter|year))$/i;

/** The customer a message names: "deals for Acme Corp", "Acme's deals", "what's happening with Acme?". */
function customerIn(message: string): string | undefined {
  for (const pattern of CUSTOMER_PATTERNS) {
    const name = pattern
      .exec(message.trim())?.[1]
      ?.replace(WHEN, "")
      .replace(/^(?:the|our|my)\s+/i, "")
      .trim();
    if (!name || name.length < 2 || NOT_A_CUSTOMER.test(name)) continue;
    // A carrier is not a customer: "deals with Verizon" asks about its promotions.
    if (carriersIn(name).length > 0 && nameWords(name) === "") continue;
    return name;
  }
  return undefined;
}

function intentOf(message: string): Intent | null {
  const m = message;
  if (
    is(
      /\b(draft|create|build|make|generate|write|prepare)\b[^?]*\bquotes?\b|\bquote\s+for\b|\bquote\b.*\bfor\b.*\blines?\b/i,
      m,
    )
  )
    return "draft_quote";
  if (is(/\brenewals?\b|\brenew(ing)?\b|\bcontracts? (ending|expiring|due)\b|\bexpir/i, m))
    return "renewals";
  if (customerIn(m) && is(/\b(deals?|opportunit(y|ies)|going on|happening|status)\b/i, m))
    return "customer_deals";
  if (
    is(
      /\bpipeline\b|\bmy deals\b|\bdeals by (stage|status)\b|\bmrr\b|\bmonthly recurring\b|\bhow many deals\b|\bforecast\b|\bwon deals\b/i,
      m,
    )
  )
    return "pipeline";
  if (
    is(
      /\bpromos?\b|\bpromotions?\b|\bspecials?\b|\brebates?\b|\bdiscounts?\b|\bincentives?\b|\btrade[\s-]?ins?\b|\bbogo\b/i,
      m,
    )
  )
    return "promotions";
  if (
    is(
      /\bresources?\b|\bcollateral\b|\bmaterials?\b|\bcase stud|\bbusiness cases?\b|\bflyers?\b|\bbrochures?\b|\bpresentations?\b|\bdecks?\b|\bplaybooks?\b|\bsales guides?\b/i,
      m,
    )
  )
    return "resources";
  // "4 tablets on T-Mobile", "3 Verizon tablet lines": lines of a kind, counted, are priced; the
  // devices themselves are asked for as certified devices or models, and never with a count
  // ("10 lines and 2 hotspots on Verizon" is not a search for hotspots).
  if (
    linesIn(m) !== undefined &&
    lineKindIn(m) !== undefined &&
    !is(/\bcertified\b|\bdevices?\b|\bmodels?\b|\bmanufacturers?\b/i, m)
  )
    return "price";
  if (
    is(
      /\bcertified\b|\bdevices?\b|\bmodels?\b|\bmanufacturers?\b|\bwhich (phones|tablets|hotspots|routers|modems)\b|\bwhat (phones|tablets|hotspots|routers|modems)\b|(?<!\d\s)\b(phones|tablets|hotspots|routers|modems|laptops|wearables|trackers) (are|on|for|with|that|support)\b|\bbands?\b|\bredcap\b|\bcat[\s-]?m1\b|\bnb-?iot\b|\biphones?\b|\bgalaxy\b|\bpixel\b/i,
      m,
    )
  )
    return "devices";
  if (
    is(/\bcompare\b|\bcomparison\b|\bwhich carrier\b|\bbest carrier\b|\bvs\.?\b|\bversus\b/i, m) ||
    carriersIn(m).length > 1
  )
    return "compare";
  if (
    is(/\bprice\b|\bpricing\b|\bcost\b|\bhow much\b|\btotal\b|\bper month\b/i, m) &&
    (linesIn(m) !== undefined || planWordIn(m) || carriersIn(m).length > 0)
  )
    return "price";
  if (is(/\bplans?\b|\brate plans?\b|\bcheapest\b|\bunlimited\b|\bper line\b/i, m))
    return linesIn(m) !== undefined ? "price" : "plans";
  return null;
}

/** A message that only changes a detail of the previous question: "and on T-Mobile?", "make it 15 lines". */
function isFollowUp(message: string): boolean {
  const words = message.trim().split(/\s+/).length;
  return (
    is(
      /^\s*(and|what about|how about|same|now|ok(ay)?|also|make it|instead|for|on|with|try)\b/i,
      message,
    ) ||
    (words <= 5 && (carriersIn(message).length > 0 || linesIn(message) !== undefined))
  );
}

/** The details of a message over the previous turn's: what it does not say is carried over. */
export function understand(message: string, previous: TurnState | null): TurnState | null {
  const own = intentOf(message);
  const carriers = carriersIn(message);
  const followUp = previous !== null && isFollowUp(message);
  const intent = own ?? (followUp && previous ? previous.intent : null);
  if (intent === null) return null;
  const base: TurnState =
    followUp &&
    previous &&
    (own === null || own === previous.intent || sameFamily(own, previous.intent))
      ? { ...previous }
      : { intent };
  base.intent = own === "plans" && base.intent === "price" ? "price" : intent;
  if (carriers.length === 1) {
    base.carrier = carriers[0];
    base.carriers = undefined;
    if (base.intent === "compare") base.intent = "price";
  } else if (carriers.length > 1) {
    base.carriers = carriers;
    base.carrier = undefined;
    if (base.intent === "price" || base.intent === "plans") base.intent = "compare";
  }
  // A count no quote can take is answered as such (builtInAnswer), and never kept for a follow-up.
  const lines = linesIn(message);
  if (lines !== undefined && quotable(lines)) base.lines = lines;
  const planWord = planWordIn(message);
  if (planWord) base.planWord = planWord;
  const lineKind = lineKindIn(message);
  if (lineKind) base.lineKind = lineKind;
  // A new need ("cheapest", "unlimited") is no longer about the plan named before; a plan the
  // message names itself is read again when it is answered.
  const dearest = DEAREST.test(message);
  const cheapestSaid = /\bcheapest\b/i.test(message);
  if (planWord || cheapestSaid || dearest) base.plan = undefined;
  // The dearest is kept for follow-ups ("and on Verizon?") until the cheapest is asked again.
  if (dearest || cheapestSaid) base.dearest = dearest || undefined;
  if (base.intent === "plans" && base.lines !== undefined) base.intent = "price";
  const deviceType = first(DEVICE_TYPE_WORDS, message);
  if (deviceType) base.deviceType = deviceType;
  const tech = first(TECH_WORDS, message);
  if (tech && (base.intent === "devices" || !planWord)) base.tech = tech;
  const brand = brandIn(message);
  if (brand) base.brand = brand;
  const category = first(CATEGORY_WORDS, message);
  if (category) base.category = category;
  const resourceType = first(RESOURCE_WORDS, message);
  if (resourceType) base.resourceType = resourceType;
  const customer = customerIn(message);
  if (customer) base.customer = customer;
  if (base.intent === "draft_quote") {
    base.description =
      own === "draft_quote" ? message : withLines(previous?.description ?? message, lines);
  }
  return base;
}

/** The intents about rate plans, in which a count is the lines to price. */
const PRICED: Intent[] = ["price", "plans", "compare"];
const FAMILIES: Intent[][] = [PRICED];
const sameFamily = (a: Intent, b: Intent) => FAMILIES.some((f) => f.includes(a) && f.includes(b));

/** "make it 15 lines" on a drafted quote: the description again with the new count. */
function withLines(description: string, lines: number | undefined): string {
  if (lines === undefined) return description;
  return /\b\d+\s+(?:\w+\s+)?lines?\b/i.test(description)
    ? description.replace(/\b\d+(\s+(?:\w+\s+)?lines?)\b/i, `${lines}$1`)
    : `${description} (${lines} lines)`;
}

// ---------------------------------------------------------------------------------------------
// Answering
// ---------------------------------------------------------------------------------------------

const money = (cents: number) => formatCents(cents);
const planLabel = (p: PlanFact) => `${CARRIER_LABELS[p.carrier]} ${p.plan}`;

function matching(plans: PlanFact[], word: string | undefined): PlanFact[] {
  if (!word) return plans;
  const w = word.toLowerCase();
  return plans.filter(
    (p) => p.plan.toLowerCase().includes(w) || p.planType.toLowerCase().includes(w),
  );
}

/**
 * A line count or "unlimited" means phone lines, not a watch's, a tablet's or an office's
 * internet. The plan's own type says which, read as the quote engine prices lines by it.
 */
const isPhonePlan = (p: PlanFact) => planKind(p.planType) === "voice";

/** A word that only names a kind of line again: "tablet", "hotspot", "data". */
const namesAKind = (word: string | undefined) => word !== undefined && planKind(word) !== "voice";

/**
 * The plans for a need: of the kind of line asked about, if one was, narrowed by the plan word.
 * A word that only names the kind again narrows where it can ("tablet" over a "Data" plan).
 */
function forNeed(
  plans: PlanFact[],
  word: string | undefined,
  kind: LineKind | undefined,
): PlanFact[] {
  if (!kind) return matching(plans, word);
  const ofKind = plans.filter((p) => planKind(p.planType) === kind);
  const narrowed = matching(ofKind, word);
  return narrowed.length === 0 && namesAKind(word) ? ofKind : narrowed;
}

/** The plan a price is about when none is named, and the kind of line it was chosen among. */
type Chosen = { plan: PlanFact | undefined; kind: LineKind | undefined };

/**
 * The cheapest plan for a need, or the most expensive: among phone plans, unless the question
 * named a device or its plan. The kind says which, so the answer names the pool it chose from
 * ("cheapest phone plan"): the catalogs' wearable and tablet plans cost less than any phone plan.
 */
function pickFor(
  plans: PlanFact[],
  s: Pick<TurnState, "planWord" | "lineKind" | "dearest">,
): Chosen {
  const { planWord: word, lineKind: kind, dearest } = s;
  const pool = forNeed(plans, word, kind);
  if (kind || namesAKind(word)) return { plan: byPrice(pool, dearest), kind };
  const phones = pool.filter(isPhonePlan);
  return phones.length > 0
    ? { plan: byPrice(phones, dearest), kind: "voice" }
    : { plan: byPrice(pool, dearest), kind: undefined };
}

/** The noun each kind of line's plans go by in an answer. */
const KIND_NOUNS: Record<LineKind, string> = {
  voice: "phone",
  mobile_internet: "tablet",
  hotspot: "hotspot",
  fixed_wireless: "fixed wireless",
  wearable: "wearable",
};

/** The need in words, as answers say it: "unlimited phone", "unlimited tablet", "wearable", or "". */
function needWords(word: string | undefined, kind: LineKind | undefined): string {
  return [kind && namesAKind(word) ? undefined : word, kind && KIND_NOUNS[kind]]
    .filter(Boolean)
    .join(" ");
}

/** "cheapest unlimited phone plan", "most expensive plan": the plan chosen, as the answer names it. */
const pickedWords = (dearest: boolean | undefined, need: string) =>
  `${dearest ? "most expensive" : "cheapest"} ${need ? `${need} ` : ""}plan`;

/** The cheapest plan, or with `dearest` the most expensive. */
const byPrice = (plans: PlanFact[], dearest = false) =>
  plans.reduce<PlanFact | undefined>(
    (best, p) =>
      !best ||
      (dearest
        ? p.pricePerLineCents > best.pricePerLineCents
        : p.pricePerLineCents < best.pricePerLineCents)
        ? p
        : best,
    undefined,
  );

function dontKnow(what: string, signedIn: boolean): string {
  return `I don't know ${what} from our data. Here is what I can do:\n\n${whatICanDo(signedIn)}`;
}

/**
 * An answer before its calls are added; `asked` is the plan it was asked by name (priced, or
 * found at other carriers) and that plan's kind, which a follow-up means ("and on Verizon?").
 */
type Draft = {
  content: string;
  citations: Citation[];
  asked?: Pick<TurnState, "plan" | "lineKind">;
};

const askedFor = (p: PlanFact) => ({ plan: p.plan, lineKind: planKind(p.planType) });

/** Words that say what a plan is for, not which plan it is. */
const KIND_OF_PLAN = new Set([
  "business",
  "unlimited",
  "tablet",
  "hotspot",
  "data",
  "wearable",
  "watch",
  "smartwatch",
  "phone",
  "5g",
  "internet",
  "fixed",
  "wireless",
  "mobile",
]);
const onlyDescribes = (plan: string) =>
  nameWords(plan)
    .split(" ")
    .every((word) => KIND_OF_PLAN.has(word));

/** Words that are never part of a plan's name: asking, counting, linking and price words. */
const NOT_A_NAME = new Set(
  (
    "a an the of for on at in to from with and or per by vs versus s is are was would will be do " +
    "does can could should it its this that my our your me us we i you how much what whats which " +
    "price prices pricing priced cost costs quote total monthly month months year plan plans rate " +
    "rates line lines user users seat seats employee employees people staff location locations " +
    "cheapest cheaper cheap lowest least most expensive priciest dearest costliest costly highest " +
    "best top new current same other another one ones please now today again instead too also " +
    "then just only right here there each every all any if when so but like about around under " +
    "over than get give show tell need needs want have has offer offers charge charges pay go " +
    "service services coverage option options account customer client"
  ).split(" "),
);
/** What may come between a carrier and a plan name: "AT&T's new Elite", "Verizon's cheapest". */
const BEFORE_A_NAME = new Set(
  "s the a an new current cheapest most expensive priciest dearest".split(" "),
);
/** A word that says what a plan is for or holds, which a name may have but is no name alone. */
const describes = (word: string) =>
  KIND_OF_PLAN.has(word) ||
  PLAN_WORDS.some((w) => word === w || word === `${w}s`) ||
  KIND_SAID.test(word) ||
  /^\d+(?:gb|mbps)$/.test(word);

/**
 * A plan name the agent typed that is in none of the catalog's names: the words after a carrier
 * ("AT&T Business Unlimited Elite", "T-Mobile's Magenta MAX plan") with one no plan has and that
 * says no need, or after "of" when they read as a plan's ("10 lines of Business Unlimited Elite",
 * "of Magenta MAX on T-Mobile"). Words a need is said in ("AT&T unlimited", "Verizon's cheapest
 * tablet plan") are no name, so those still price the need.
 */
function unknownPlanName(plans: PlanFact[], message: string): string | undefined {
  const known = new Set(plans.flatMap((p) => nameWords(p.plan).split(" ")));
  // "§" stands for a carrier, where a name may start.
  const words = withoutCarriers(message, " § ")
    .split(/[^\p{L}\p{N}§]+/u)
    .filter(Boolean);
  const lower = words.map((w) => w.toLowerCase());
  for (const [i, word] of lower.entries()) {
    if (word !== "§" && word !== "of") continue;
    let start = i + 1;
    while (word === "§" && BEFORE_A_NAME.has(lower[start] ?? "")) start++;
    let end = start;
    while (end < lower.length && isNameWord(lower[end] ?? "")) end++;
    const run = lower.slice(start, end);
    if (!run.some((w) => !describes(w) && !known.has(w))) continue;
    const [next, after] = [lower[end], lower[end + 1]];
    const readsAsPlan =
      word === "§" ||
      run.some(describes) ||
      next === "plan" ||
      next === "plans" ||
      ((next === "on" || next === "at" || next === "with") && after === "§");
    if (readsAsPlan) return words.slice(start, end).join(" ");
  }
  return undefined;
}
const isNameWord = (word: string) => word !== "§" && !NOT_A_NAME.has(word) && !/^\d+$/.test(word);

/**
 * The plans the agent asked about and the name asked by: a catalog name in this message, else a
 * name typed that no plan has, else the plan of the turn before. A name that only says a kind of
 * plan ("Business Unlimited Tablet") names a plan of the carrier asked about; of another carrier,
 * or when none is asked about, it is a need ("an unlimited tablet").
 */
function plansAsked(
  plans: PlanFact[],
  message: string,
  carried: string | undefined,
  carrier: Carrier | undefined,
): { named: PlanFact[]; name: string | undefined } {
  const named = namedPlans(
    plans.filter((p) => p.carrier === carrier || !onlyDescribes(p.plan)),
    message,
  );
  if (named[0]) return { named, name: named[0].plan };
  const typed = unknownPlanName(plans, message);
  if (typed !== undefined || carried === undefined) return { named: [], name: typed };
  return { named: plans.filter((p) => nameWords(p.plan) === nameWords(carried)), name: carried };
}

const planLine = (p: PlanFact, lines: number) =>
  `- ${planLabel(p)}: ${money(p.pricePerLineCents)} per line (${money(p.pricePerLineCents * lines)} for ${lines})`;

/**
 * A plan asked for by name that the carrier does not have: said first, with the carriers that
 * have it and its price there, so the carrier's own plan after it is never taken for it.
 */
function noSuchPlan(
  carrier: Carrier | undefined,
  name: string,
  elsewhere: PlanFact[],
  lines: number,
): string[] {
  const owners = [...new Set(elsewhere.map((p) => CARRIER_LABELS[p.carrier]))];
  const whose =
    owners.length > 0 ? ` ${owners.join(" and ")} ${owners.length === 1 ? "has" : "have"} it:` : "";
  return [
    `${carrier ? `${CARRIER_LABELS[carrier]} has no` : "No carrier has a"} plan named ${name} in our rate plans.${whose}`,
    ...elsewhere.map((p) => planLine(p, lines)),
    "",
  ];
}

async function answerPrice(
  tools: AssistantTools,
  s: TurnState,
  calls: ToolCall[],
  message: string,
): Promise<Draft> {
  const carrier = s.carrier;
  calls.push({ tool: "ratePlans", input: {} });
  // Every carrier's plans, even when one is asked about: a plan name said may be another
  // carrier's, and then the answer says whose instead of pricing this carrier's cheapest.
  const all = await tools.ratePlans({});
  const lines = s.lines ?? 1;
  if (!carrier) {
    const { named, name } = plansAsked(all, message, s.plan, undefined);
    const [only] = named;
    // A name one carrier has is that carrier's plan; one several carriers share is compared.
    if (only && named.length === 1) {
      return pricedPlan(
        only,
        all.filter((p) => p.carrier === only.carrier),
        s,
      );
    }
    if (only || name === undefined) return compared(all, s, named);
    // A name no carrier has: said first, then each carrier's plan for the need, as such.
    const instead = compared(all, s, []);
    return {
      ...instead,
      content: [...noSuchPlan(undefined, name, [], lines), instead.content].join("\n"),
      asked: { plan: name, lineKind: s.lineKind },
    };
  }
  const plans = all.filter((p) => p.carrier === carrier);
  const { named, name: wanted } = plansAsked(all, message, s.plan, carrier);
  const own = named.find((p) => p.carrier === carrier);
  if (own) return pricedPlan(own, plans, s);
  // A plan asked for that this carrier lacks (another carrier's, or no carrier's): said, with
  // where it is, and then the carrier's nearest plan, of the named plan's kind and of the need's
  // word where the carrier has one.
  const kind = named[0] ? planKind(named[0].planType) : s.lineKind;
  const word = wanted && forNeed(plans, s.planWord, kind).length === 0 ? undefined : s.planWord;
  const noSuch = wanted ? noSuchPlan(carrier, wanted, named, lines) : [];
  // Still the plan asked for: "and on Verizon?" prices it where it is.
  const asked = wanted ? { asked: { plan: wanted, lineKind: kind } } : {};
  const chosen = pickFor(plans, { planWord: word, lineKind: kind, dearest: s.dearest });
  const need = needWords(word, chosen.kind);
  const plan = chosen.plan;
  if (!plan) {
    return {
      ...asked,
      content: [
        ...noSuch,
        `I couldn't find a ${need ? `"${need}" ` : ""}plan for ${CARRIER_LABELS[carrier]} in our rate plans, so I can't price it. See ${SCREENS.plans} for every plan we carry.`,
      ].join("\n"),
      citations: [],
    };
  }
  const phonePlan = isPhonePlan(plan);
  const others = forNeed(plans, word, kind).filter(
    (p) => p.id !== plan.id && (!phonePlan || isPhonePlan(p)),
  );
  return {
    ...priceAnswer(
      plan,
      [
        ...noSuch,
        `${wanted ? `What ${CARRIER_LABELS[carrier]} has instead: ` : ""}**${planLabel(plan)}** (${plan.planType}) is ${CARRIER_LABELS[carrier]}'s ${pickedWords(s.dearest, need)} at **${money(plan.pricePerLineCents)} per line** a month.`,
      ],
      "Other matching plans:",
      others,
      lines,
    ),
    ...asked,
  };
}

/** The price of the plan the agent named, with the carrier's other plans of its type beside it. */
function pricedPlan(plan: PlanFact, carrierPlans: PlanFact[], s: TurnState): Draft {
  const others = carrierPlans
    .filter((p) => p.id !== plan.id && p.planType === plan.planType)
    .sort((a, b) => a.pricePerLineCents - b.pricePerLineCents);
  return {
    ...priceAnswer(
      plan,
      [
        `**${planLabel(plan)}** (${plan.planType}) is **${money(plan.pricePerLineCents)} per line** a month.`,
      ],
      `Other ${CARRIER_LABELS[plan.carrier]} ${plan.planType} plans:`,
      others,
      s.lines ?? 1,
    ),
    asked: askedFor(plan),
  };
}

function priceAnswer(
  plan: PlanFact,
  headline: string[],
  othersTitle: string,
  others: PlanFact[],
  lines: number,
): Draft {
  const shown = others.slice(0, 3);
  const content = [
    ...headline,
    "",
    `For **${lines} line${lines === 1 ? "" : "s"}**: ${lines} × ${money(plan.pricePerLineCents)} = **${money(plan.pricePerLineCents * lines)} a month** before taxes, fees, devices and promotions.`,
    ...(shown.length > 0 ? ["", othersTitle, ...shown.map((p) => planLine(p, lines))] : []),
    "",
    `Source: rate plan ${planLabel(plan)}, ${SCREENS.plans}. For a full quote with devices and promotions, use the ${SCREENS.quotes}.`,
  ].join("\n");
  return { content, citations: [{ label: planLabel(plan), href: "/dashboard/plans" }] };
}

async function answerPlans(tools: AssistantTools, s: TurnState, calls: ToolCall[]): Promise<Draft> {
  const input = s.carrier ? { carrier: s.carrier } : {};
  calls.push({ tool: "ratePlans", input });
  const plans = forNeed(await tools.ratePlans(input), s.planWord, s.lineKind);
  const need = needWords(s.planWord, s.lineKind);
  if (plans.length === 0) {
    return {
      content: `I found no ${need ? `"${need}" ` : ""}rate plans${s.carrier ? ` for ${CARRIER_LABELS[s.carrier]}` : ""} in our data. See ${SCREENS.plans} for every plan we carry.`,
      citations: [],
    };
  }
  const sorted = [...plans].sort((a, b) => a.pricePerLineCents - b.pricePerLineCents).slice(0, 8);
  const content = [
    `${s.carrier ? `${CARRIER_LABELS[s.carrier]} ` : ""}${need ? `${need} ` : ""}rate plans, cheapest first (${plans.length} in all):`,
    "",
    "| Plan | Type | Per line | Hotspot |",
    "|---|---|---|---|",
    ...sorted.map(
      (p) =>
        `| ${planLabel(p)} | ${p.planType} | ${money(p.pricePerLineCents)} | ${p.hotspot ?? "-"} |`,
    ),
    "",
    `Source: ${SCREENS.plans}.`,
  ].join("\n");
  return {
    content,
    citations: sorted.map((p) => ({ label: planLabel(p), href: "/dashboard/plans" })),
  };
}

async function answerCompare(
  tools: AssistantTools,
  s: TurnState,
  calls: ToolCall[],
): Promise<Draft> {
  calls.push({ tool: "ratePlans", input: {} });
  return compared(await tools.ratePlans({}), s, []);
}

/**
 * Each carrier's cheapest (or most expensive) plan for the need, or each carrier's plan of the
 * name asked about.
 */
function compared(plans: PlanFact[], s: TurnState, named: PlanFact[]): Draft {
  const carriers =
    named.length > 0
      ? named.map((p) => p.carrier)
      : s.carriers && s.carriers.length > 1
        ? s.carriers
        : [...CARRIERS];
  const lines = s.lines ?? 1;
  const picks =
    named.length > 0
      ? named.map((plan) => ({ plan, kind: planKind(plan.planType) }))
      : carriers.map((c) =>
          pickFor(
            plans.filter((p) => p.carrier === c),
            s,
          ),
        );
  const best = picks.flatMap((pick) => (pick.plan ? [pick.plan] : []));
  if (best.length === 0) {
    const need = needWords(s.planWord, s.lineKind);
    return {
      content: `None of ${carriers.map((c) => CARRIER_LABELS[c]).join(", ")} has a ${need ? `"${need}" ` : ""}plan in our rate plans. See ${SCREENS.plans}.`,
      citations: [],
    };
  }
  // The pool the plans were chosen from, named as one where they all come from one kind.
  const kinds = new Set(picks.flatMap((pick) => (pick.plan ? [pick.kind] : [])));
  const [kind] = kinds.size === 1 ? [...kinds] : [s.lineKind];
  const picked = pickedWords(s.dearest, needWords(s.planWord, kind));
  const dearest = named.length === 0 && s.dearest;
  best.sort((a, b) =>
    dearest ? b.pricePerLineCents - a.pricePerLineCents : a.pricePerLineCents - b.pricePerLineCents,
  );
  const winner = best[0] as PlanFact;
  const missing = carriers.filter((c) => !best.some((p) => p.carrier === c));
  const content = [
    `${named.length > 0 ? `${winner.plan} by carrier` : `${picked[0]?.toUpperCase()}${picked.slice(1)} per carrier`}${lines > 1 ? ` for ${lines} lines` : ""}:`,
    "",
    `| Carrier | Plan | Per line | ${lines > 1 ? `${lines} lines a month` : "A month"} |`,
    "|---|---|---|---|",
    ...best.map(
      (p) =>
        `| ${CARRIER_LABELS[p.carrier]} | ${p.plan} (${p.planType}) | ${money(p.pricePerLineCents)} | ${money(p.pricePerLineCents * lines)} |`,
    ),
    "",
    `**${planLabel(winner)}** is the ${dearest ? "highest" : "lowest"} at ${money(winner.pricePerLineCents)} per line.`,
    ...(missing.length > 0
      ? [`No matching plan for ${missing.map((c) => CARRIER_LABELS[c]).join(", ")} in our data.`]
      : []),
    "",
    `Source: ${SCREENS.plans}.`,
  ].join("\n");
  return {
    content,
    citations: best.map((p) => ({ label: planLabel(p), href: "/dashboard/plans" })),
    ...(named.length > 0 ? { asked: askedFor(winner) } : {}),
  };
}

async function answerDevices(
  tools: AssistantTools,
  s: TurnState,
  calls: ToolCall[],
): Promise<Draft> {
  const input = {
    ...(s.carrier ? { carrier: s.carrier } : {}),
    ...(s.deviceType ? { type: s.deviceType } : {}),
    ...(s.tech ? { tech: s.tech } : {}),
    ...(s.brand ? { q: s.brand } : {}),
  };
  calls.push({ tool: "devices", input });
  const found = await tools.devices(input);
  const what = [
    s.tech,
    s.brand && s.brand[0]?.toUpperCase() + s.brand.slice(1),
    s.deviceType ? `${s.deviceType.toLowerCase()}s` : "devices",
  ]
    .filter(Boolean)
    .join(" ");
  const where = s.carrier ? ` on ${CARRIER_LABELS[s.carrier]}` : "";
  if (found.devices.length === 0) {
    return {
      content: `I found no certified ${what}${where} in our directory. Try a broader search in ${SCREENS.devices}.`,
      citations: [],
    };
  }
  const count = found.capped
    ? `${found.total.toLocaleString("en-US")}+`
    : found.total.toLocaleString("en-US");
  const content = [
    `${count} certified ${what}${where}. The first ${found.devices.length}:`,
    "",
    "| Carrier | Manufacturer | Model | Type | Network | 5G bands |",
    "|---|---|---|---|---|---|",
    ...found.devices.map(
      (d) =>
        `| ${CARRIER_LABELS[d.carrier]} | ${d.manufacturer} | ${d.model} | ${d.deviceType} | ${d.network || "-"} | ${d.fiveGBands || "-"} |`,
    ),
    "",
    `Source: ${SCREENS.devices}.`,
  ].join("\n");
  return {
    content,
    citations: found.devices.map((d) => ({
      label: deviceName(d),
      href: "/dashboard/devices",
    })),
  };
}

/** What a list answer is narrowed to, in words: "AT&T phone", "Verizon", "playbook", or "". */
function scopeWords(carrier: Carrier | undefined, kind: string | undefined): string {
  return [carrier && CARRIER_LABELS[carrier], kind?.toLowerCase()].filter(Boolean).join(" ");
}

async function answerPromotions(
  tools: AssistantTools,
  s: TurnState,
  calls: ToolCall[],
): Promise<Draft> {
  const input = {
    ...(s.carrier ? { carrier: s.carrier } : {}),
    ...(s.category ? { device: s.category } : {}),
  };
  calls.push({ tool: "promotions", input });
  const promos = await tools.promotions(input);
  const scope = scopeWords(s.carrier, s.category && DEVICE_CATEGORY_LABELS[s.category]);
  if (promos.length === 0) {
    return {
      content: `There are no current ${scope ? `${scope} ` : ""}promotions in our data. See ${SCREENS.promos}.`,
      citations: [],
    };
  }
  const content = [
    `Current ${scope ? `${scope} ` : ""}promotions:`,
    "",
    ...promos.flatMap((p) => [
      `- **${p.title}** (${CARRIER_LABELS[p.carrier]}, ${DEVICE_CATEGORY_LABELS[p.deviceType]}): ${p.value}, ends ${formatIsoDate(p.endsOn)}.`,
      ...(p.requirements.length > 0 ? [`  Requires: ${p.requirements.join("; ")}.`] : []),
    ]),
    "",
    `Source: ${SCREENS.promos}.`,
  ].join("\n");
  return { content, citations: promos.map((p) => ({ label: p.title, href: "/dashboard/promos" })) };
}

async function answerResources(
  tools: AssistantTools,
  s: TurnState,
  calls: ToolCall[],
  signedIn: boolean,
): Promise<Draft> {
  const input = {
    ...(s.carrier ? { carrier: s.carrier } : {}),
    ...(s.resourceType ? { type: s.resourceType } : {}),
  };
  calls.push({ tool: "resources", input });
  const rows = await tools.resources(input);
  const scope = scopeWords(s.carrier, s.resourceType && RESOURCE_TYPE_LABELS[s.resourceType]);
  if (rows.length === 0) {
    return {
      content: `I found no ${scope ? `${scope} ` : ""}sales resources. See ${SCREENS.resources}.`,
      citations: [],
    };
  }
  const content = [
    `Sales resources${scope ? ` (${scope})` : ""}:`,
    "",
    ...rows.map((r) =>
      signedIn
        ? `- [${r.title}](${r.href}) (${r.fileType}, ${CARRIER_LABELS[r.carrier]}, ${RESOURCE_TYPE_LABELS[r.type]})`
        : `- ${r.title} (${r.fileType}, ${CARRIER_LABELS[r.carrier]}, ${RESOURCE_TYPE_LABELS[r.type]})`,
    ),
    "",
    signedIn ? `Source: ${SCREENS.resources}.` : "Sign in to the portal to download the files.",
  ].join("\n");
  return {
    content,
    citations: rows.map((r) => ({ label: r.title, href: signedIn ? r.href : undefined })),
  };
}

async function answerCompany(
  tools: AssistantTools,
  s: TurnState,
  calls: ToolCall[],
): Promise<Draft> {
  const company = tools.company;
  if (!company) return { content: COMPANY_ONLY, citations: [] };
  if (s.intent === "pipeline") {
    calls.push({ tool: "pipeline", input: {} });
    const { columns } = await company.pipeline();
    const open = columns.filter((c) => c.status !== "closed_won");
    const won = columns.find((c) => c.status === "closed_won");
    const openValue = open.reduce((sum, c) => sum + c.valueCents, 0);
    const openCount = open.reduce((sum, c) => sum + c.count, 0);
    const content = [
      "Your company's pipeline by stage:",
      "",
      "| Stage | Deals | Value | MRR |",
      "|---|---|---|---|",
      ...BOARD_STATUSES.map((status) => {
        const c = columns.find((col) => col.status === status);
        return `| ${DEAL_STATUS_LABELS[status]} | ${c?.count ?? 0} | ${money(c?.valueCents ?? 0)} | ${money(c?.monthlyRevenueCents ?? 0)} |`;
      }),
      "",
      `Open: **${openCount} deals worth ${money(openValue)}**. Won MRR: **${money(won?.monthlyRevenueCents ?? 0)}**.`,
      "",
      `Source: ${SCREENS.deals}.`,
    ].join("\n");
    return { content, citations: [{ label: "Deals board", href: "/dashboard/deals" }] };
  }
  if (s.intent === "renewals") {
    calls.push({ tool: "renewals", input: {} });
    const rows = await company.renewals();
    if (rows.length === 0) {
      return {
        content: `No won contracts end in the next 120 days. See ${SCREENS.deals}.`,
        citations: [],
      };
    }
    const content = [
      "Renewals due in the next 120 days:",
      "",
      ...rows.map(
        (r) =>
          `- **${r.title}** (${r.customerCompany}): ${money(r.monthlyRevenueCents)} a month, contract ends ${formatIsoDate(r.contractEnd)}`,
      ),
      "",
      `Source: ${SCREENS.deals}.`,
    ].join("\n");
    return { content, citations: rows.map((r) => ({ label: r.title, href: "/dashboard/deals" })) };
  }
  if (s.intent === "customer_deals") {
    const customer = s.customer ?? "";
    calls.push({ tool: "customerDeals", input: { customer } });
    const rows = await company.customerDeals({ customer });
    if (rows.length === 0) {
      return {
        content: `I found no deals for "${customer}" in your company's deals. Check the name, or see ${SCREENS.deals}.`,
        citations: [],
      };
    }
    const content = [
      `Deals matching "${customer}":`,
      "",
      ...rows.map(
        (d) =>
          `- [${d.title}](/dashboard/deals/${d.id}) (${d.customerCompany}): ${DEAL_STATUS_LABELS[d.status]}`,
      ),
    ].join("\n");
    return {
      content,
      citations: rows.map((d) => ({ label: d.title, href: `/dashboard/deals/${d.id}` })),
    };
  }
  const description = s.description ?? "";
  calls.push({ tool: "draftQuote", input: { description } });
  const quote = await company.draftQuote({ description });
  if (quote.options.length === 0) {
    return {
      content: `I couldn't price that description with our catalog. Try the ${SCREENS.quotes} with more detail (lines, devices, carrier).`,
      citations: [],
    };
  }
  const content = [
    `A draft quote for **${quote.lines} line${quote.lines === 1 ? "" : "s"}** over ${quote.termMonths} months, priced by the quote engine:`,
    "",
    "| Option | Plans | Monthly | One-time |",
    "|---|---|---|---|",
    ...quote.options.map(
      (o) =>
        `| ${o.label}${o.recommended ? " (recommended)" : ""}${o.meetsAllNeeds ? "" : " *(misses a need)*"} | ${o.plans.join(", ") || "-"} | ${money(o.monthlyCents)} | ${money(o.oneTimeCents)} |`,
    ),
    ...(quote.assumptions.length > 0
      ? ["", "Assumptions:", ...quote.assumptions.slice(0, 5).map((a) => `- ${a}`)]
      : []),
    "",
    `[Open this quote in the Quote Generator](${draftLink(description)}) to save it for a customer and send the proposal.`,
  ].join("\n");
  return { content, citations: [{ label: "Quote Generator", href: draftLink(description) }] };
}

function greetingOrHelp(message: string, signedIn: boolean): string | null {
  if (
    /^\s*(hi|hello|hey|good (morning|afternoon|evening)|thanks|thank you)\b[\s!.]*$/i.test(message)
  )
    return `Hello! Here is what I can do:\n\n${whatICanDo(signedIn)}`;
  if (/\b(help|what can you do|what do you know)\b/i.test(message))
    return `Here is what I can do:\n\n${whatICanDo(signedIn)}`;
  return null;
}

/** The built-in engine's answer to one message, given what the previous turn understood. */
export async function builtInAnswer(
  tools: AssistantTools,
  message: string,
  previous: TurnState | null,
): Promise<EngineAnswer> {
  const signedIn = tools.company !== null;
  const greeting = greetingOrHelp(message, signedIn);
  const state = greeting ? null : understand(message, previous);
  if (state === null) {
    return {
      content: greeting ?? dontKnow("the answer to that", signedIn),
      calls: [],
      citations: [],
      state: null,
    };
  }
  const calls: ToolCall[] = [];
  const { asked, ...draft } =
    state.intent === "price"
      ? await answerPrice(tools, state, calls, message)
      : state.intent === "plans"
        ? await answerPlans(tools, state, calls)
        : state.intent === "compare"
          ? await answerCompare(tools, state, calls)
          : state.intent === "devices"
            ? await answerDevices(tools, state, calls)
            : state.intent === "promotions"
              ? await answerPromotions(tools, state, calls)
              : state.intent === "resources"
                ? await answerResources(tools, state, calls, tools.company !== null)
                : await answerCompany(tools, state, calls);
  // A count no quote can take is said so, not priced as one line. The answer is still worked out
  // so the plan asked about is kept: "make it 10 lines" then prices it.
  const refused = PRICED.includes(state.intent) ? unquotableCount(message) : undefined;
  return {
    ...(refused === undefined ? draft : { content: refused, citations: [] }),
    calls,
    state: asked === undefined ? state : { ...state, ...asked },
  };
}
