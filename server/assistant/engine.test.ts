import { describe, expect, it } from "vitest";
import { builtInAnswer, draftLink, type TurnState } from "./engine.ts";
import { QUESTION_SET as CASES, type Case } from "./question-set.ts";
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

describe("a drafted quote's link", () => {
  it("opens the generator with the description, parentheses encoded for Markdown", () => {
    expect(draftLink("12 lines (Verizon) & hotspots")).toBe(
      "/dashboard/quotes/new?description=12%20lines%20%28Verizon%29%20%26%20hotspots",
    );
  });
});

describe("a plan named in the question", () => {
  // Names as real catalogs have them: shared by carriers, one inside another, one a bare type.
  const CATALOG: PlanFact[] = [
    plan("a1", "att", "Business Unlimited Advanced", "Unlimited", 3_500),
    plan("t1", "tmobile", "Business Unlimited Advanced", "Unlimited", 4_000),
    plan("t2", "tmobile", "Business Unlimited", "Unlimited", 2_500),
    plan("v1", "verizon", "Business Unlimited Start", "Unlimited", 3_000),
    plan("v2", "verizon", "Business Unlimited Tablet Start", "Tablet", 2_000),
    plan("v3", "verizon", "Verizon One Talk Plan", "Unlimited", 4_500),
  ];
  const tools: AssistantTools = {
    ...toolsWith(null),
    ratePlans: async ({ carrier }) => CATALOG.filter((p) => !carrier || p.carrier === carrier),
  };
  const answer = async (q: string) => (await builtInAnswer(tools, q, null)).content;

  it("prices the longest name said: Tablet Start is not Start", async () => {
    const content = await answer("Price 4 lines of Verizon Business Unlimited Tablet Start");
    expect(content).toContain("**Verizon Business Unlimited Tablet Start**");
    expect(content).toContain("**$80.00 a month**");
  });

  it("reads a catalog name with its carrier and 'Plan' in it from the words alone", async () => {
    const content = await answer("how much is one talk for 2 lines on verizon?");
    expect(content).toContain("**Verizon Verizon One Talk Plan**");
    expect(content).toContain("**$90.00 a month**");
  });

  it("compares a name several carriers share, when no carrier is said", async () => {
    const content = await answer("Price 10 lines of Business Unlimited Advanced");
    expect(content).toContain("Business Unlimited Advanced by carrier for 10 lines:");
    expect(content).toContain(
      "| AT&T | Business Unlimited Advanced (Unlimited) | $35.00 | $350.00 |",
    );
    expect(content).toContain("| T-Mobile | Business Unlimited Advanced (Unlimited) | $40.00 |");
    expect(content).not.toContain("| Verizon |");
  });

  it("takes a bare 'unlimited' as a need, not as the plan named Business Unlimited", async () => {
    const content = await answer("price 10 lines of t-mobile unlimited");
    expect(content).toContain("is T-Mobile's cheapest unlimited plan");
    expect(content).toContain("**$250.00 a month**");
    const named = await answer("price 10 lines of t-mobile business unlimited");
    expect(named).toContain("**T-Mobile Business Unlimited** (Unlimited) is **$25.00 per line**");
    expect(named).not.toContain("cheapest");
  });
});

describe("a customer named in the question", () => {
  const customerAsked = async (q: string) =>
    (await builtInAnswer(toolsWith(COMPANY), q, null)).calls.find((c) => c.tool === "customerDeals")
      ?.input.customer;

  it("reads the name from the ways agents ask", async () => {
    expect(await customerAsked("What deals do we have with Harbor Logistics?")).toBe(
      "Harbor Logistics",
    );
    expect(await customerAsked("What deals does Café Ñandú have?")).toBe("Café Ñandú");
    expect(await customerAsked("any opportunities at Northwind Retail this quarter?")).toBe(
      "Northwind Retail",
    );
    expect(await customerAsked("Can you show me all of Harbor Logistics' deals")).toBe(
      "Harbor Logistics",
    );
    expect(await customerAsked("list the Zoë Müller-Peña's deals")).toBe("Zoë Müller-Peña");
  });

  it("takes no carrier, pronoun or period for a customer", async () => {
    expect(await customerAsked("what deals do we have?")).toBeUndefined();
    expect(await customerAsked("Any deals with Verizon?")).toBeUndefined();
    expect(await customerAsked("deals for this quarter")).toBeUndefined();
    expect(await customerAsked("Verizon's deals")).toBeUndefined();
  });
});
