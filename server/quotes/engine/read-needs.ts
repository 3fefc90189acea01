import { CARRIER_LABELS, CARRIERS, type Carrier, type LineKind } from "#app/lib/domain.ts";
import {
  DEFAULT_QUOTE_TERM_MONTHS,
  type DeviceWant,
  type LineCounts,
  MAX_QUOTE_ASSUMPTIONS,
  MAX_QUOTE_DEVICES,
  MAX_QUOTE_LINES,
  MAX_QUOTE_TERM_MONTHS,
  type QuoteNeeds,
  type VideoQuality,
} from "#app/lib/schemas/quote.ts";
import { digitsForWords } from "./numbers.ts";

/**
 * The agent's cue after an assumption, for the quote screen: how to ask for something else. A
 * proposal leaves it out (`customerAssumption`), since the customer does not type descriptions.
 */
export const AGENT_HINT_INSTALLMENTS = ' (say "buy outright" for full price)';

/** An assumption as the customer reads it: without the agent's cue. */
export function customerAssumption(assumption: string): string {
  return assumption.endsWith(AGENT_HINT_INSTALLMENTS)
    ? assumption.slice(0, -AGENT_HINT_INSTALLMENTS.length)
    : assumption;
}

// The built-in reader (decision 0019): plain words to needs, by patterns, offline and
// deterministic. It never throws: whatever it cannot read it leaves out, and whatever it assumes
// it says in `assumptions`. A model-backed reader returns the same needs (server/quotes/generate.ts).

/** Longer text is read only up to here (the API refuses more than 5,000 characters anyway). */
const READ_LIMIT = 20_000;
/** The largest budget the needs schema admits. */
const MAX_BUDGET_CENTS = 1_000_000_000;

const KIND_WORDS: Record<LineKind, string> = {
  voice: "voice lines",
  mobile_internet: "mobile internet lines",
  hotspot: "hotspots",
  fixed_wireless: "fixed wireless lines",
  wearable: "wearables",
};

/** What a noun counts: a kind of line, people (one line each unless said otherwise), or sites. */
type Noun = LineKind | "people" | "sites" | "generic";

// One noun a line; plural forms included. Longer phrases first, so "mobile hotspot" wins over "mobile".
const NOUNS: readonly (readonly [RegExp, Noun])[] = [
  [/^(?:fixed[- ]?wireless|fwa)$/, "fixed_wireless"],
  [/^(?:hot ?spots?|mifis?|jetpacks?|hotspot)$/, "hotspot"],
  [
    /^(?:tablets?|ipads?|laptops?|notebooks?|chromebooks?|data[- ]?only|modems?)$/,
    "mobile_internet",
  ],
  [/^(?:smart ?watch(?:es)?|watch(?:es)?|wearables?)$/, "wearable"],
  [
    /^(?:phones?|smartphones?|cellphones?|handsets?|mobiles?|iphones?|androids?|flip ?phones?|voice)$/,
    "voice",
  ],
  [
    /^(?:users?|employees?|staff(?:ers)?|people|persons?|workers?|techs?|technicians?|drivers?|reps?|agents?|nurses?|doctors?|salespeople|members?|associates?|contractors?|inspectors?|engineers?|managers?|crews?|guards?|students?|teachers?|person)$/,
    "people",
  ],
  [/^(?:locations?|sites?|offices?|stores?|branch(?:es)?|shops?|clinics?|warehouses?)$/, "sites"],
  [/^(?:lines?|devices?|numbers?|connections?|subscribers?|units?)$/, "generic"],
];

/** People nouns that name a group: with "a" before them they give no headcount. */
const GROUP_OF_PEOPLE = /^(?:crews?|staff)$/;

function nounOf(word: string): Noun | null {
  for (const [re, noun] of NOUNS) if (re.test(word)) return noun;
  return null;
}

/** Words that end a count's phrase: what follows them belongs to something else. */
const STOP_WORDS = new Set([
  "and",
  "or",
  "plus",
  "but",
  "with",
  "to",
  "in",
  "at",
  "on",
  "per",
  "each",
  "by",
  "from",
  "than",
  "under",
  "over",
  "about",
]);

type Mention = { noun: Noun; count: number | null; each: boolean; index: number };

type Reading = {
  text: string;
  assumptions: string[];
};

/** Replaces every match with spaces (so later patterns cannot read it again), calling `found` first. */
function take(reading: Reading, re: RegExp, found: (m: RegExpExecArray) => boolean | undefined) {
  const global = new RegExp(re.source, re.flags.includes("g") ? re.flags : `${re.flags}g`);
  const spans: [number, number][] = [];
  for (let m = global.exec(reading.text); m !== null; m = global.exec(reading.text)) {
    if (m[0] === "") {
      global.lastIndex++;
      continue;
    }
    if (found(m) !== false) spans.push([m.index, m.index + m[0].length]);
  }
  if (spans.length === 0) return;
  let out = "";
  let at = 0;
  for (const [from, to] of spans) {
    out += reading.text.slice(at, from) + " ".repeat(to - from);
    at = to;
  }
  reading.text = out + reading.text.slice(at);
}

function normalize(description: string): string {
  return (
    description
      .slice(0, READ_LIMIT)
      .normalize("NFKC")
      .toLowerCase()
      .replace(/[\u2018\u2019\u02bc]/g, "'")
      .replace(/[\u201c\u201d]/g, '"')
      .replace(/[\u2013\u2014]/g, "-")
      // Carriers, spelled one way: "at&t", "at & t", "at and t"; "t-mobile", "t mobile", "tmo"; "vzw".
      .replace(/\bat\s*(?:&|and)\s*t\b/g, " att ")
      .replace(/\bt[\s-]?mobile\b|\btmo\b/g, " tmobile ")
      .replace(/\bvzw\b/g, " verizon ")
      // Anything that is not a letter, digit or the punctuation the patterns read becomes a space.
      .replace(/[^\p{L}\p{N}$&%+.,:;!?'"()/\s-]/gu, " ")
      .replace(/[ \t]+/g, " ")
  );
}

function money(amount: string): number {
  return Math.round(Number(amount) * 100);
}

function dollars(cents: number): string {
  return `$${(cents / 100).toLocaleString("en-US", { minimumFractionDigits: 0, maximumFractionDigits: 2 })}`;
}

type Budget = QuoteNeeds["budget"];

function readBudget(reading: Reading): Budget {
  const budget: Budget = { perLineCents: null, monthlyTotalCents: null };
  // An amount with what it is per ("a line", "/mo", "per month per user"), read and blanked together.
  const MONEY =
    /(?:\$\s?(\d+(?:\.\d{1,2})?)|\b(\d+(?:\.\d{1,2})?)\s?(?:dollars|usd|bucks)\b)((?:\s?(?:\/|per|a|an|each|for each|every)\s?(?:line|user|phone|person|employee|device|head|seat|month|mo)\b)*)/g;
  take(reading, MONEY, (m) => {
    const cents = money(m[1] ?? m[2] ?? "0");
    if (!Number.isSafeInteger(cents) || cents > MAX_BUDGET_CENTS) {
      reading.assumptions.push(
        `"${m[0].trim()}" is more than a quote can price: not read as a budget`,
      );
      return true;
    }
    const before = reading.text.slice(Math.max(0, m.index - 40), m.index);
    const after =
      (m[3] ?? "") + reading.text.slice(m.index + m[0].length, m.index + m[0].length + 40);
    const perLine =
      /^\s*(?:\/|per|a|an|each|for each|every)\s*(?:line|user|phone|person|employee|device|head|seat)/.test(
        after,
      ) ||
      /^\s*(?:\/\s*mo(?:nth)?|a month|per month|monthly)\s*(?:\/|per|a|for each|each)\s*(?:line|user|phone)/.test(
        after,
      ) ||
      /^\s*each\b/.test(after) ||
      /per[- ]line|a line|each line|per user|per phone/.test(before);
    const total =
      /^\s*(?:\/\s*mo(?:nth)?|a month|per month|monthly|total|in total|all in|overall|for everything)/.test(
        after,
      ) || /total|monthly budget|all in|overall/.test(before);
    const current =
      /\b(?:pay|paying|paid|spend|spending|spent|currently|bill is|bill of|costs? us|charged)\b[^.;!?]*$/.test(
        before,
      );
    if (current && !/budget|under|below|less than|max|up to|no more than/.test(before)) {
      reading.assumptions.push(`"${m[0].trim()}" read as what they pay today, not as a budget`);
      return true;
    }
    if (perLine) {
      budget.perLineCents ??= cents;
    } else if (total) {
      budget.monthlyTotalCents ??= cents;
    } else if (cents <= 15_000) {
      if (budget.perLineCents === null) {
        budget.perLineCents = cents;
        reading.assumptions.push(`${dollars(cents)} read as a budget per line per month`);
      }
    } else if (budget.monthlyTotalCents === null) {
      budget.monthlyTotalCents = cents;
      reading.assumptions.push(`${dollars(cents)} read as a monthly budget for everything`);
    }
    return true;
  });
  return budget;
}

function readTerm(reading: Reading): number | null {
  let term: number | null = null;
  take(reading, /\b(\d+)\s?-?\s?(months?|mos?|years?|yrs?)\b/g, (m) => {
    const n = Number(m[1]);
    const months = /^y/.test(m[2] ?? "") ? n * 12 : n;
    if (months < 1) return true;
    if (term === null) {
      if (months > MAX_QUOTE_TERM_MONTHS) {
        reading.assumptions.push(
          `a ${months}-month term is longer than quotes run: priced over ${MAX_QUOTE_TERM_MONTHS} months`,
        );
      }
      term = Math.min(months, MAX_QUOTE_TERM_MONTHS);
    }
    return true;
  });
  return term;
}

type DataNeed = number | "unlimited" | null;

function readData(reading: Reading): { hotspotGb: DataNeed; premiumDataGb: DataNeed } {
  let hotspotGb: DataNeed = null;
  let premiumDataGb: DataNeed = null;
  const more = (had: DataNeed, gb: DataNeed): DataNeed =>
    had === "unlimited" || gb === "unlimited" ? "unlimited" : Math.max(had ?? 0, gb ?? 0);
  const amount = (n: string | undefined, unit: string | undefined): DataNeed =>
    n === undefined ? "unlimited" : Number(n) * (unit === "tb" ? 1000 : 1);
  const assign = (what: string, gb: DataNeed) => {
    if (/hot ?spot|tether/.test(what)) hotspotGb = more(hotspotGb, gb);
    else premiumDataGb = more(premiumDataGb, gb);
  };
  const GB = String.raw`(?:(\d+(?:\.\d+)?)\s?(gb|gigs?|gigabytes?|tb)\b|unlimited\b)`;
  const WHAT = "(hot ?spot|tethering|premium|priority|prioriti[sz]ed)";
  // "50 GB of hotspot", "unlimited premium data"
  take(
    reading,
    new RegExp(
      String.raw`\b${GB}\s(?:of\s)?(?:high[- ]speed\s)?(?:mobile\s)?${WHAT}(?:\s(?:data|allowance|access))?\b`,
      "g",
    ),
    (m) => {
      assign(m[3] ?? "", amount(m[1], m[2]));
      return true;
    },
  );
  // "hotspot of 50 GB", "priority data: 100GB"
  take(
    reading,
    new RegExp(
      String.raw`\b${WHAT}(?:\s(?:data|allowance|access))?[\s:]+(?:of\s)?(?:at least\s)?${GB}`,
      "g",
    ),
    (m) => {
      assign(m[1] ?? "", amount(m[2], m[3]));
      return true;
    },
  );
  // Any other amount of data is not a need the catalog prices; blank it so it is not a count.
  take(reading, /\b\d+(?:\.\d+)?\s?(?:gb|gigs?|gigabytes?|tb|mbps|gbps)\b/g, () => true);
  return { hotspotGb, premiumDataGb };
}

function readPortIn(reading: Reading): { count: number | null; all: boolean } {
  let count: number | null = null;
  let all = false;
  take(
    reading,
    /\bport(?:ing|ed)?\s(?:in\s|over\s)?(\d+)\b|\b(\d+)\s(?:existing\s|current\s)?(?:numbers?|lines?)\s(?:to\s)?(?:port|be ported|ported|transfer(?:red)?)\b|\b(\d+)\s(?:ported|port-?ins?)\b/g,
    (m) => {
      count = (count ?? 0) + Number(m[1] ?? m[2] ?? m[3] ?? 0);
      return true;
    },
  );
  take(
    reading,
    /\b(?:keep|keeping|port|porting|bring|bringing|transfer|transferring|retain)\s(?:over\s|in\s)?(?:all\s)?(?:of\s)?(?:our|their|the|existing|current|my)\s(?:existing\s|current\s|phone\s|business\s|mobile\s|cell\s)*numbers?\b|\bnumber port(?:ing|s)?\b|\bport[- ]ins?\b/g,
    () => {
      all = true;
      return true;
    },
  );
  return { count, all };
}

type DeviceMention = { kind: LineKind; model: string; count: number | null; index: number };

const BRAND_WORDS: Record<string, string> = {
  iphone: "iPhone",
  ipad: "iPad",
  mifi: "MiFi",
  se: "SE",
  fe: "FE",
  xl: "XL",
  lte: "LTE",
  "5g": "5G",
  razr: "razr",
  moto: "moto",
};

function prettyModel(raw: string): string {
  return raw
    .trim()
    .split(/\s+/)
    .map((w) => {
      const singular = w.replace(
        /^(iphone|ipad|pixel|galaxy|razr|surface|mifi|pro|max|watch)(?:e?s)$/,
        "$1",
      );
      if (BRAND_WORDS[singular]) return BRAND_WORDS[singular];
      if (/^[a-z]\d/.test(singular)) return singular.toUpperCase();
      return singular.charAt(0).toUpperCase() + singular.slice(1);
    })
    .join(" ");
}

const DEVICE_PATTERNS: readonly (readonly [RegExp, LineKind])[] = [
  [/\bapple\s+watch(?:es)?(?:\s+(?:series\s+\d+|ultra(?:\s+\d)?|se))?\b/g, "wearable"],
  [/\b(?:samsung\s+)?galaxy\s+watch(?:es)?\d*(?:\s+(?:ultra|lte|classic))*\b/g, "wearable"],
  [/\b(?:google\s+)?pixel\s+watch(?:es)?(?:\s+\d)?\b/g, "wearable"],
  [/\b(?:apple\s+)?iphones?(?:\s+(?:\d{1,2}e?|pro(?:s)?|max(?:es)?|plus|mini|se))*\b/g, "voice"],
  [
    /\b(?:apple\s+)?ipads?(?:\s+(?:pro(?:s)?|airs?|mini|\d{1,2}(?:th|rd|nd)?(?:\s+gen(?:eration)?)?|a16|m[34]|1[13]-inch))*\b/g,
    "mobile_internet",
  ],
  [
    /\b(?:samsung\s+)?galaxy\s+tabs?(?:\s+(?:s\d+\+?|a\d+\+?|fe|active\s?\d*|5g|ultra|plus))*\b/g,
    "mobile_internet",
  ],
  [
    /\b(?:samsung\s+)?galaxy(?:\s+(?:s\d{1,2}\+?|a\d{1,2}|z\s?fold\s?\d*|z\s?flip\s?\d*|xcover\s?\d*(?:\s+pro)?|ultra|plus|edge|fe|5g))+(?:s\b)?/g,
    "voice",
  ],
  [/\b(?:samsung\s+)?galaxys?\b/g, "voice"],
  [/\b(?:google\s+)?pixels?(?:\s+(?:\d{1,2}a?|pro|xl|fold))*\b/g, "voice"],
  [/\b(?:motorola\s+)?(?:razr\+?|moto\s+g)(?:\s+(?:\d{4}|5g|stylus|plus))*\b/g, "voice"],
  [/\bsurface(?:\s+(?:pro|go|laptop|\d{1,2}))*\b/g, "mobile_internet"],
  [/\bthinkpads?(?:\s+[a-z]\d+\w*)*\b/g, "mobile_internet"],
  [/\bmifis?(?:\s+(?:x\s+pro|m\d{4}|5g))*\b/g, "hotspot"],
  [/\bnighthawk(?:\s+m\d)?\b/g, "hotspot"],
];

function readDevices(reading: Reading): DeviceMention[] {
  const found: DeviceMention[] = [];
  for (const [re, kind] of DEVICE_PATTERNS) {
    take(reading, re, (m) => {
      const before = reading.text.slice(Math.max(0, m.index - 40), m.index);
      const after = reading.text.slice(m.index + m[0].length, m.index + m[0].length + 12);
      const lead =
        /(?:^|\s)(\d+)\s?(?:x\s)?(?:(?:new|brand-new|more|additional|extra|unlocked|apple|samsung|google|latest)\s){0,3}$/.exec(
          before,
        ) ?? /(?:^|\s)(an?|one)\s(?:(?:new|brand-new|extra|unlocked)\s)?$/.exec(before);
      const trail = /^\s?(?:x\s?(\d+)|\((\d+)\))/.exec(after);
      let count: number | null = null;
      if (lead) count = /^\d+$/.test(lead[1] ?? "") ? Number(lead[1]) : 1;
      else if (trail) count = Number(trail[1] ?? trail[2]);
      found.push({ kind, model: prettyModel(m[0]), count, index: m.index });
      // The count is read with the device: blank it too, so the line counts do not take it again.
      if (lead) {
        const from = m.index - (before.length - lead.index);
        reading.text =
          reading.text.slice(0, from) + " ".repeat(m.index - from) + reading.text.slice(m.index);
      }
      if (trail) {
        const from = m.index + m[0].length;
        const to = from + trail[0].length;
        reading.text = reading.text.slice(0, from) + " ".repeat(to - from) + reading.text.slice(to);
      }
      return true;
    });
  }
  return found.sort((a, b) => a.index - b.index);
}

type CarrierReading = { preferred: Carrier[]; excluded: Carrier[]; current: Carrier[] };

function readCarriers(reading: Reading): CarrierReading {
  const out: CarrierReading = { preferred: [], excluded: [], current: [] };
  const add = (list: Carrier[], c: Carrier) => {
    if (!list.includes(c)) list.push(c);
  };
  const NEGATION =
    /(?:\bnot|\bno|\bnever|\bexcept|\bexcluding|\bexclude|\bwithout|\bavoid|\bother than|\banything but|\bbut not|\brather than|\binstead of|\bleaving|\bleave|\baway from|\bswitch(?:ing)? from|\bmov(?:e|ing) (?:away )?from|\bget(?:ting)? off|\boff of|\bfed up with|\bdone with|\bunhappy with|\bhate|\bdon'?t want|\bdo not want|\bdon'?t like|\bnothing from|\bnothing on)(?:\s+(?:on|with|using|use|to use|going with|want|the|any))?(?:[\s,]+(?:att|verizon|tmobile|and|or|nor))*[\s,]*$/;
  const CURRENT =
    /\b(?:currently|today|right now|presently|at the moment)\b[^.;!?]*\b(?:with|on|using|through)\s*$|(?:\bcurrently|\btoday|\bright now|\bpresently|\bexisting|\bcurrent (?:carrier|provider) is|\bour (?:carrier|provider) is|\bwe(?:'re| are)|\bwe have been|\bwe've been|\bare)(?:\s+(?:on|with|using|is|have|has))?\s*$/;
  take(reading, /\b(att|verizon|tmobile)(?:'s)?\b/g, (m) => {
    const carrier = m[1] as Carrier;
    const clauseStart = Math.max(
      reading.text.lastIndexOf(".", m.index),
      reading.text.lastIndexOf(";", m.index),
      reading.text.lastIndexOf("!", m.index),
      reading.text.lastIndexOf("?", m.index),
      reading.text.lastIndexOf("\n", m.index),
      m.index - 60,
    );
    const before = reading.text.slice(Math.max(0, clauseStart + 1), m.index);
    if (NEGATION.test(before)) add(out.excluded, carrier);
    else if (CURRENT.test(before)) add(out.current, carrier);
    else add(out.preferred, carrier);
    return true;
  });
  return out;
}

type Features = QuoteNeeds["features"];

function readFeatures(reading: Reading, data: ReturnType<typeof readData>): Features {
  const features: Features = {
    hotspotGb: data.hotspotGb,
    premiumDataGb: data.premiumDataGb,
    international: false,
    fiveG: false,
    video: null,
  };
  // Hotspot as a feature of other lines ("phones with hotspot", "hotspot data", "tethering"); a
  // counted "2 hotspots" is a kind of line and stays for the counts.
  take(
    reading,
    /\b(?:with|including|include|includes|need|needs|and|plus|have|has|want)\s(?:mobile\s)?(?:hot ?spot|tethering)(?!s)\b(?!\s(?:devices?|lines?|units?))|\b(?:hot ?spot|tethering)\s(?:data|allowance|access|capability|capabilities|feature|features|use|usage|included)\b|\btether(?:ing)?\b/g,
    () => {
      features.hotspotGb ??= 0;
      return true;
    },
  );
  take(
    reading,
    /\b(?:premium|priority|prioriti[sz]ed)\s(?:data|network access|access)\b|\bpriority\b|\bno\s(?:throttling|deprioriti[sz]ation|slowdowns?)\b|\bnever\s(?:be\s)?(?:throttled|slowed)\b|\bfirst responders?\b/g,
    () => {
      features.premiumDataGb ??= 0;
      return true;
    },
  );
  take(
    reading,
    /\binternational(?:ly)?\b|\babroad\b|\boverseas\b|\broaming\b|\bmexico\b|\bcanada\b|\btravel(?:s|ing|ling|ers)?\b|\bglobal\b|\bcross[- ]border\b/g,
    () => {
      features.international = true;
      return true;
    },
  );
  const video = (quality: VideoQuality) => {
    const rank = { sd: 0, hd: 1, fhd: 2, uhd: 3 } as const;
    if (features.video === null || rank[quality] > rank[features.video]) features.video = quality;
  };
  take(reading, /\b(?:4k|uhd|ultra hd|2160p)\b/g, () => {
    video("uhd");
    return true;
  });
  take(reading, /\b(?:1080p|full hd|fhd)\b/g, () => {
    video("fhd");
    return true;
  });
  take(reading, /\b(?:hd|720p|high[- ]definition)\b/g, () => {
    video("hd");
    return true;
  });
  take(reading, /\b5g\b/g, () => {
    features.fiveG = true;
    return true;
  });
  return features;
}

/** Fixed wireless spelled as a phrase; each is one "fixed_wireless" noun for the counts. */
const FIXED_WIRELESS_PHRASES =
  /\b(?:fixed[- ]wireless(?:\s(?:internet|access|lines?|connections?|service))?|(?:5g\s|lte\s)?(?:home|business|office|backup|failover|store|site|branch)\sinternet|internet\s(?:for|at|in)\s(?:the|our|their|each|every|all|\d+)\s(?:\w+\s)?(?:office|offices|store|stores|locations?|sites?|branch|branches|shops?|clinics?|warehouses?|building|buildings)|(?:5g|lte|wireless)\sinternet|internet\s(?:lines?|connections?|service))\b/g;

const MOBILE_INTERNET_PHRASES =
  /\b(?:mobile\sinternet|data[- ]only(?:\s(?:lines?|devices?|plans?))?|data\slines?|connected\s(?:laptops?|tablets?))\b/g;

function readMentions(reading: Reading): Mention[] {
  // Phrases first become single words, so the word scan below can count them.
  reading.text = reading.text
    .replace(/(\d)-([a-z])/g, "$1 $2")
    .replace(FIXED_WIRELESS_PHRASES, (m) => {
      const n = /\d+/.exec(m)?.[0];
      const word = n ? ` ${n} fwa` : " fwa";
      return word + " ".repeat(Math.max(0, m.length - word.length));
    })
    .replace(MOBILE_INTERNET_PHRASES, (m) => ` data-only${" ".repeat(Math.max(0, m.length - 10))}`)
    .replace(/\bmobile\shot ?spots?\b/g, (m) => `hotspot${" ".repeat(m.length - 7)}`);

  const words: { word: string; index: number }[] = [];
  for (const m of reading.text.matchAll(/[a-z0-9][a-z0-9'-]*|[.;!?]/g)) {
    words.push({ word: m[0].replace(/'s$/, ""), index: m.index ?? 0 });
  }
  const mentions: Mention[] = [];
  const used = new Set<number>();
  const clauseHasEach = (i: number) => {
    for (
      let j = i;
      j < Math.min(words.length, i + 12) && !/^[.;!?]$/.test(words[j]?.word ?? "");
      j++
    )
      if (/^(?:each|every|apiece|everyone|everybody)$/.test(words[j]?.word ?? "")) return true;
    for (let j = i - 1; j >= Math.max(0, i - 8) && !/^[.;!?]$/.test(words[j]?.word ?? ""); j--)
      if (/^(?:each|every|apiece|everyone|everybody)$/.test(words[j]?.word ?? "")) return true;
    return false;
  };

  // "team of 12", "fleet of 500": a number after its noun.
  for (let i = 0; i + 2 < words.length; i++) {
    const a = words[i]?.word ?? "";
    if (
      /^(?:team|staff|crew|workforce|company|fleet|firm|practice|group|office|business|headcount)$/.test(
        a,
      ) &&
      words[i + 1]?.word === "of" &&
      /^\d+$/.test(words[i + 2]?.word ?? "")
    ) {
      const after = words[i + 3]?.word ?? "";
      const noun = nounOf(after);
      if (noun === null || noun === "people" || noun === "generic") {
        mentions.push({
          noun: a === "fleet" && noun !== "people" ? "generic" : "people",
          count: Number(words[i + 2]?.word),
          each: false,
          index: words[i]?.index ?? 0,
        });
        used.add(i + 2);
        if (noun !== null) used.add(i + 3);
      }
    }
  }

  for (let i = 0; i < words.length; i++) {
    if (used.has(i)) continue;
    const w = words[i]?.word ?? "";
    const isNumber = /^\d+$/.test(w);
    const isArticle = /^(?:a|an|one|single)$/.test(w);
    if (isNumber || isArticle) {
      // The first noun within four words, unless a stop word or another number comes first.
      let found: { noun: Noun; at: number } | null = null;
      for (let j = i + 1; j < Math.min(words.length, i + 6); j++) {
        const next = words[j]?.word ?? "";
        const noun = nounOf(next);
        if (noun) {
          found = { noun, at: j };
          break;
        }
        if (/^\d+$/.test(next) || /^[.;!?]$/.test(next)) break;
        if (STOP_WORDS.has(next) && !(next === "of" || next === "for")) break;
        if (isArticle && j > i + 2) break;
      }
      if (!found) continue;
      // "a crew", "a field crew": a group of people of a size not said here (or said by "crew of
      // 12" above), not one person.
      if (
        isArticle &&
        found.noun === "people" &&
        GROUP_OF_PEOPLE.test(words[found.at]?.word ?? "")
      ) {
        continue;
      }
      let noun = found.noun;
      // "10 lines of fixed wireless", "3 lines for tablets": the kind follows.
      if (noun === "generic" || noun === "people") {
        for (let k = found.at + 1; k < Math.min(words.length, found.at + 4); k++) {
          const next = words[k]?.word ?? "";
          if (/^[.;!?]$/.test(next) || /^\d+$/.test(next)) break;
          const later = nounOf(next);
          if (later && later !== "generic" && later !== "people" && later !== "sites") {
            if (noun === "generic") {
              noun = later;
              used.add(k);
            }
            break;
          }
        }
      }
      const count = isNumber ? Number(w) : 1;
      mentions.push({
        noun,
        count: isArticle && noun !== "generic" && clauseHasEach(i) ? null : count,
        each: isArticle && clauseHasEach(i),
        index: words[i]?.index ?? 0,
      });
      used.add(found.at);
      for (let k = i; k <= found.at; k++) used.add(k);
      continue;
    }
    // "hotspots: 2", "tablets x 4", "tablets (4)": a count after its noun.
    const noun = nounOf(w);
    if (!noun) continue;
    const n1 = words[i + 1]?.word ?? "";
    const n2 = words[i + 2]?.word ?? "";
    const colonCount =
      /^\d+$/.test(n1) &&
      /^[\s:x(]*$/.test(reading.text.slice((words[i]?.index ?? 0) + w.length, words[i + 1]?.index));
    const xCount = n1 === "x" && /^\d+$/.test(n2);
    if ((colonCount || xCount) && noun !== "sites") {
      mentions.push({
        noun,
        count: Number(xCount ? n2 : n1),
        each: false,
        index: words[i]?.index ?? 0,
      });
      used.add(i + 1);
      if (xCount) used.add(i + 2);
      continue;
    }
    if (noun === "generic" || noun === "people" || noun === "sites") continue;
    mentions.push({ noun, count: null, each: clauseHasEach(i), index: words[i]?.index ?? 0 });
  }
  return mentions;
}

const EMPTY_LINES: LineCounts = {
  voice: 0,
  mobile_internet: 0,
  hotspot: 0,
  fixed_wireless: 0,
  wearable: 0,
};

/** "1 phone", "3 phones". */
export function plural(n: number, one: string, many: string): string {
  return `${n} ${n === 1 ? one : many}`;
}

/**
 * Reads a description into needs. Pure and total: any string gives needs, never an error.
 */
export function readNeeds(description: string): QuoteNeeds {
  const assumptions: string[] = [];
  const source = typeof description === "string" ? description : "";
  if (source.length > READ_LIMIT) {
    assumptions.push(`only the first ${READ_LIMIT.toLocaleString("en-US")} characters were read`);
  }
  const reading: Reading = { text: digitsForWords(normalize(source)), assumptions };

  const budget = readBudget(reading);
  const data = readData(reading);
  const term = readTerm(reading);
  const port = readPortIn(reading);
  const tradeIn = /\btrad(?:e|ing)[- ]?ins?\b|\btrade (?:in|our|their)\b/.test(reading.text);
  const outright =
    /\b(?:outright|full (?:retail|price)|pay(?:ing)? in full|paid in full|no (?:installments|financing|device payments?)|buy (?:them|the devices|the phones) (?:outright|upfront|up front))\b/.test(
      reading.text,
    );
  const byod =
    /\b(?:byod|bring (?:our|their|your) own|own (?:devices|phones|hardware)|existing (?:devices|phones|hardware)|keep (?:our|their|the) (?:current |existing )?(?:devices|phones|handsets|hardware)|(?:no|don'?t need|do not need) (?:new )?(?:devices|phones|hardware|handsets)|sim[- ]only)\b/.test(
      reading.text,
    );
  const newDevices =
    /\b(?:new|brand-new|upgraded?|replacement)\s(?:phones?|smartphones?|devices?|handsets?|tablets?|hotspots?|watch(?:es)?)\b|\b(?:phones?|devices?|handsets?)\sincluded\b|\bwith (?:new )?(?:phones|devices|handsets)\b/.exec(
      reading.text,
    );
  const devices = readDevices(reading);
  const carriers = readCarriers(reading);
  const features = readFeatures(reading, data);
  const mentions = readMentions(reading);

  // --- Lines by kind -------------------------------------------------------------------------
  const counted: LineCounts = { ...EMPTY_LINES };
  const unCounted = new Set<LineKind>();
  const eachKinds = new Set<LineKind>();
  let people = 0;
  let generic = 0;
  let sites = 0;
  for (const m of mentions) {
    if (m.noun === "people") {
      people += m.count ?? 0;
    } else if (m.noun === "generic") {
      generic += m.count ?? 0;
    } else if (m.noun === "sites") {
      sites += m.count ?? 0;
    } else if (m.count === null) {
      if (m.each) eachKinds.add(m.noun);
      else unCounted.add(m.noun);
    } else {
      counted[m.noun] += m.count;
    }
  }
  const deviceSums: LineCounts = { ...EMPTY_LINES };
  for (const d of devices) if (d.count !== null) deviceSums[d.kind] += d.count;

  const lines: LineCounts = { ...EMPTY_LINES };
  for (const kind of Object.keys(lines) as LineKind[]) {
    lines[kind] = Math.max(counted[kind], deviceSums[kind]);
  }
  // Generic "lines": voice, unless phones were counted apart.
  if (generic > 0 && lines.voice === 0) lines.voice = generic;
  // People: one of each kind said "each", or of kinds named without a count; else a phone each.
  for (const kind of eachKinds) {
    if (lines[kind] > 0) continue;
    if (people > 0) {
      lines[kind] = people;
      assumptions.push(
        `${plural(people, "person", "people")}, each with ${KIND_WORDS[kind]}: ${people} ${KIND_WORDS[kind]}`,
      );
    } else {
      unCounted.add(kind);
    }
  }
  // Devices named without a count: as many as lines of their kind.
  for (const d of devices) {
    if (d.count === null && lines[d.kind] === 0) unCounted.add(d.kind);
  }
  for (const kind of unCounted) {
    if (lines[kind] > 0) continue;
    if (kind === "fixed_wireless" && sites > 0) {
      lines[kind] = sites;
      assumptions.push(
        `internet at ${plural(sites, "location", "locations")}: one fixed wireless line each`,
      );
    } else if (people > 0 && kind !== "fixed_wireless") {
      lines[kind] = people;
      assumptions.push(`${KIND_WORDS[kind]} without a count: ${people} assumed, one per person`);
    } else {
      lines[kind] = 1;
      assumptions.push(`${KIND_WORDS[kind]} without a count: 1 assumed`);
    }
  }
  if (people > 0 && lines.voice === 0) {
    const peopleUsed = [...eachKinds, ...unCounted].some(
      (k) => k !== "voice" && k !== "fixed_wireless",
    );
    if (!peopleUsed || eachKinds.has("voice")) {
      lines.voice = people;
      assumptions.push(
        `${plural(people, "person", "people")}: ${plural(people, "voice line", "voice lines")} assumed, one each`,
      );
    }
  }
  if (lines.fixed_wireless === 0 && sites > 0 && unCounted.has("fixed_wireless")) {
    lines.fixed_wireless = sites;
  }
  for (const kind of Object.keys(lines) as LineKind[]) {
    if (lines[kind] > MAX_QUOTE_LINES) {
      assumptions.push(
        `${lines[kind]} ${KIND_WORDS[kind]} is more than a quote prices: ${MAX_QUOTE_LINES.toLocaleString("en-US")} quoted`,
      );
      lines[kind] = MAX_QUOTE_LINES;
    }
  }
  const total = Object.values(lines).reduce((a, b) => a + b, 0);
  if (total === 0) {
    lines.voice = 1;
    assumptions.push("no line count given: 1 voice line assumed");
  }

  // --- Devices wanted --------------------------------------------------------------------------
  const wants: DeviceWant[] = [];
  if (byod) {
    assumptions.push("bring your own devices: no devices priced");
  } else {
    const counts = new Map<string, DeviceWant>();
    const withCount: LineCounts = { ...EMPTY_LINES };
    for (const d of devices) if (d.count !== null) withCount[d.kind] += d.count;
    const noCount = devices.filter((d) => d.count === null);
    for (const d of devices) {
      let quantity = d.count;
      if (quantity === null) {
        const rest = Math.max(0, lines[d.kind] - withCount[d.kind]);
        const share = noCount.filter((x) => x.kind === d.kind).length;
        quantity = Math.max(1, Math.floor(rest / share));
      }
      const key = `${d.kind}\u0000${d.model.toLowerCase()}`;
      const had = counts.get(key);
      if (had) had.quantity = Math.min(MAX_QUOTE_LINES, had.quantity + quantity);
      else
        counts.set(key, {
          kind: d.kind,
          model: d.model,
          quantity: Math.min(MAX_QUOTE_LINES, quantity),
        });
    }
    wants.push(...counts.values());
    if (wants.length === 0 && newDevices) {
      const word = newDevices[0];
      const kind: LineKind = /tablet/.test(word)
        ? "mobile_internet"
        : /hotspot/.test(word)
          ? "hotspot"
          : /watch/.test(word)
            ? "wearable"
            : "voice";
      const quantity = Math.max(1, lines[kind]);
      wants.push({ kind, model: null, quantity });
      assumptions.push(
        `"${word.trim()}" without a model: the lowest-priced ${KIND_WORDS[kind].replace(/ lines$/, "")} device of each carrier`,
      );
    }
    if (wants.length === 0) {
      assumptions.push("no devices asked for: lines only, on devices the customer has");
    }
  }
  if (wants.length > MAX_QUOTE_DEVICES) {
    assumptions.push(`only the first ${MAX_QUOTE_DEVICES} devices named were priced`);
    wants.length = MAX_QUOTE_DEVICES;
  }

  // --- Carriers ------------------------------------------------------------------------------
  const excluded = carriers.excluded;
  const preferred = carriers.preferred.filter((c) => !excluded.includes(c));
  for (const c of carriers.current) {
    if (!preferred.includes(c) && !excluded.includes(c)) {
      assumptions.push(
        `currently with ${CARRIER_LABELS[c]}: compared with the others, not excluded`,
      );
    }
  }
  if (preferred.length === 0 && excluded.length === 0) {
    assumptions.push("no carrier named: all three compared");
  } else if (preferred.length === 0) {
    const left = CARRIERS.filter((c) => !excluded.includes(c)).map((c) => CARRIER_LABELS[c]);
    if (left.length > 0) assumptions.push(`${left.join(" and ")} compared`);
  }

  // --- Term and port-in ------------------------------------------------------------------------
  if (term === null) {
    assumptions.push(`no term given: ${DEFAULT_QUOTE_TERM_MONTHS} months assumed`);
  }
  const portable = lines.voice + lines.mobile_internet + lines.hotspot + lines.wearable;
  let portInCount = port.count ?? (port.all ? lines.voice : 0);
  if (port.count === null && port.all) {
    assumptions.push(
      `keep their numbers: ${plural(lines.voice, "voice number", "voice numbers")} ported in`,
    );
  }
  if (portInCount > portable) {
    assumptions.push(
      `${portInCount} numbers to port is more than the ${portable} mobile lines: ${portable} ported`,
    );
    portInCount = portable;
  }

  if (devices.length > 0 && wants.length > 0 && !outright) {
    assumptions.push(`devices on monthly installments${AGENT_HINT_INSTALLMENTS}`);
  }

  return {
    lines,
    carriers: { preferred, excluded },
    features,
    budget,
    devices: wants,
    devicePayment: outright ? "outright" : "installments",
    tradeIn,
    termMonths: term ?? DEFAULT_QUOTE_TERM_MONTHS,
    portInCount,
    assumptions: [...new Set(assumptions)].slice(0, MAX_QUOTE_ASSUMPTIONS),
  };
}
