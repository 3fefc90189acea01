import {
  BILL_CARRIER_NAMES,
  type Bill,
  type BillCarrier,
  type BillLine,
  type BillLineType,
  lineChargesCents,
} from "#server/bills/bill.ts";

// Sample business wireless bills with their ground truth: the same seed gives the same bill, so
// the fixtures can be regenerated and the parsers tested against what was printed.

/** mulberry32: small, seedable, and the same on every machine. */
export function seededRandom(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

type Random = () => number;
const pick = <T>(random: Random, items: readonly T[]): T => {
  const item = items[Math.floor(random() * items.length)];
  if (item === undefined) throw new Error("pick from an empty list");
  return item;
};
const between = (random: Random, min: number, max: number) =>
  min + Math.floor(random() * (max - min + 1));

const FIRST = [
  "Ana",
  "Ben",
  "Carla",
  "David",
  "Elena",
  "Frank",
  "Grace",
  "Hiro",
  "Irene",
  "Jamal",
  "Kim",
  "Luis",
  "Maya",
  "Noah",
  "Olga",
  "Priya",
  "Quinn",
  "Rosa",
  "Sam",
  "Tara",
  "Umar",
  "Vera",
  "Wes",
  "Yara",
];
const LAST = [
  "Alvarez",
  "Brooks",
  "Chen",
  "Dubois",
  "Evans",
  "Fischer",
  "Garcia",
  "Hughes",
  "Ito",
  "Jensen",
  "Khan",
  "Lopez",
  "Moreau",
  "Nguyen",
  "Ortiz",
  "Patel",
  "Reyes",
  "Silva",
  "Turner",
  "Weber",
];
const DEPARTMENTS = [
  "Sales",
  "Operations",
  "Field Service",
  "Finance",
  "Marketing",
  "Executive",
  "IT",
];
const COUNTRIES = ["Mexico", "Canada", "United Kingdom", "Germany", "Japan", "India", "Brazil"];

type PlanOffer = { name: string; cents: number };
type CarrierCatalog = {
  plans: Record<BillLineType, PlanOffer[]>;
  intlFeature: string;
};

const PHONES = [
  "iPhone 16 Pro 256GB",
  "iPhone 16 128GB",
  "Galaxy S25 256GB",
  "Pixel 9 128GB",
  "iPhone 15 128GB",
];
const TABLETS = ["iPad Air 11 128GB", "Galaxy Tab S10 128GB", "iPad 10th gen 64GB"];
const WATCHES = ["Apple Watch Series 10", "Galaxy Watch7 LTE"];
const DEVICE_PRICES: Record<BillLineType, number[]> = {
  voice: [2778, 3333, 2291, 1666, 4166],
  mobile_internet: [1875, 2083, 1458],
  wearable: [1250, 1041],
};

const CATALOGS: Record<BillCarrier, CarrierCatalog> = {
  att: {
    plans: {
      voice: [
        { name: "Business Unlimited Starter", cents: 3000 },
        { name: "Business Unlimited Performance", cents: 4000 },
        { name: "Business Unlimited Elite", cents: 5000 },
        { name: "Business Mobile Select 15GB", cents: 3500 },
      ],
      mobile_internet: [
        { name: "DataConnect 10GB", cents: 4000 },
        { name: "DataConnect Unlimited", cents: 5000 },
      ],
      wearable: [{ name: "Wearable Unlimited", cents: 1000 }],
    },
    intlFeature: "International Day Pass",
  },
  verizon: {
    plans: {
      voice: [
        { name: "Business Unlimited Start", cents: 3000 },
        { name: "Business Unlimited Plus", cents: 4500 },
        { name: "Business Unlimited Pro", cents: 5500 },
        { name: "Flexible Business 10GB", cents: 3200 },
      ],
      mobile_internet: [
        { name: "Business Tablet Pro", cents: 3000 },
        { name: "Business Tablet 5GB", cents: 2000 },
      ],
      wearable: [{ name: "Business Wearable", cents: 1000 }],
    },
    intlFeature: "TravelPass",
  },
  tmobile: {
    plans: {
      voice: [
        { name: "Business Unlimited Essentials", cents: 2600 },
        { name: "Business Unlimited Advanced", cents: 3800 },
        { name: "Business Unlimited Ultimate", cents: 4800 },
      ],
      mobile_internet: [
        { name: "Tablet Unlimited", cents: 2000 },
        { name: "Tablet 10GB", cents: 1500 },
      ],
      wearable: [{ name: "Watch Line", cents: 1000 }],
    },
    intlFeature: "International Pass",
  },
  generic: {
    plans: {
      voice: [
        { name: "Pro Unlimited", cents: 4200 },
        { name: "Core 15GB", cents: 3100 },
        { name: "Core 5GB", cents: 2400 },
      ],
      mobile_internet: [{ name: "Tablet Data 10GB", cents: 2500 }],
      wearable: [{ name: "Watch Connect", cents: 1200 }],
    },
    intlFeature: "World Traveler",
  },
};

const DEVICES: Record<BillLineType, string[]> = {
  voice: PHONES,
  mobile_internet: TABLETS,
  wearable: WATCHES,
};

export type SampleOptions = {
  carrier: BillCarrier;
  seed: number;
  lines: number;
  /** The brand printed on a generic bill. */
  carrierName?: string;
};

const ACCOUNT_NUMBERS: Record<BillCarrier, (random: Random) => string> = {
  att: (r) => String(between(r, 100_000_000_000, 999_999_999_999)),
  verizon: (r) =>
    `${between(r, 100_000_000, 999_999_999)}-${String(between(r, 1, 9)).padStart(5, "0")}`,
  tmobile: (r) => String(between(r, 900_000_000, 999_999_999)),
  generic: (r) => `NW-${between(r, 100, 999)}-${between(r, 10_000, 99_999)}`,
};

function dataUse(random: Random, type: BillLineType): number {
  const roll = random();
  if (roll < 0.12) return 0;
  const max = type === "wearable" ? 3 : type === "mobile_internet" ? 18 : 40;
  return Math.round(random() * max * 100) / 100;
}

/** A bill of `lines` lines for the carrier's layout, whole and self-consistent. */
export function makeSampleBill(options: SampleOptions): Bill {
  const random = seededRandom(options.seed);
  const catalog = CATALOGS[options.carrier];
  const used = new Set<string>();
  const lines: BillLine[] = [];
  const areaCode = pick(random, ["212", "312", "415", "512", "617", "206"]);
  for (let i = 0; i < options.lines; i += 1) {
    const roll = random();
    const lineType: BillLineType =
      roll < 0.72 ? "voice" : roll < 0.88 ? "mobile_internet" : "wearable";
    let phoneNumber = "";
    do {
      phoneNumber = `(${areaCode}) 555-${String(between(random, 100, 9999)).padStart(4, "0")}`;
    } while (used.has(phoneNumber));
    used.add(phoneNumber);
    const plan = pick(random, catalog.plans[lineType]);
    const financed = random() < 0.6;
    const deviceIndex = between(random, 0, DEVICES[lineType].length - 1);
    const monthly = pick(random, DEVICE_PRICES[lineType]);
    const travels = lineType === "voice" && random() < 0.3;
    const countries = travels
      ? [
          ...new Set([
            pick(random, COUNTRIES),
            ...(random() < 0.4 ? [pick(random, COUNTRIES)] : []),
          ]),
        ]
      : [];
    const hasPass = travels && random() < 0.5;
    lines.push({
      phoneNumber,
      user: `${pick(random, FIRST)} ${pick(random, LAST)}`,
      department: pick(random, DEPARTMENTS),
      lineType,
      plan: plan.name,
      planCents: plan.cents,
      dataGB: dataUse(random, lineType),
      device: financed
        ? {
            name: DEVICES[lineType][deviceIndex] ?? "Device",
            monthlyCents: monthly,
            remainingCents: monthly * between(random, 1, 30),
          }
        : null,
      internationalCents: travels
        ? hasPass
          ? 1000 * between(random, 1, 6)
          : between(random, 300, 9000)
        : 0,
      countries,
      features: hasPass ? [catalog.intlFeature] : [],
    });
  }
  const lineCharges = lines.reduce((sum, line) => sum + lineChargesCents(line), 0);
  const taxes = Math.round(lineCharges * (0.11 + random() * 0.06));
  const current = lineCharges + taxes;
  const previous = between(random, 50_000, 300_000);
  const paid = random() < 0.8 ? previous : previous - between(random, 1_000, 20_000);
  const month = between(random, 1, 9);
  const day = between(random, 1, 20);
  const start = new Date(Date.UTC(2026, month - 1, day));
  const end = new Date(Date.UTC(2026, month, day - 1));
  const due = new Date(Date.UTC(2026, month, day + 24));
  const iso = (d: Date) => d.toISOString().slice(0, 10);
  return {
    carrier: options.carrier,
    carrierName: options.carrierName ?? BILL_CARRIER_NAMES[options.carrier],
    accountNumber: ACCOUNT_NUMBERS[options.carrier](random),
    period: { start: iso(start), end: iso(end) },
    dueDate: iso(due),
    lines,
    totals: {
      lineChargesCents: lineCharges,
      taxesAndFeesCents: taxes,
      currentChargesCents: current,
      previousBalanceCents: previous,
      paymentsCents: paid,
      totalDueCents: previous - paid + current,
      // Filled in by the layout, which knows where its pages break.
      pageSubtotalsCents: [],
    },
  };
}
