import { MockLanguageModelV4 } from "ai/test";
import { beforeAll, describe, expect, it } from "vitest";
import type { GeneratedQuote, QuoteNeeds } from "#app/lib/schemas/quote.ts";
import type { AiModel } from "#server/platform/ai.ts";
import type { UserContext } from "#server/platform/context.ts";
import {
  builtInNeedsReader,
  createModelNeedsReader,
  generateQuote,
  loadCatalogSnapshot,
  needsReaderOf,
  quoteDay,
  readNeeds,
} from "#server/quotes/index.ts";
import { createCompanyWithAgent, signInCookie } from "./helpers/accounts.ts";
import { userContextFor } from "./helpers/contexts.ts";
import { type PageServer, setUpTestRuntime, type TestServer } from "./helpers/fixture.ts";
import { QUOTE_CUSTOMER } from "./helpers/quotes.ts";
import { TEST_BASE_URL, type TestRuntime } from "./helpers/runtime.ts";

// The model-backed needs reader (issue 15, decision 0022) with the AI SDK's mock model: no
// network. A good answer is the quote's needs; a bad, failing or slow one falls back to the
// built-in reader, and the model is sent the description and nothing else.

const world = setUpTestRuntime({ demo: true, api: true, pages: true });
let rt: TestRuntime;
let api: TestServer;
let pages: PageServer;
let ctx: UserContext;

beforeAll(async () => {
  ({ rt, api, pages } = world());
  ctx = await userContextFor(rt, { username: "demo" });
});

const customerInfo = QUOTE_CUSTOMER;
const DESCRIPTION = "Six phones on AT&T with 30 GB hotspot, two iPads, keep 4 numbers, 36 months";

/** What a model that read DESCRIPTION well would answer (the built-in reader misses nothing here). */
const MODEL_NEEDS: QuoteNeeds = {
  lines: { voice: 6, mobile_internet: 2, hotspot: 0, fixed_wireless: 0, wearable: 0 },
  carriers: { preferred: ["att"], excluded: [] },
  features: {
    hotspotGb: 30,
    premiumDataGb: null,
    international: false,
    fiveG: false,
    video: null,
  },
  budget: { perLineCents: null, monthlyTotalCents: null },
  devices: [{ kind: "mobile_internet", model: "iPad", quantity: 2 }],
  devicePayment: "installments",
  tradeIn: false,
  termMonths: 36,
  portInCount: 4,
  assumptions: ["no phone model named: any phone"],
};

type CallOptions = MockLanguageModelV4["doGenerateCalls"][number];
type GenerateResult = Awaited<ReturnType<MockLanguageModelV4["doGenerate"]>>;

function answer(text: string): GenerateResult {
  return {
    content: [{ type: "text", text }],
    finishReason: { unified: "stop", raw: "stop" },
    usage: {
      inputTokens: { total: 900, noCache: 900, cacheRead: undefined, cacheWrite: undefined },
      outputTokens: { total: 120, text: 120, reasoning: undefined },
    },
    warnings: [],
  };
}

const answering = (value: unknown) =>
  new MockLanguageModelV4({ modelId: "mock-reader", doGenerate: answer(JSON.stringify(value)) });

function aiOf(model: MockLanguageModelV4, timeoutMs = 2_000): AiModel {
  return { model, name: "mock-reader", timeoutMs };
}

function withAi(ai: AiModel | null): UserContext {
  return { ...ctx, ports: { ...ctx.ports, ai } };
}

function quoteWith(ai: AiModel | null, description = DESCRIPTION): Promise<GeneratedQuote> {
  const c = withAi(ai);
  return generateQuote(c, { description, customerInfo }, { reader: needsReaderOf(c) });
}

/** Everything the model was sent in one call, as text. */
function sent(call: CallOptions | undefined): string {
  return JSON.stringify(call ?? null);
}

describe("the model-backed needs reader", () => {
  it("is not used when no model is configured", () => {
    expect(rt.config.ai).toBeNull();
    expect(ctx.ports.ai).toBeNull();
    expect(needsReaderOf(ctx)).toBe(builtInNeedsReader);
  });

  it("uses a valid structured answer: the quote's needs are the model's, the model named", async () => {
    const model = answering(MODEL_NEEDS);
    const quote = await quoteWith(aiOf(model));
    expect(model.doGenerateCalls).toHaveLength(1);
    expect(quote.needs).toEqual({
      ...MODEL_NEEDS,
      assumptions: ["read by the model mock-reader", ...MODEL_NEEDS.assumptions],
    });
    expect(quote.assumptions[0]).toBe("read by the model mock-reader");
    expect(quote.options.length).toBeGreaterThan(0);
    expect(quote.options.every((o) => o.carrier === "att")).toBe(true);
  });

  it("asks for JSON in the needs schema's shape, with instructions and a time limit", async () => {
    const model = answering(MODEL_NEEDS);
    await quoteWith(aiOf(model));
    const call = model.doGenerateCalls[0];
    expect(call?.responseFormat).toMatchObject({ type: "json", name: "quote_needs" });
    const format = call?.responseFormat;
    const schema = format?.type === "json" ? format.schema : undefined;
    expect(schema).toMatchObject({
      type: "object",
      required: expect.arrayContaining([
        "lines",
        "carriers",
        "budget",
        "termMonths",
        "portInCount",
      ]),
    });
    const system = call?.prompt.find((m) => m.role === "system");
    expect(system?.content).toMatch(/budget in whole cents/);
    expect(call?.abortSignal).toBeInstanceOf(AbortSignal);
  });

  it("sends the description and nothing of the customer's details", async () => {
    const model = answering(MODEL_NEEDS);
    const c = withAi(aiOf(model));
    await generateQuote(
      c,
      {
        description: DESCRIPTION,
        customerInfo: { ...customerInfo, contactName: "Quincy Zebulon" },
      },
      { reader: needsReaderOf(c) },
    );
    const request = sent(model.doGenerateCalls[0]);
    const user = model.doGenerateCalls[0]?.prompt.filter((m) => m.role === "user");
    expect(JSON.stringify(user)).toContain(JSON.stringify(DESCRIPTION).slice(1, -1));
    for (const secret of [
      "sam@harbor.example",
      "Quincy Zebulon",
      "Harbor Logistics",
      "harbor.example",
    ]) {
      expect(request).not.toContain(secret);
    }
    // Nor the catalog: the model reads, the engine prices.
    const catalog = await loadCatalogSnapshot(ctx, quoteDay(ctx));
    expect(catalog.plans.length).toBeGreaterThan(10);
    for (const { plan } of catalog.plans) expect(request).not.toContain(plan);
  });

  it.each([
    ["a wrong shape", { lines: "six", carriers: [] }],
    [
      "out-of-range counts",
      { ...MODEL_NEEDS, lines: { ...MODEL_NEEDS.lines, voice: -3, wearable: 1_000_000 } },
    ],
    ["an unknown carrier", { ...MODEL_NEEDS, carriers: { preferred: ["sprint"], excluded: [] } }],
  ])("falls back to the built-in reader on %s, and says so", async (_, bad) => {
    const model = answering(bad);
    const quote = await quoteWith(aiOf(model));
    expect(model.doGenerateCalls.length).toBeGreaterThan(0);
    expectBuiltInFallback(quote);
  });

  it("falls back when the answer is not JSON at all", async () => {
    const model = new MockLanguageModelV4({ doGenerate: answer("Six phones, I think.") });
    expectBuiltInFallback(await quoteWith(aiOf(model)));
  });

  it("falls back when the model fails, and tries it at most twice", async () => {
    const model = new MockLanguageModelV4({
      doGenerate: async () => {
        throw Object.assign(new Error("upstream 503"), { isRetryable: true });
      },
    });
    expectBuiltInFallback(await quoteWith(aiOf(model)));
    expect(model.doGenerateCalls.length).toBeGreaterThanOrEqual(1);
    expect(model.doGenerateCalls.length).toBeLessThanOrEqual(2);
  });

  it("cuts off a model that hangs at the time limit, and falls back", async () => {
    const model = new MockLanguageModelV4({
      // As a real request would: it ends only when the call is aborted.
      doGenerate: (options) =>
        new Promise((_, reject) => {
          options.abortSignal?.addEventListener("abort", () => reject(options.abortSignal?.reason));
        }),
    });
    const started = performance.now();
    const quote = await quoteWith(aiOf(model, 150));
    const elapsed = performance.now() - started;
    expectBuiltInFallback(quote);
    expect(elapsed).toBeGreaterThanOrEqual(140);
    expect(elapsed).toBeLessThan(5_000);
  });

  it("reads through the AI port on POST /api/generate-quote and the Quote Generator page", async () => {
    const cookie = await agentCookie(api.url, "model_reader_api");
    const model = answering(MODEL_NEEDS);
    rt.ai = aiOf(model);
    try {
      const res = await fetch(`${api.url}/api/generate-quote`, {
        method: "POST",
        headers: { origin: TEST_BASE_URL, "content-type": "application/json", cookie },
        body: JSON.stringify({ description: DESCRIPTION, customerInfo }),
      });
      expect(res.status).toBe(200);
      const { quote } = (await res.json()) as { quote: GeneratedQuote };
      expect(quote.needs.portInCount).toBe(4);
      expect(quote.assumptions[0]).toBe("read by the model mock-reader");

      const page = await fetch(`${pages.url}/dashboard/quotes/new`, {
        method: "POST",
        headers: { cookie },
        body: new URLSearchParams({ ...customerInfo, description: DESCRIPTION }),
        redirect: "manual",
      });
      expect(page.status).toBe(200);
      expect(await page.text()).toContain("read by the model mock-reader");
      expect(model.doGenerateCalls).toHaveLength(2);
    } finally {
      rt.ai = null;
    }
  });

  it("is a NeedsReader of its own, named after the model", async () => {
    const reader = createModelNeedsReader(answering(MODEL_NEEDS), {
      name: "mock-reader",
      timeoutMs: 1_000,
      logger: ctx.ports.logger,
    });
    expect(reader.name).toBe("the model mock-reader");
    const needs = await reader.read("anything");
    expect(needs.lines).toEqual(MODEL_NEEDS.lines);
  });
});

function expectBuiltInFallback(quote: GeneratedQuote) {
  expect(quote.assumptions[0]).toMatch(/built-in reader/);
  expect(quote.assumptions).not.toContain("read by the model mock-reader");
  const builtIn = readNeeds(DESCRIPTION);
  expect(quote.needs.lines).toEqual(builtIn.lines);
  expect(quote.needs.portInCount).toBe(builtIn.portInCount);
}

async function agentCookie(url: string, username: string): Promise<string> {
  const password = "model-reader-password-9";
  await createCompanyWithAgent(rt, { company: `Co ${username}`, username, password });
  return signInCookie(url, username, password);
}
