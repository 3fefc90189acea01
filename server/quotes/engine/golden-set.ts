import type { QuoteNeeds } from "#app/lib/schemas/quote.ts";

// The golden set (issue 15): descriptions from one line to a 500-line fleet, each with the needs
// the built-in reader must read and the totals the pricer must give against the frozen catalog
// (golden-catalog.ts). golden.test.ts holds the engine to it; bench/quotes.ts times it.

export type Totals = [
  label: string,
  monthlyCents: number,
  oneTimeCents: number,
  termCents: number,
  unmet?: string[],
];
export type GoldenCase = {
  text: string;
  /** Lines left out are 0; other fields left out are the reader's defaults. */
  needs: Partial<Omit<QuoteNeeds, "lines" | "features" | "budget">> & {
    lines: Partial<QuoteNeeds["lines"]>;
    features?: Partial<QuoteNeeds["features"]>;
    budget?: Partial<QuoteNeeds["budget"]>;
  };
  /** Recommended first. */
  options: Totals[];
};

export const GOLDEN: readonly GoldenCase[] = [
  {
    text: "one phone",
    needs: { lines: { voice: 1 } },
    options: [
      ["T-Mobile", 5100, 3500, 125900],
      ["AT&T", 5500, 3500, 135500],
      ["Verizon", 5500, 4000, 136000],
    ],
  },
  {
    text: "twelve phones",
    needs: { lines: { voice: 12 } },
    options: [
      ["T-Mobile", 31200, 42000, 790800],
      ["AT&T", 36000, 42000, 906000],
      ["Verizon", 36000, 48000, 912000],
    ],
  },
  {
    text: "a dozen smartphones on Verizon",
    needs: { lines: { voice: 12 }, carriers: { preferred: ["verizon"], excluded: [] } },
    options: [
      ["Verizon", 36000, 48000, 912000],
      ["Verizon (step up)", 48000, 48000, 1200000],
    ],
  },
  {
    text: "5 iPads and 2 hotspots",
    needs: {
      lines: { mobile_internet: 5, hotspot: 2 },
      devices: [{ kind: "mobile_internet", model: "iPad", quantity: 5 }],
    },
    options: [
      ["AT&T", 26935, 24500, 670940],
      ["T-Mobile", 26935, 24500, 670940],
      ["Verizon", 28935, 28000, 722440],
    ],
  },
  {
    text: "fifteen employees",
    needs: { lines: { voice: 15 } },
    options: [
      ["T-Mobile", 39000, 52500, 988500],
      ["AT&T", 45000, 52500, 1132500],
      ["Verizon", 45000, 60000, 1140000],
    ],
  },
  {
    text: "We need 10 iPhone 16 Pros with trade-in on AT&T, 36 months",
    needs: {
      lines: { voice: 10 },
      carriers: { preferred: ["att"], excluded: [] },
      devices: [{ kind: "voice", model: "iPhone 16 Pro", quantity: 10 }],
      termMonths: 36,
      tradeIn: true,
    },
    options: [
      ["AT&T", 35010, 35000, 1295360],
      ["AT&T (step up)", 45010, 35000, 1655360],
    ],
  },
  {
    text: "20 lines, not AT&T, under $40 a line",
    needs: {
      lines: { voice: 20 },
      carriers: { preferred: [], excluded: ["att"] },
      budget: { perLineCents: 4000 },
    },
    options: [
      ["T-Mobile", 52000, 70000, 1318000],
      ["Verizon", 60000, 80000, 1520000],
      ["T-Mobile (step up)", 80000, 70000, 1990000],
    ],
  },
  {
    text: "no Verizon. 8 phones with 50 GB hotspot and 4K video, 2 years",
    needs: {
      lines: { voice: 8 },
      carriers: { preferred: [], excluded: ["verizon"] },
      features: { hotspotGb: 50, video: "uhd" },
    },
    options: [
      ["AT&T", 36000, 28000, 892000],
      ["T-Mobile", 40000, 28000, 988000],
    ],
  },
  {
    text: "internet for the office and 3 phones",
    needs: { lines: { voice: 3, fixed_wireless: 1 } },
    options: [
      ["T-Mobile", 13800, 14000, 369200],
      ["AT&T", 18000, 14000, 446000],
      ["Verizon", 18900, 16000, 469600],
    ],
  },
  {
    text: "A 500-line fleet, keep our numbers, $1,500 a month total",
    needs: { lines: { voice: 500 }, budget: { monthlyTotalCents: 150000 }, portInCount: 500 },
    options: [
      ["T-Mobile", 1150000, 1750000, 29350000, ["budget.monthlyTotal"]],
      ["AT&T", 1350000, 1750000, 34150000, ["budget.monthlyTotal"]],
      ["Verizon", 1350000, 2000000, 34400000, ["budget.monthlyTotal"]],
    ],
  },
  {
    text: "port 10 numbers, 10 Galaxy S25, international travel to Mexico",
    needs: {
      lines: { voice: 10 },
      features: { international: true },
      devices: [{ kind: "voice", model: "Galaxy S25", quantity: 10 }],
      portInCount: 10,
    },
    options: [
      ["T-Mobile", 48230, 35000, 1192520],
      ["AT&T", 57230, 35000, 1408520],
      ["Verizon", 62230, 40000, 1533520],
    ],
  },
  {
    text: "3 apple watches and 3 phones on T-Mobile",
    needs: {
      lines: { voice: 3, wearable: 3 },
      carriers: { preferred: ["tmobile"], excluded: [] },
      devices: [{ kind: "wearable", model: "Apple Watch", quantity: 3 }],
    },
    options: [
      ["T-Mobile", 16893, 21000, 426432],
      ["T-Mobile (step up)", 21093, 21000, 527232],
    ],
  },
  {
    text: "15 employees each with a phone and a tablet",
    needs: { lines: { voice: 15, mobile_internet: 15 } },
    options: [
      ["T-Mobile", 69000, 105000, 1761000],
      ["AT&T", 75000, 105000, 1905000],
      ["Verizon", 75000, 120000, 1920000],
    ],
  },
  {
    text: "fixed wireless for 4 stores",
    needs: { lines: { fixed_wireless: 4 } },
    options: [
      ["T-Mobile", 12000, 14000, 398000],
      ["AT&T", 24000, 14000, 590000],
      ["Verizon", 27600, 16000, 678400],
    ],
  },
  {
    text: "😀😀😀",
    needs: { lines: { voice: 1 } },
    options: [
      ["T-Mobile", 5100, 3500, 125900],
      ["AT&T", 5500, 3500, 135500],
      ["Verizon", 5500, 4000, 136000],
    ],
  },
  {
    text: "we currently pay $3000 a month with Verizon for 25 lines",
    needs: { lines: { voice: 25 } },
    options: [
      ["T-Mobile", 65000, 87500, 1647500],
      ["AT&T", 75000, 87500, 1887500],
      ["Verizon", 75000, 100000, 1900000],
    ],
  },
  {
    text: "2 phones for a small office, priority data, T-Mobile only",
    needs: {
      lines: { voice: 2 },
      carriers: { preferred: ["tmobile"], excluded: [] },
      features: { premiumDataGb: 0 },
    },
    options: [
      ["T-Mobile", 8200, 7000, 203800],
      ["T-Mobile (step up)", 11000, 7000, 271000],
    ],
  },
  {
    text: "A team of 40 field techs needs rugged phones with unlimited hotspot",
    needs: { lines: { voice: 40 }, features: { hotspotGb: "unlimited" } },
    options: [
      // No plan has unlimited high-speed hotspot: each carrier's plan with the most, and why.
      ["AT&T", 180000, 140000, 4460000, ["feature.hotspot"]],
      ["Verizon", 180000, 160000, 4480000, ["feature.hotspot"]],
      ["T-Mobile", 200000, 140000, 4940000, ["feature.hotspot"]],
    ],
  },
  {
    text: "6 Verizon tablets for a clinic, iPad Air, 36 months",
    needs: {
      lines: { mobile_internet: 6 },
      carriers: { preferred: ["verizon"], excluded: [] },
      devices: [{ kind: "mobile_internet", model: "iPad Air", quantity: 6 }],
      termMonths: 36,
    },
    options: [
      ["Verizon", 24486, 24000, 905496],
      ["Verizon (step up)", 30486, 24000, 1121496],
    ],
  },
  {
    text: "4 iPads and 4 phones on Verizon",
    needs: {
      lines: { voice: 4, mobile_internet: 4 },
      carriers: { preferred: ["verizon"], excluded: [] },
      devices: [{ kind: "mobile_internet", model: "iPad", quantity: 4 }],
    },
    options: [
      ["Verizon", 26216, 32000, 661184],
      ["Verizon (step up)", 34216, 32000, 853184],
    ],
  },
  {
    text: "T-Mobile 5G business internet for 2 locations",
    needs: {
      lines: { fixed_wireless: 2 },
      carriers: { preferred: ["tmobile"], excluded: [] },
      features: { fiveG: true },
    },
    options: [["T-Mobile", 6000, 7000, 199000]],
  },
  {
    text: "Need 100 lines, half a dozen hotspots, and premium data of 50GB",
    needs: { lines: { voice: 100, hotspot: 6 }, features: { premiumDataGb: 50 } },
    options: [
      ["T-Mobile", 260000, 371000, 6611000],
      ["AT&T", 350000, 371000, 8771000],
      ["Verizon", 456000, 424000, 11368000],
    ],
  },
  {
    text: "250 employees, AT&T or Verizon, budget $35 per line",
    needs: {
      lines: { voice: 250 },
      carriers: { preferred: ["att", "verizon"], excluded: [] },
      budget: { perLineCents: 3500 },
    },
    options: [
      ["AT&T", 675000, 875000, 17075000],
      ["Verizon", 675000, 1000000, 17200000],
      ["AT&T (step up)", 800000, 875000, 20075000],
    ],
  },
  {
    text: "a single line with international roaming",
    needs: { lines: { voice: 1 }, features: { international: true } },
    options: [
      ["T-Mobile", 5100, 3500, 125900],
      ["AT&T", 6000, 3500, 147500],
      ["Verizon", 6500, 4000, 160000],
    ],
  },
  {
    text: "30 phones + 30 watches, 4K streaming, no T-Mobile",
    needs: {
      lines: { voice: 30, wearable: 30 },
      carriers: { preferred: [], excluded: ["tmobile"] },
      features: { video: "uhd" },
    },
    options: [
      ["AT&T", 165000, 210000, 4170000],
      ["Verizon", 165000, 240000, 4200000],
    ],
  },
  {
    text: "3 Pixel 9 phones, buy outright, on Verizon",
    needs: {
      lines: { voice: 3 },
      carriers: { preferred: ["verizon"], excluded: [] },
      devices: [{ kind: "voice", model: "Pixel 9", quantity: 3 }],
      devicePayment: "outright",
    },
    options: [
      ["Verizon", 12000, 251700, 539700],
      ["Verizon (step up)", 15000, 251700, 611700],
    ],
  },
  {
    text: "1 hotspot",
    needs: { lines: { hotspot: 1 } },
    options: [
      ["AT&T", 5000, 3500, 123500],
      ["T-Mobile", 5000, 3500, 123500],
      ["Verizon", 6000, 4000, 148000],
    ],
  },
  {
    text: "8 Galaxy Tab S9 FE for our drivers on AT&T and 8 phones",
    needs: {
      lines: { voice: 8, mobile_internet: 8 },
      carriers: { preferred: ["att"], excluded: [] },
      devices: [{ kind: "mobile_internet", model: "Galaxy Tab S9 FE", quantity: 8 }],
    },
    options: [
      ["AT&T", 53336, 56000, 1336064],
      ["AT&T (step up)", 57336, 56000, 1432064],
    ],
  },
  {
    text: "twenty-five phones with 5G and HD video, port in 25 numbers, 3 year contract",
    needs: {
      lines: { voice: 25 },
      features: { fiveG: true, video: "hd" },
      termMonths: 36,
      portInCount: 25,
    },
    options: [
      ["AT&T", 87500, 87500, 3237500],
      ["T-Mobile", 100000, 87500, 3687500],
      ["Verizon", 100000, 100000, 3700000],
    ],
  },
  {
    text: "Chromebooks for 60 staff",
    needs: { lines: { mobile_internet: 60 } },
    options: [
      ["AT&T", 120000, 210000, 3090000],
      ["T-Mobile", 120000, 210000, 3090000],
      ["Verizon", 120000, 240000, 3120000],
    ],
  },
  {
    text: "We're a 12-person law firm, need new phones",
    needs: { lines: { voice: 12 }, devices: [{ kind: "voice", model: null, quantity: 12 }] },
    options: [
      ["T-Mobile", 33876, 42000, 855024],
      ["AT&T", 38676, 42000, 970224],
      ["Verizon", 38676, 48000, 976224],
    ],
  },
  {
    text: "switching from AT&T, 10 lines, $600 a month total",
    needs: {
      lines: { voice: 10 },
      carriers: { preferred: [], excluded: ["att"] },
      budget: { monthlyTotalCents: 60000 },
    },
    options: [
      ["T-Mobile", 26000, 35000, 659000],
      ["Verizon", 30000, 40000, 760000],
      ["T-Mobile (step up)", 40000, 35000, 995000],
    ],
  },
  {
    text: "5 phones and 2 hotspots with 100 GB premium data, Verizon",
    needs: {
      lines: { voice: 5, hotspot: 2 },
      carriers: { preferred: ["verizon"], excluded: [] },
      features: { premiumDataGb: 100 },
    },
    options: [["Verizon", 34500, 28000, 856000]],
  },
  {
    text: "a fleet of 200 drivers needs phones and a hotspot each",
    needs: { lines: { voice: 200, hotspot: 200 } },
    options: [
      ["T-Mobile", 1460000, 1400000, 36440000],
      ["AT&T", 1540000, 1400000, 38360000],
      ["Verizon", 1740000, 1600000, 43360000],
    ],
  },
];
