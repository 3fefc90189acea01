// The built-in engine's question set (issue 17): each question, the previous questions of its
// conversation, the tool calls it must make and the facts its answer must (and must not) hold
// over the fixed tool answers of engine.test.ts. bench/assistant.ts times the same questions.

export type Case = {
  q: string;
  /** The previous questions of the conversation, asked first. */
  before?: string[];
  calls: { tool: string; input?: Record<string, unknown> }[];
  has: (string | RegExp)[];
  hasNot?: (string | RegExp)[];
  gate?: boolean;
};

export const QUESTION_SET: Case[] = [
  // Pricing a plan, and follow-ups on it
  {
    q: "Price 12 lines of Verizon's cheapest unlimited plan",
    calls: [{ tool: "ratePlans", input: {} }],
    has: ["Business Unlimited Start", "$35.00 per line", "$420.00 a month", "/dashboard/plans"],
  },
  {
    q: "and on T-Mobile?",
    before: ["Price 12 lines of Verizon's cheapest unlimited plan"],
    calls: [{ tool: "ratePlans", input: {} }],
    has: ["Business Essentials Unlimited", "$26.00 per line", "$312.00 a month"],
  },
  {
    q: "make it 15 lines",
    before: ["Price 12 lines of Verizon's cheapest unlimited plan"],
    calls: [{ tool: "ratePlans", input: {} }],
    has: ["15 lines", "$525.00 a month"],
  },
  {
    q: "what about AT&T",
    before: ["Price 12 lines of Verizon's cheapest unlimited plan", "make it 15 lines"],
    calls: [{ tool: "ratePlans", input: {} }],
    has: ["Business Unlimited Starter", "$450.00 a month"],
  },
  {
    q: "How much for 5 lines on AT&T unlimited?",
    calls: [{ tool: "ratePlans", input: {} }],
    has: ["$30.00 per line", "$150.00 a month"],
  },
  {
    q: "cost of 20 users on tmobile",
    calls: [{ tool: "ratePlans", input: {} }],
    has: ["Business Essentials Unlimited", "$520.00 a month"],
    hasNot: ["Tablet Data 10GB"],
  },
  {
    q: "price ten lines of verizon basic",
    calls: [{ tool: "ratePlans", input: {} }],
    has: ["Business Basic 5GB", "$200.00 a month"],
  },
  {
    q: "Price 3 lines of Verizon premium",
    calls: [{ tool: "ratePlans", input: {} }],
    has: ["couldn't find", "premium"],
    hasNot: [/\$\d/],
  },
  {
    q: "what is the cheapest unlimited plan on T-Mobile",
    calls: [{ tool: "ratePlans", input: { carrier: "tmobile" } }],
    has: ["Business Essentials Unlimited", "$26.00"],
  },
  // A plan named: that plan is priced, however its name is typed (the cheapest is only for a need)
  {
    q: "How much would 15 lines on Verizon Business Unlimited Plus cost per month?",
    calls: [{ tool: "ratePlans", input: {} }],
    has: [
      "**Verizon Business Unlimited Plus** (Unlimited) is **$45.00 per line**",
      "15 × $45.00 = **$675.00 a month**",
      "Other Verizon Unlimited plans:",
      "- Verizon Business Unlimited Start: $35.00 per line ($525.00 for 15)",
    ],
    hasNot: ["cheapest", "**$525.00 a month**", "Business Basic 5GB"],
  },
  {
    q: "Price 15 lines of Verizon Business Unlimited Plus",
    calls: [{ tool: "ratePlans", input: {} }],
    has: ["**Verizon Business Unlimited Plus**", "**$675.00 a month**"],
    hasNot: ["cheapest", "**$525.00 a month**"],
  },
  {
    q: "price 4 lines of business unlimited plus plan",
    calls: [{ tool: "ratePlans", input: {} }],
    has: ["**Verizon Business Unlimited Plus**", "**$180.00 a month**"],
    hasNot: ["cheapest", "| AT&T |"],
  },
  {
    q: "Verizon unlimited plus for 10 lines, how much?",
    calls: [{ tool: "ratePlans", input: {} }],
    has: ["**Verizon Business Unlimited Plus**", "**$450.00 a month**"],
  },
  {
    q: "make it 20 lines",
    before: ["Price 15 lines of Verizon Business Unlimited Plus"],
    calls: [{ tool: "ratePlans", input: {} }],
    has: ["**Verizon Business Unlimited Plus**", "**$900.00 a month**"],
  },
  {
    q: "and on AT&T?",
    before: ["Price 15 lines of Verizon Business Unlimited Plus"],
    calls: [{ tool: "ratePlans", input: {} }],
    has: [
      "AT&T has no plan named Business Unlimited Plus",
      "**AT&T Business Unlimited Starter** (Unlimited) is AT&T's cheapest unlimited phone plan",
      "**$450.00 a month**",
    ],
  },
  {
    q: "what about the cheapest one?",
    before: ["Price 15 lines of Verizon Business Unlimited Plus"],
    calls: [{ tool: "ratePlans", input: {} }],
    has: ["**Verizon Business Unlimited Start**", "cheapest", "**$525.00 a month**"],
  },
  {
    q: "how much is AT&T Business Unlimited Premium for 3 lines",
    calls: [{ tool: "ratePlans", input: {} }],
    has: ["**AT&T Business Unlimited Premium**", "**$150.00 a month**"],
  },
  // A plan name of another carrier's: said so, priced where it is, and what the carrier has instead
  {
    q: "AT&T Business Unlimited Plus for 10 lines",
    calls: [{ tool: "ratePlans", input: {} }],
    has: [
      /AT&T has no plan named Business Unlimited Plus in our rate plans\. Verizon has it:\n- Verizon Business Unlimited Plus: \$45\.00 per line \(\$450\.00 for 10\)\n\nWhat AT&T has instead: \*\*AT&T Business Unlimited Starter\*\* \(Unlimited\) is AT&T's cheapest unlimited phone plan at \*\*\$30\.00 per line\*\* a month\./,
      "10 × $30.00 = **$300.00 a month**",
      "- AT&T Business Unlimited Premium: $50.00 per line ($500.00 for 10)",
    ],
    hasNot: ["**AT&T Business Unlimited Plus**", "**$450.00 a month**", "Wearable"],
  },
  {
    q: "how much is T-Mobile unlimited plus for 4 lines?",
    calls: [{ tool: "ratePlans", input: {} }],
    has: [
      "T-Mobile has no plan named Business Unlimited Plus in our rate plans. Verizon has it:",
      "- Verizon Business Unlimited Plus: $45.00 per line ($180.00 for 4)",
      "**T-Mobile Business Essentials Unlimited** (Unlimited) is T-Mobile's cheapest unlimited phone plan",
      "**$104.00 a month**",
    ],
    hasNot: ["**T-Mobile Business Unlimited Plus**", "**$180.00 a month**"],
  },
  {
    q: "and on Verizon?",
    before: ["AT&T Business Unlimited Plus for 10 lines"],
    calls: [{ tool: "ratePlans", input: {} }],
    has: [
      "**Verizon Business Unlimited Plus** (Unlimited) is **$45.00 per line**",
      "**$450.00 a month**",
    ],
    hasNot: ["has no plan named", "cheapest"],
  },
  {
    q: "make it 20 lines",
    before: ["AT&T Business Unlimited Plus for 10 lines"],
    calls: [{ tool: "ratePlans", input: {} }],
    has: [
      "AT&T has no plan named Business Unlimited Plus",
      "- Verizon Business Unlimited Plus: $45.00 per line ($900.00 for 20)",
      "**AT&T Business Unlimited Starter**",
      "**$600.00 a month**",
    ],
  },
  // A plan name no carrier has: said so before the carrier's plan, which is labelled as instead
  {
    q: "price 10 lines of AT&T Business Unlimited Elite",
    calls: [{ tool: "ratePlans", input: {} }],
    has: [
      "AT&T has no plan named Business Unlimited Elite in our rate plans.\n\nWhat AT&T has instead: **AT&T Business Unlimited Starter** (Unlimited) is AT&T's cheapest unlimited phone plan at **$30.00 per line** a month.",
      "**$300.00 a month**",
    ],
    hasNot: ["**AT&T Business Unlimited Elite**", "has it:"],
  },
  {
    q: "price 4 lines of T-Mobile Magenta MAX",
    calls: [{ tool: "ratePlans", input: {} }],
    has: [
      "T-Mobile has no plan named Magenta MAX in our rate plans.\n\nWhat T-Mobile has instead: **T-Mobile Business Essentials Unlimited** (Unlimited) is T-Mobile's cheapest phone plan at **$26.00 per line** a month.",
      "**$104.00 a month**",
    ],
    hasNot: ["T-Mobile's cheapest plan"],
  },
  {
    q: "price 10 lines of Verizon Business Unlimited Welcome",
    calls: [{ tool: "ratePlans", input: {} }],
    has: [
      "Verizon has no plan named Business Unlimited Welcome in our rate plans.",
      "What Verizon has instead: **Verizon Business Unlimited Start**",
      "**$350.00 a month**",
    ],
  },
  {
    q: "and on Verizon?",
    before: ["price 4 lines of T-Mobile Magenta MAX"],
    calls: [{ tool: "ratePlans", input: {} }],
    has: [
      "Verizon has no plan named Magenta MAX in our rate plans.",
      "What Verizon has instead: **Verizon Business Unlimited Start**",
      "**$140.00 a month**",
    ],
  },
  {
    q: "price 10 lines of Business Unlimited Elite",
    calls: [{ tool: "ratePlans", input: {} }],
    has: [
      "No carrier has a plan named Business Unlimited Elite in our rate plans.",
      "Cheapest unlimited phone plan per carrier for 10 lines:",
      "| T-Mobile | Business Essentials Unlimited (Unlimited) | $26.00 | $260.00 |",
    ],
  },
  {
    // Plain words of a need name no plan.
    q: "price 10 lines of AT&T business unlimited",
    calls: [{ tool: "ratePlans", input: {} }],
    has: ["**AT&T Business Unlimited Starter**", "**$300.00 a month**"],
    hasNot: ["has no plan named"],
  },
  // "Cheapest" is said of the plans it was chosen from; "most expensive" is answered as asked
  {
    q: "price 20 lines on AT&T",
    calls: [{ tool: "ratePlans", input: {} }],
    has: [
      "**AT&T Business Unlimited Starter** (Unlimited) is AT&T's cheapest phone plan at **$30.00 per line** a month.",
      "**$600.00 a month**",
    ],
    hasNot: ["AT&T's cheapest plan", "Wearable"],
  },
  {
    q: "What's the price of AT&T's most expensive plan for 3 lines?",
    calls: [{ tool: "ratePlans", input: {} }],
    has: [
      "**AT&T Business Unlimited Premium** (Unlimited) is AT&T's most expensive phone plan at **$50.00 per line** a month.",
      "**$150.00 a month**",
    ],
    hasNot: ["cheapest", "**$90.00 a month**"],
  },
  {
    q: "most expensive unlimited plan for 10 lines",
    calls: [{ tool: "ratePlans", input: {} }],
    has: [
      "Most expensive unlimited phone plan per carrier for 10 lines:",
      "| AT&T | Business Unlimited Premium (Unlimited) | $50.00 | $500.00 |",
      "**AT&T Business Unlimited Premium** is the highest at $50.00 per line.",
    ],
    hasNot: ["Cheapest", "lowest"],
  },
  // A line count no quote can take is said so, not priced as one line
  {
    q: "How much for 0 lines of Verizon Business Unlimited Plus?",
    calls: [{ tool: "ratePlans", input: {} }],
    has: ["I can't price 0 lines: a quote needs between 1 and 10,000 lines."],
    hasNot: [/\$\d/, "1 line"],
  },
  {
    q: "price 100000000 lines of Verizon Business Unlimited Plus",
    calls: [{ tool: "ratePlans", input: {} }],
    has: ["I can't price 100,000,000 lines: a quote needs between 1 and 10,000 lines."],
    hasNot: [/\$\d/],
  },
  {
    q: "make it 0 lines",
    before: ["Price 15 lines of Verizon Business Unlimited Plus"],
    calls: [{ tool: "ratePlans", input: {} }],
    has: ["I can't price 0 lines"],
    hasNot: [/\$\d/],
  },
  {
    q: "make it 10 lines",
    before: ["How much for 0 lines of Verizon Business Unlimited Plus?"],
    calls: [{ tool: "ratePlans", input: {} }],
    has: [
      "**Verizon Business Unlimited Plus** (Unlimited) is **$45.00 per line**",
      "**$450.00 a month**",
    ],
  },
  // A device's plan: a tablet, watch or hotspot word prices that kind of plan, not a phone's
  {
    q: "Verizon unlimited tablet for 3 lines",
    calls: [{ tool: "ratePlans", input: {} }],
    has: [
      "**Verizon Business Unlimited Tablet Start** (Tablet) is Verizon's cheapest unlimited tablet plan at **$20.00 per line** a month.",
      "3 × $20.00 = **$60.00 a month**",
    ],
    // T-Mobile's "Business Unlimited Tablet" only says what the plan is for: not taken as a name.
    hasNot: ["**Verizon Business Unlimited Start**", "$105.00", "has no plan named", "T-Mobile"],
  },
  {
    q: "unlimited plan for 4 tablets on T-Mobile",
    calls: [{ tool: "ratePlans", input: {} }],
    has: [
      "**T-Mobile Business Unlimited Tablet** (Tablet) is T-Mobile's cheapest unlimited tablet plan",
      "4 × $20.00 = **$80.00 a month**",
    ],
    hasNot: ["Business Essentials Unlimited", "Tablet Data 10GB", "certified"],
  },
  {
    q: "3 Verizon tablet lines",
    calls: [{ tool: "ratePlans", input: {} }],
    has: [
      "**Verizon Business Unlimited Tablet Start**",
      "cheapest tablet plan",
      "**$60.00 a month**",
    ],
    hasNot: ["Business Basic 5GB"],
  },
  {
    q: "watch plan for 5 lines AT&T",
    calls: [{ tool: "ratePlans", input: {} }],
    has: [
      "**AT&T Business Unlimited Wearable** (Wearable) is AT&T's cheapest wearable plan",
      "5 × $10.00 = **$50.00 a month**",
    ],
    hasNot: ["Business Unlimited Starter"],
  },
  {
    q: "and on AT&T?",
    before: ["Verizon unlimited tablet for 3 lines"],
    calls: [{ tool: "ratePlans", input: {} }],
    has: ["couldn't find", "unlimited tablet", "AT&T"],
    hasNot: [/\$\d/],
  },
  {
    q: "unlimited tablet plans for 5 lines",
    calls: [{ tool: "ratePlans", input: {} }],
    has: [
      "Cheapest unlimited tablet plan per carrier for 5 lines:",
      "| Verizon | Business Unlimited Tablet Start (Tablet) | $20.00 | $100.00 |",
      "| T-Mobile | Business Unlimited Tablet (Tablet) | $20.00 | $100.00 |",
      "No matching plan for AT&T",
    ],
    hasNot: ["Business Unlimited Tablet by carrier", "Business Essentials Unlimited"],
  },
  {
    q: "Verizon unlimited plan with hotspot for 10 lines",
    calls: [{ tool: "ratePlans", input: {} }],
    has: [
      "**Verizon Business Unlimited Start** (Unlimited) is Verizon's cheapest unlimited phone plan",
      "**$350.00 a month**",
    ],
    hasNot: ["Tablet"],
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
    has: ["10 in all", "Tablet Data 10GB"],
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
    q: "What deals do we have with Acme Logistics?",
    calls: [{ tool: "customerDeals", input: { customer: "Acme Logistics" } }],
    has: ["[Acme fleet phones](/dashboard/deals/d1)"],
  },
  {
    q: "What deals does Acme have?",
    calls: [{ tool: "customerDeals", input: { customer: "Acme" } }],
    has: ["[Acme fleet phones](/dashboard/deals/d1)"],
  },
  {
    q: "Show me Acme's deals",
    calls: [{ tool: "customerDeals", input: { customer: "Acme" } }],
    has: ["[Acme fleet phones](/dashboard/deals/d1)"],
  },
  {
    q: "What are Acme Logistics' open deals right now?",
    calls: [{ tool: "customerDeals", input: { customer: "Acme Logistics" } }],
    has: ["[Acme fleet phones](/dashboard/deals/d1)"],
  },
  {
    q: "What deals does Café Ñandú have?",
    calls: [{ tool: "customerDeals", input: { customer: "Café Ñandú" } }],
    has: ['found no deals for "Café Ñandú"'],
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
  { q: "what can you do?", calls: [], has: ["certified devices", "pipeline", "draft a quote"] },
  // Behind the gate: the catalog only, and the help offers only that
  {
    q: "what can you do?",
    gate: true,
    calls: [],
    has: ["certified devices", "sales resources"],
    hasNot: ["pipeline", "draft a quote"],
  },
  { q: "hello", gate: true, calls: [], has: ["price lines"], hasNot: ["pipeline", "quote"] },
  {
    q: "What is the weather in Denver?",
    gate: true,
    calls: [],
    has: ["I don't know", "promotions"],
    hasNot: ["pipeline", "draft a quote"],
  },
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
    q: "What deals do we have with Acme Logistics?",
    gate: true,
    calls: [],
    has: ["signed-in agent"],
    hasNot: ["Acme fleet"],
  },
  {
    q: "Price 12 lines of Verizon's cheapest unlimited plan",
    gate: true,
    calls: [{ tool: "ratePlans", input: {} }],
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
