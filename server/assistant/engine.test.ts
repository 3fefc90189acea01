import { describe, expect, it } from "vitest";
import { formatCents } from "#app/lib/format.ts";
import { MAX_QUOTE_LINES } from "#app/lib/schemas/quote.ts";
import { builtInAnswer, draftLink, lineKindIn, linesIn, type TurnState } from "./engine.ts";
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
  plan("p8", "verizon", "Business Unlimited Tablet Start", "Tablet", 2_000),
  plan("p9", "att", "Business Unlimited Wearable", "Wearable", 1_000),
  plan("p10", "tmobile", "Business Unlimited Tablet", "Tablet", 2_000),
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

/** The answer to a question asked after the conversation's earlier ones. */
async function converse(tools: AssistantTools, q: string, before: string[] = []) {
  let state: TurnState | null = null;
  for (const b of before) state = (await builtInAnswer(tools, b, state)).state ?? state;
  return builtInAnswer(tools, q, state);
}

const ask = (c: Case) => converse(toolsWith(c.gate ? null : COMPANY), c.q, c.before);

/** Asks over a catalog of the test's own, behind the gate. */
function askOver(catalog: PlanFact[]) {
  const tools: AssistantTools = {
    ...toolsWith(null),
    ratePlans: async ({ carrier }) => catalog.filter((p) => !carrier || p.carrier === carrier),
  };
  return async (q: string, before?: string[]) => (await converse(tools, q, before)).content;
}

// The demo catalog's names, kinds and list prices (server/db/seed/data/rate-plans.ts).
const DEMO_CATALOG: PlanFact[] = [
  plan("a1", "att", "Business Unlimited Standard", "Business Unlimited", 3_000),
  plan("a2", "att", "Business Unlimited Advanced", "Business Unlimited", 3_500),
  plan("a3", "att", "Business Unlimited Premium", "Business Unlimited", 4_500),
  plan("a4", "att", "Business Unlimited Tablet", "Business Unlimited Tablet", 2_000),
  plan("a5", "att", "Business Unlimited Hotspot", "Hotspot", 5_000),
  plan("a6", "att", "Business Unlimited Wearable", "Wearable", 1_000),
  plan("v1", "verizon", "Business Unlimited Start", "Business Unlimited", 3_000),
  plan("v2", "verizon", "Business Unlimited Plus", "Business Unlimited", 4_000),
  plan("v3", "verizon", "Business Unlimited Tablet Start", "Business Unlimited Tablet", 2_000),
  plan("v4", "verizon", "Business Unlimited Tablet Pro", "Business Unlimited Tablet", 3_000),
  plan("v5", "verizon", "Business Unlimited Data Pro", "Hotspot", 6_000),
  plan("v6", "verizon", "5G Business Internet 200 Mbps", "Fixed Wireless", 6_900),
  plan("v7", "verizon", "Business Unlimited Smartwatch", "Wearable", 1_000),
  plan("t1", "tmobile", "Business Unlimited Essentials", "Business Unlimited", 2_600),
  plan("t2", "tmobile", "Business Unlimited Advanced", "Business Unlimited", 4_000),
  plan("t3", "tmobile", "Business Unlimited Tablet", "Business Unlimited Tablet", 2_000),
  plan("t4", "tmobile", "Business Wearable Unlimited", "Wearable", 1_200),
];

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
  const answer = askOver(CATALOG);

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
    expect(content).toContain("is T-Mobile's cheapest unlimited phone plan");
    expect(content).toContain("**$250.00 a month**");
    const named = await answer("price 10 lines of t-mobile business unlimited");
    expect(named).toContain("**T-Mobile Business Unlimited** (Unlimited) is **$25.00 per line**");
    expect(named).not.toContain("cheapest");
  });
});

describe("a plan name that is another carrier's", () => {
  const answer = askOver(DEMO_CATALOG);

  it("says the carrier has no such plan and whose it is, priced there, before the carrier's own", async () => {
    const content = await answer("AT&T Business Unlimited Plus for 10 lines");
    expect(content).toContain(
      [
        "AT&T has no plan named Business Unlimited Plus in our rate plans. Verizon has it:",
        "- Verizon Business Unlimited Plus: $40.00 per line ($400.00 for 10)",
        "",
        "What AT&T has instead: **AT&T Business Unlimited Standard** (Business Unlimited) is AT&T's cheapest unlimited phone plan at **$30.00 per line** a month.",
      ].join("\n"),
    );
    expect(content).toContain("10 × $30.00 = **$300.00 a month**");
    expect(content).not.toContain("**AT&T Business Unlimited Plus**");
    expect(content).not.toContain("**$400.00 a month**");
  });

  it("says so in the same words for the plan of the turn before", async () => {
    const content = await answer("and on AT&T?", [
      "Price 10 lines of Verizon Business Unlimited Plus",
    ]);
    expect(content).toContain(
      "AT&T has no plan named Business Unlimited Plus in our rate plans. Verizon has it:\n- Verizon Business Unlimited Plus: $40.00 per line ($400.00 for 10)",
    );
    expect(content).toContain("What AT&T has instead: **AT&T Business Unlimited Standard**");
  });

  it("names every carrier that has it, and offers the carrier's plan of the same kind", async () => {
    const shared = await answer("Verizon Business Unlimited Advanced for 2 lines");
    expect(shared).toContain(
      "Verizon has no plan named Business Unlimited Advanced in our rate plans. AT&T and T-Mobile have it:",
    );
    expect(shared).toContain("- AT&T Business Unlimited Advanced: $35.00 per line ($70.00 for 2)");
    expect(shared).toContain(
      "- T-Mobile Business Unlimited Advanced: $40.00 per line ($80.00 for 2)",
    );
    expect(shared).toContain(
      "**Verizon Business Unlimited Start** (Business Unlimited) is Verizon's cheapest unlimited phone plan",
    );

    const tablet = await answer("AT&T Business Unlimited Tablet Start for 3 lines");
    expect(tablet).toContain(
      "AT&T has no plan named Business Unlimited Tablet Start in our rate plans. Verizon has it:",
    );
    expect(tablet).toContain(
      "What AT&T has instead: **AT&T Business Unlimited Tablet** (Business Unlimited Tablet) is AT&T's cheapest unlimited tablet plan",
    );
    expect(tablet).toContain("**$60.00 a month**");
  });

  it("prices the plan where it is when the agent moves to that carrier", async () => {
    const content = await answer("and on Verizon?", ["AT&T Business Unlimited Plus for 10 lines"]);
    expect(content).toContain(
      "**Verizon Business Unlimited Plus** (Business Unlimited) is **$40.00 per line**",
    );
    expect(content).toContain("**$400.00 a month**");
    expect(content).not.toContain("has no plan named");
  });

  it("takes a name that only says what a plan is for as a need at another carrier", async () => {
    const content = await answer("Verizon business unlimited tablet for 3 lines");
    expect(content).not.toContain("has no plan named");
    expect(content).toContain(
      "**Verizon Business Unlimited Tablet Start** (Business Unlimited Tablet) is Verizon's cheapest unlimited tablet plan",
    );
    expect(content).toContain("**$60.00 a month**");
  });
});

describe("a plan name no carrier has", () => {
  const answer = askOver(DEMO_CATALOG);

  it.each([
    ["price 10 lines of AT&T Business Unlimited Elite", "AT&T", "Business Unlimited Elite"],
    ["price 4 lines of T-Mobile Magenta MAX", "T-Mobile", "Magenta MAX"],
    [
      "price 10 lines of Verizon Business Unlimited Welcome",
      "Verizon",
      "Business Unlimited Welcome",
    ],
    ["T-Mobile's Magenta MAX plan for 4 lines", "T-Mobile", "Magenta MAX"],
    ["price 4 lines of Magenta MAX on T-Mobile", "T-Mobile", "Magenta MAX"],
  ])("%s: says %s has no %s, then labels its plan as instead", async (q, carrier, name) => {
    const content = await answer(q);
    expect(content).toMatch(
      new RegExp(
        `^${carrier} has no plan named ${name} in our rate plans\\.\n\nWhat ${carrier} has instead: \\*\\*${carrier} Business Unlimited (?:Standard|Start|Essentials)\\*\\*`,
      ),
    );
  });

  it("says no carrier has it when none is asked about, and keeps the name for a follow-up", async () => {
    const content = await answer("price 10 lines of Business Unlimited Elite");
    expect(content).toContain(
      "No carrier has a plan named Business Unlimited Elite in our rate plans.\n\nCheapest unlimited phone plan per carrier for 10 lines:",
    );
    const next = await answer("and on AT&T?", ["price 10 lines of T-Mobile Magenta MAX"]);
    expect(next).toContain("AT&T has no plan named Magenta MAX in our rate plans.");
    expect(next).toContain("**$300.00 a month**");
  });

  it("takes plain words of a need, and part of a catalog name, for no name", async () => {
    for (const q of [
      "price 10 lines of t-mobile unlimited",
      "price 10 lines of AT&T business unlimited",
      "Price 12 lines of Verizon's cheapest unlimited plan",
      "How much for 5 lines on AT&T unlimited?",
      "3 Verizon tablet lines",
      "AT&T data-only plan for 2 lines",
      "Verizon 5G business internet for 2 locations",
      "Verizon Tablet Pro for 2 tablets",
      "price 20 lines on AT&T for my client",
      "How much is 10 lines on T-Mobile right now?",
      "cost of 20 users on tmobile",
      "What's the price of AT&T's most expensive plan for 3 lines?",
    ]) {
      expect(await answer(q), q).not.toContain("has no plan named");
    }
  });
});

describe("the plan chosen by price", () => {
  const answer = askOver(DEMO_CATALOG);

  it("is called the cheapest of the pool it was chosen from: phone plans, not all plans", async () => {
    // AT&T's $10 wearable and $20 tablet plans cost less than any of its phone plans.
    const att = await answer("price 20 lines on AT&T");
    expect(att).toContain(
      "**AT&T Business Unlimited Standard** (Business Unlimited) is AT&T's cheapest phone plan at **$30.00 per line** a month.",
    );
    const tmobile = await answer("price 4 lines of T-Mobile Magenta MAX");
    expect(tmobile).toContain("is T-Mobile's cheapest phone plan at **$26.00 per line**");
    for (const content of [att, tmobile]) expect(content).not.toMatch(/'s cheapest plan\b/);
  });

  it("is the most expensive when that is asked, here and across carriers", async () => {
    const att = await answer("What's the price of AT&T's most expensive plan for 3 lines?");
    expect(att).toContain(
      "**AT&T Business Unlimited Premium** (Business Unlimited) is AT&T's most expensive phone plan at **$45.00 per line** a month.",
    );
    expect(att).toContain("**$135.00 a month**");
    expect(att).not.toContain("cheapest");
    const all = await answer("priciest unlimited plan for 10 lines");
    expect(all).toContain("Most expensive unlimited phone plan per carrier for 10 lines:");
    expect(all).toContain("**AT&T Business Unlimited Premium** is the highest at $45.00");
    expect(all).not.toMatch(/cheapest|lowest/i);
    // "cheapest" asked again after it is the cheapest once more.
    const back = await answer("and the cheapest?", ["price 3 lines of AT&T's priciest plan"]);
    expect(back).toContain("**AT&T Business Unlimited Standard**");
  });
});

describe("a line count no quote can take", () => {
  const answer = askOver(DEMO_CATALOG);

  it.each([
    ["How much for 0 lines of Verizon Business Unlimited Plus?", "0"],
    ["price 100000000 lines of Verizon Business Unlimited Plus", "100,000,000"],
    ["price 10,001 lines on AT&T", "10,001"],
    ["compare unlimited plans for 0 lines", "0"],
  ])("%s: says it cannot price %s lines, and prices nothing", async (q, said) => {
    const content = await answer(q);
    expect(content).toBe(
      `I can't price ${said} lines: a quote needs between 1 and ${MAX_QUOTE_LINES.toLocaleString("en-US")} lines.`,
    );
  });

  it("prices the quote's largest count, and the plan asked about once a count can be", async () => {
    expect(await answer(`price ${MAX_QUOTE_LINES} lines on AT&T`)).toContain(
      `**${formatCents(3_000 * MAX_QUOTE_LINES)} a month**`,
    );
    const next = await answer("make it 10 lines", [
      "How much for 0 lines of Verizon Business Unlimited Plus?",
    ]);
    expect(next).toContain("**Verizon Business Unlimited Plus**");
    expect(next).toContain("**$400.00 a month**");
  });

  it("reads the count as said, commas and all", () => {
    expect(linesIn("price 10,001 lines")).toBe(10_001);
    expect(linesIn("price 0 lines")).toBe(0);
    expect(linesIn("price 100000000 lines")).toBe(100_000_000);
  });
});

describe("a device's plan in the question", () => {
  const answer = askOver(DEMO_CATALOG);

  it.each([
    ["Verizon unlimited tablet for 3 lines", "Verizon Business Unlimited Tablet Start", "$60.00"],
    ["unlimited plan for 4 tablets on T-Mobile", "T-Mobile Business Unlimited Tablet", "$80.00"],
    ["3 Verizon tablet lines", "Verizon Business Unlimited Tablet Start", "$60.00"],
    ["watch plan for 5 lines AT&T", "AT&T Business Unlimited Wearable", "$50.00"],
    ["how much for 2 smartwatches on verizon?", "Verizon Business Unlimited Smartwatch", "$20.00"],
    ["price 2 hotspots on Verizon", "Verizon Business Unlimited Data Pro", "$120.00"],
    ["AT&T data-only plan for 2 lines", "AT&T Business Unlimited Tablet", "$40.00"],
  ])("%s: %s", async (q, name, total) => {
    const content = await answer(q);
    expect(content).toContain(`**${name}**`);
    expect(content).toContain(`**${total} a month**`);
    expect(content).not.toMatch(/\*\*\S+ Business Unlimited (?:Standard|Start|Essentials)\*\*/);
  });

  it("keeps a hotspot said as a feature, or beside other lines, on the phone plan", async () => {
    for (const q of [
      "Verizon unlimited plan with hotspot for 10 lines",
      "price 10 lines with a mobile hotspot on verizon",
      "price 10 lines and 2 hotspots on verizon",
    ]) {
      expect(await answer(q), q).toContain("**Verizon Business Unlimited Start**");
    }
  });

  it("reads the kind from the device counted, else from the first device said", () => {
    expect(lineKindIn("unlimited plan for 4 tablets on T-Mobile")).toBe("mobile_internet");
    expect(lineKindIn("3 Verizon tablet lines")).toBe("mobile_internet");
    expect(lineKindIn("watch plan for 5 lines AT&T")).toBe("wearable");
    expect(lineKindIn("10 phones and 2 tablets on AT&T")).toBe("voice");
    expect(lineKindIn("T-Mobile internet for 2 lines")).toBeUndefined();
    // Internet for sites: counted locations, "with business internet" the need, not an aside.
    expect(lineKindIn("3 locations with business internet on AT&T")).toBe("fixed_wireless");
    expect(lineKindIn("Price 12 lines of Verizon's cheapest unlimited plan")).toBeUndefined();
    expect(linesIn("3 Verizon tablet lines")).toBe(3);
    expect(linesIn("unlimited plan for 4 tablets on T-Mobile")).toBe(4);
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
