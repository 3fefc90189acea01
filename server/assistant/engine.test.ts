import { describe, expect, it } from "vitest";
import { builtInAnswer, type TurnState } from "./engine.ts";
import type { AssistantTools, CompanyTools, PlanFact } from "./tools.ts";

// The built-in engine's question set (issue 17): each question with the tool calls it must make
// and facts its answer must (and must not) hold, over fixed tool answers. Prices in the answers
// can only come from these fixtures.

const plan = (
  id: string,
  carrier: PlanFact["carrier"],
  name: string,
  type: string,
  cents: number,
): PlanFact => ({
  id,
  carrier,
  plan: name,
  planType: type,
  pricePerLineCents: cents,
  premiumData: null,
  hotspot: type === "Unlimited" ? "30GB" : null,
});

const PLANS: PlanFact[] = [
  plan("p1", "verizon", "Business Unlimited Start", "Unlimited", 3_500),
  plan("p2", "verizon", "Business Unlimited Plus", "Unlimited", 4_500),
  plan("p3", "verizon", "Business Basic 5GB", "Data", 2_000),
  plan("p4", "att", "Business Unlimited Starter", "Unlimited", 3_000),
  plan("p5", "att", "Business Unlimited Premium", "Unlimited", 5_000),
  plan("p6", "tmobile", "Business Essentials Unlimited", "Unlimited", 2_600),
  plan("p7", "tmobile", "Tablet Data 10GB", "Tablet", 1_500),
];

const COMPANY: CompanyTools = {
  pipeline: async () => ({
    columns: [
      { status: "lead", count: 3, valueCents: 1_000_000, monthlyRevenueCents: 40_000 },
      { status: "qualified", count: 2, valueCents: 500_000, monthlyRevenueCents: 20_000 },
      { status: "proposal", count: 1, valueCents: 250_000, monthlyRevenueCents: 10_000 },
      { status: "negotiation", count: 0, valueCents: 0, monthlyRevenueCents: 0 },
      { status: "closed_won", count: 4, valueCents: 3_000_000, monthlyRevenueCents: 125_000 },
    ],
  }),
  renewals: async () => [
    {
      title: "Fleet renewal",
      customerCompany: "Acme Logistics",
      monthlyRevenueCents: 90_000,
      contractEnd: "2026-12-01",
    },
  ],
  customerDeals: async ({ customer }) =>
    /acme/i.test(customer)
      ? [
          {
            id: "d1",
            title: "Acme fleet phones",
            customerCompany: "Acme Logistics",
            status: "proposal",
          },
        ]
      : [],
  draftQuote: async ({ description }) => ({
    lines: Number(/(\d+)\s+(?:\w+\s+)?lines?/i.exec(description)?.[1] ?? 1),
    termMonths: 24,
    options: [
      {
        label: "T-Mobile",
        recommended: true,
        meetsAllNeeds: true,
        monthlyCents: 65_000,
        oneTimeCents: 2_500,
        plans: ["Business Essentials Unlimited"],
      },
      {
        label: "AT&T",
        recommended: false,
        meetsAllNeeds: true,
        monthlyCents: 75_000,
        oneTimeCents: 0,
        plans: ["Business Unlimited Starter"],
      },
    ],
    assumptions: ["24-month term"],
  }),
};

function toolsWith(company: CompanyTools | null): AssistantTools {
  return {
    ratePlans: async ({ carrier }) => PLANS.filter((p) => !carrier || p.carrier === carrier),
    devices: async ({ carrier, type, tech, q }) => {
      const all = [
        {
          carrier: "att" as const,
          manufacturer: "Apple",
          model: "iPhone 16",
          deviceType: "Phone",
          network: "5G NR, LTE",
          fiveGBands: "n77",
        },
        {
          carrier: "verizon" as const,
          manufacturer: "Samsung",
          model: "Galaxy S25",
          deviceType: "Phone",
          network: "5G NR",
          fiveGBands: "n77, n41",
        },
        {
          carrier: "tmobile" as const,
          manufacturer: "Inseego",
          model: "MiFi X Pro",
          deviceType: "Hotspot",
          network: "5G NR",
          fiveGBands: "n41",
        },
        {
          carrier: "att" as const,
          manufacturer: "Telit",
          model: "ME910C1",
          deviceType: "Module",
          network: "LTE Cat-M1",
          fiveGBands: "",
        },
      ];
      const devices = all.filter(
        (d) =>
          (!carrier || d.carrier === carrier) &&
          (!type || d.deviceType === type) &&
          (!tech || d.network.includes(tech)) &&
          (!q || `${d.manufacturer} ${d.model}`.toLowerCase().includes(q.toLowerCase())),
      );
      return { devices, total: devices.length, capped: false };
    },
    promotions: async ({ carrier, device }) =>
      [
        {
          carrier: "verizon" as const,
          deviceType: "phones" as const,
          title: "Switch & Save",
          value: "Up to $1000 off",
          endsOn: "2026-12-31",
          requirements: ["New line", "Unlimited plan"],
        },
        {
          carrier: "tmobile" as const,
          deviceType: "tablets" as const,
          title: "Tablet on Us",
          value: "$300 off",
          endsOn: "2026-12-15",
          requirements: ["Port-in"],
        },
      ].filter((p) => (!carrier || p.carrier === carrier) && (!device || p.deviceType === device)),
    resources: async ({ carrier, type }) =>
      [
        {
          id: "r1",
          title: "5G Fleet Case Study",
          type: "case_study" as const,
          carrier: "verizon" as const,
          fileType: "PDF",
          href: "/api/resources/r1/file",
        },
        {
          id: "r2",
          title: "Unlimited Plans Flyer",
          type: "flyer" as const,
          carrier: "att" as const,
          fileType: "PDF",
          href: "/api/resources/r2/file",
        },
      ].filter((r) => (!carrier || r.carrier === carrier) && (!type || r.type === type)),
    company,
  };
}

type Case = {
  q: string;
  /** The previous questions of the conversation, asked first. */
  before?: string[];
  calls: { tool: string; input?: Record<string, unknown> }[];
  has: (string | RegExp)[];
  hasNot?: (string | RegExp)[];
  gate?: boolean;
};

const CASES: Case[] = [
  // Pricing a plan, and follow-ups on it
  {
    q: "Price 12 lines of Verizon's cheapest unlimited plan",
    calls: [{ tool: "ratePlans", input: { carrier: "verizon" } }],
    has: ["Business Unlimited Start", "$35.00 per line", "$420.00 a month", "/dashboard/plans"],
  },
  {
    q: "and on T-Mobile?",
    before: ["Price 12 lines of Verizon's cheapest unlimited plan"],
    calls: [{ tool: "ratePlans", input: { carrier: "tmobile" } }],
    has: ["Business Essentials Unlimited", "$26.00 per line", "$312.00 a month"],
  },
  {
    q: "make it 15 lines",
    before: ["Price 12 lines of Verizon's cheapest unlimited plan"],
    calls: [{ tool: "ratePlans", input: { carrier: "verizon" } }],
    has: ["15 lines", "$525.00 a month"],
  },
  {
    q: "what about AT&T",
    before: ["Price 12 lines of Verizon's cheapest unlimited plan", "make it 15 lines"],
    calls: [{ tool: "ratePlans", input: { carrier: "att" } }],
    has: ["Business Unlimited Starter", "$450.00 a month"],
  },
  {
    q: "How much for 5 lines on AT&T unlimited?",
    calls: [{ tool: "ratePlans", input: { carrier: "att" } }],
    has: ["$30.00 per line", "$150.00 a month"],
  },
  {
    q: "cost of 20 users on tmobile",
    calls: [{ tool: "ratePlans", input: { carrier: "tmobile" } }],
    has: ["Tablet Data 10GB", "$300.00 a month"],
  },
  {
    q: "price ten lines of verizon basic",
    calls: [{ tool: "ratePlans", input: { carrier: "verizon" } }],
    has: ["Business Basic 5GB", "$200.00 a month"],
  },
  {
    q: "Price 3 lines of Verizon premium",
    calls: [{ tool: "ratePlans", input: { carrier: "verizon" } }],
    has: ["couldn't find", "premium"],
    hasNot: [/\$\d/],
  },
  {
    q: "what is the cheapest unlimited plan on T-Mobile",
    calls: [{ tool: "ratePlans", input: { carrier: "tmobile" } }],
    has: ["Business Essentials Unlimited", "$26.00"],
  },
  // Listing plans
  {
    q: "What plans does Verizon have?",
    calls: [{ tool: "ratePlans", input: { carrier: "verizon" } }],
    has: ["Business Basic 5GB", "Business Unlimited Plus", "| Plan |"],
  },
  {
    q: "show me rate plans",
    calls: [{ tool: "ratePlans", input: {} }],
    has: ["7 in all", "Tablet Data 10GB"],
  },
  {
    q: "unlimited plans on AT&T",
    calls: [{ tool: "ratePlans", input: { carrier: "att" } }],
    has: ["Business Unlimited Premium", "$50.00"],
  },
  // Comparing carriers
  {
    q: "Compare unlimited plans for 20 lines",
    calls: [{ tool: "ratePlans", input: {} }],
    has: [
      "| T-Mobile | Business Essentials Unlimited",
      "$520.00",
      "| AT&T | Business Unlimited Starter",
      "lowest",
    ],
  },
  {
    q: "Verizon vs AT&T unlimited",
    calls: [{ tool: "ratePlans", input: {} }],
    has: ["Verizon", "AT&T", "**AT&T Business Unlimited Starter** is the lowest"],
    hasNot: ["T-Mobile |"],
  },
  {
    q: "which carrier is cheapest for tablets?",
    calls: [{ tool: "ratePlans", input: {} }],
    has: ["Tablet Data 10GB", "No matching plan for"],
  },
  {
    q: "and for 8 lines?",
    before: ["Compare unlimited plans for 20 lines"],
    calls: [{ tool: "ratePlans", input: {} }],
    has: ["8 lines", "$208.00"],
  },
  // Devices
  {
    q: "Which 5G phones are certified on AT&T?",
    calls: [{ tool: "devices", input: { carrier: "att", type: "Phone", tech: "5G NR" } }],
    has: ["iPhone 16", "/dashboard/devices"],
    hasNot: ["Galaxy"],
  },
  {
    q: "certified hotspots on T-Mobile",
    calls: [{ tool: "devices", input: { carrier: "tmobile", type: "Hotspot" } }],
    has: ["MiFi X Pro", "Inseego"],
  },
  {
    q: "Is the Galaxy certified on Verizon?",
    calls: [{ tool: "devices", input: { carrier: "verizon", q: "samsung" } }],
    has: ["Galaxy S25"],
  },
  {
    q: "Cat-M1 devices on AT&T",
    calls: [{ tool: "devices", input: { carrier: "att", tech: "LTE Cat-M1" } }],
    has: ["ME910C1", "Telit"],
  },
  {
    q: "and on Verizon?",
    before: ["Which 5G phones are certified on AT&T?"],
    calls: [{ tool: "devices", input: { carrier: "verizon", type: "Phone", tech: "5G NR" } }],
    has: ["Galaxy S25"],
  },
  {
    q: "certified routers on T-Mobile",
    calls: [{ tool: "devices", input: { carrier: "tmobile", type: "Router" } }],
    has: ["found no certified", "/dashboard/devices"],
  },
  {
    q: "what iPhones do we support?",
    calls: [{ tool: "devices", input: { q: "apple", type: "Phone" } }],
    has: ["iPhone 16"],
  },
  // Promotions
  {
    q: "What promotions are running?",
    calls: [{ tool: "promotions", input: {} }],
    has: ["Switch & Save", "Up to $1000 off", "Tablet on Us", "/dashboard/promos"],
  },
  {
    q: "Verizon phone promos",
    calls: [{ tool: "promotions", input: { carrier: "verizon", device: "phones" } }],
    has: ["Switch & Save", "Requires: New line; Unlimited plan"],
  },
  {
    q: "any tablet deals on T-Mobile? discounts?",
    calls: [{ tool: "promotions", input: { carrier: "tmobile", device: "tablets" } }],
    has: ["Tablet on Us", "Port-in"],
  },
  {
    q: "AT&T promotions",
    calls: [{ tool: "promotions", input: { carrier: "att" } }],
    has: ["no current", "promotions"],
  },
  {
    q: "and T-Mobile?",
    before: ["AT&T promotions"],
    calls: [{ tool: "promotions", input: { carrier: "tmobile" } }],
    has: ["Tablet on Us"],
  },
  // Resources
  {
    q: "Do we have case studies for Verizon?",
    calls: [{ tool: "resources", input: { carrier: "verizon", type: "case_study" } }],
    has: ["[5G Fleet Case Study](/api/resources/r1/file)"],
  },
  {
    q: "sales resources",
    calls: [{ tool: "resources", input: {} }],
    has: ["5G Fleet Case Study", "Unlimited Plans Flyer", "/dashboard/resources"],
  },
  {
    q: "AT&T flyers",
    calls: [{ tool: "resources", input: { carrier: "att", type: "flyer" } }],
    has: ["Unlimited Plans Flyer"],
  },
  {
    q: "presentations for T-Mobile",
    calls: [{ tool: "resources", input: { carrier: "tmobile", type: "presentation" } }],
    has: ["found no"],
  },
  // Pipeline, renewals, a customer's deals
  {
    q: "How is my pipeline?",
    calls: [{ tool: "pipeline" }],
    has: [
      "| Lead | 3 | $10,000.00",
      "Open: **6 deals worth $17,500.00**",
      "Won MRR: **$1,250.00**",
      "/dashboard/deals",
    ],
  },
  { q: "deals by stage", calls: [{ tool: "pipeline" }], has: ["| Qualified | 2 |"] },
  { q: "what's our MRR", calls: [{ tool: "pipeline" }], has: ["$1,250.00"] },
  {
    q: "Which renewals are due?",
    calls: [{ tool: "renewals" }],
    has: ["Fleet renewal", "Acme Logistics", "$900.00 a month", "Dec 1, 2026"],
  },
  {
    q: "Show deals for Acme",
    calls: [{ tool: "customerDeals", input: { customer: "Acme" } }],
    has: ["[Acme fleet phones](/dashboard/deals/d1)", "Proposal"],
  },
  {
    q: "what's going on with Globex?",
    calls: [{ tool: "customerDeals", input: { customer: "Globex" } }],
    has: ["found no deals", "Globex"],
  },
  // Drafting a quote
  {
    q: "Draft a quote for 25 unlimited lines with 5 hotspots",
    calls: [
      {
        tool: "draftQuote",
        input: { description: "Draft a quote for 25 unlimited lines with 5 hotspots" },
      },
    ],
    has: ["25 lines", "$650.00", "(recommended)", "/dashboard/quotes/new"],
  },
  {
    q: "make it 15 lines",
    before: ["Draft a quote for 25 unlimited lines with 5 hotspots"],
    calls: [
      {
        tool: "draftQuote",
        input: { description: "Draft a quote for 15 unlimited lines with 5 hotspots" },
      },
    ],
    has: ["15 lines"],
  },
  // Not known, help, greetings
  {
    q: "What is the weather in Denver?",
    calls: [],
    has: ["I don't know", "Here is what I can do", "price lines"],
    hasNot: [/\$\d/],
  },
  { q: "What's Verizon's coverage like in rural Montana?", calls: [], has: ["I don't know"] },
  { q: "hello", calls: [], has: ["Here is what I can do"] },
  { q: "what can you do?", calls: [], has: ["certified devices", "draft a quote"] },
  // Behind the gate: the catalog only
  { q: "How is my pipeline?", gate: true, calls: [], has: ["signed-in agent"], hasNot: ["$"] },
  { q: "Draft a quote for 10 lines", gate: true, calls: [], has: ["signed-in agent"] },
  {
    q: "Show deals for Acme",
    gate: true,
    calls: [],
    has: ["signed-in agent"],
    hasNot: ["Acme fleet"],
  },
  {
    q: "Price 12 lines of Verizon's cheapest unlimited plan",
    gate: true,
    calls: [{ tool: "ratePlans", input: { carrier: "verizon" } }],
    has: ["$420.00"],
  },
  {
    q: "Do we have case studies for Verizon?",
    gate: true,
    calls: [{ tool: "resources" }],
    has: ["5G Fleet Case Study", "Sign in"],
    hasNot: ["/api/resources"],
  },
];

async function ask(c: Case) {
  const tools = toolsWith(c.gate ? null : COMPANY);
  let state: TurnState | null = null;
  for (const q of c.before ?? []) state = (await builtInAnswer(tools, q, state)).state ?? state;
  return builtInAnswer(tools, c.q, state);
}

describe("the built-in engine's question set", () => {
  it("holds at least 40 questions", () => {
    expect(CASES.length).toBeGreaterThanOrEqual(40);
  });

  it.each(CASES.map((c, i) => [`${i + 1}. ${c.gate ? "(gate) " : ""}${c.q}`, c] as const))(
    "%s",
    async (_name, c) => {
      const answer = await ask(c);
      expect(answer.calls.map((call) => call.tool)).toEqual(c.calls.map((call) => call.tool));
      c.calls.forEach((call, i) => {
        if (call.input) expect(answer.calls[i]?.input).toEqual(call.input);
      });
      for (const fact of c.has) {
        if (typeof fact === "string") expect(answer.content).toContain(fact);
        else expect(answer.content).toMatch(fact);
      }
      for (const fact of c.hasNot ?? []) {
        if (typeof fact === "string") expect(answer.content).not.toContain(fact);
        else expect(answer.content).not.toMatch(fact);
      }
    },
  );

  it("states no price that is not one of the plans' (or a plan price times the lines)", async () => {
    const allowed = new Set<number>();
    for (const p of PLANS) for (let n = 1; n <= 25; n++) allowed.add(p.pricePerLineCents * n);
    for (const c of CASES.filter((c) => c.calls.every((call) => call.tool === "ratePlans"))) {
      const answer = await ask(c);
      for (const m of answer.content.matchAll(/\$([\d,]+\.\d\d)/g)) {
        expect(allowed, `${c.q}: ${m[0]}`).toContain(
          Math.round(Number(m[1]?.replaceAll(",", "")) * 100),
        );
      }
    }
  });
});
