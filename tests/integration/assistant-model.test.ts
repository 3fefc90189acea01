import { convertArrayToReadableStream, MockLanguageModelV4 } from "ai/test";
import { eq } from "drizzle-orm";
import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import {
  chat,
  FALLBACK_NOTES,
  gateAnswer,
  getConversation,
  MODEL_STEP_LIMIT,
} from "#server/assistant/index.ts";
import { listRatePlans } from "#server/catalog/index.ts";
import { assistantTokenUsage, customers, deals } from "#server/db/schema/index.ts";
import type { AiModel } from "#server/platform/ai.ts";
import type { ServiceContext, UserContext } from "#server/platform/context.ts";
import { serviceContext } from "#server/runtime.server.ts";
import { createCompanyWithAgent, signInCookie } from "./helpers/accounts.ts";
import { userContextFor } from "./helpers/contexts.ts";
import { setUpTestRuntime, type TestServer } from "./helpers/fixture.ts";
import { TEST_BASE_URL, type TestRuntime } from "./helpers/runtime.ts";

// The assistant's model engine (issue 17, decision 0027) with the AI SDK's mock model: no
// network. The model calls our tools and answers from what they return; the step limit, the
// daily budget, a slow or failing model and the gate's catalog-only tools all end in the
// built-in engine's answer, saying why; another company's data never reaches the model.

const world = setUpTestRuntime({ demo: true, api: true });
let rt: TestRuntime;
let server: TestServer;
let demo: UserContext;
let rival: UserContext;
let demoCookie: string;
const PASSWORD = "assistant-model-password-7";

beforeAll(async () => {
  const w = world();
  rt = w.rt;
  server = w.api;
  demo = await userContextFor(rt, { id: w.demo.agentId });
  demoCookie = await signInCookie(server.url, "demo", "carrierline-demo");
  const other = await createCompanyWithAgent(rt, {
    company: "Rival Model Co",
    username: "rival_model",
    password: PASSWORD,
  });
  rival = await userContextFor(rt, { id: other.userId });
});

afterEach(() => {
  rt.ai = null;
  vi.restoreAllMocks();
});

type StreamResult = Awaited<ReturnType<MockLanguageModelV4["doStream"]>>;
type StreamPart = StreamResult["stream"] extends ReadableStream<infer T> ? T : never;
type CallOptions = MockLanguageModelV4["doStreamCalls"][number];

const finish = (reason: "stop" | "tool-calls", input = 100, output = 50): StreamPart => ({
  type: "finish",
  finishReason: { unified: reason, raw: reason },
  usage: {
    inputTokens: { total: input, noCache: input, cacheRead: undefined, cacheWrite: undefined },
    outputTokens: { total: output, text: output, reasoning: undefined },
  },
});

const streamOf = (parts: StreamPart[]): StreamResult => ({
  stream: convertArrayToReadableStream([{ type: "stream-start", warnings: [] }, ...parts]),
});

/** A model step that writes `text` in a few pieces. */
function says(text: string, tokens?: { input: number; output: number }): StreamResult {
  const pieces = text.match(/.{1,12}/gs) ?? [];
  return streamOf([
    { type: "text-start", id: "t" },
    ...pieces.map((delta): StreamPart => ({ type: "text-delta", id: "t", delta })),
    { type: "text-end", id: "t" },
    finish("stop", tokens?.input, tokens?.output),
  ]);
}

let callNumber = 0;
/** A model step that asks for one of our tools. */
function calls(toolName: string, input: Record<string, unknown>): StreamResult {
  callNumber += 1;
  return streamOf([
    { type: "tool-call", toolCallId: `call-${callNumber}`, toolName, input: JSON.stringify(input) },
    finish("tool-calls"),
  ]);
}

/** A mock model that plays `steps` in order, one per call. */
function scripted(steps: ((call: CallOptions) => StreamResult)[]): MockLanguageModelV4 {
  let n = 0;
  return new MockLanguageModelV4({
    modelId: "mock-assistant",
    doStream: async (call) => {
      const step = steps[Math.min(n, steps.length - 1)];
      n += 1;
      if (!step) throw new Error("no step");
      return step(call);
    },
  });
}

const aiOf = (model: MockLanguageModelV4, timeoutMs = 2_000): AiModel => ({
  model,
  name: "mock-assistant",
  timeoutMs,
});

function withAi<C extends ServiceContext>(
  ctx: C,
  ai: AiModel | null,
  budget = { answerMaxTokens: 1_000, dailyTokensPerAgent: 100_000 },
): C {
  return {
    ...ctx,
    config: { ...ctx.config, assistantBudget: budget },
    ports: { ...ctx.ports, ai },
  };
}

/** Everything the model was sent in one call, as text. */
const sent = (call: CallOptions | undefined) => JSON.stringify(call?.prompt ?? null);
const toolNames = (call: CallOptions | undefined) => (call?.tools ?? []).map((t) => t.name).sort();

async function storedSources(ctx: UserContext, conversationId: string) {
  const conversation = await getConversation(ctx, { id: conversationId });
  return conversation.messages.findLast((m) => !m.isUser)?.sources;
}

async function collect(chunks: AsyncIterable<string>): Promise<string> {
  let text = "";
  for await (const piece of chunks) text += piece;
  return text;
}

describe("without a model", () => {
  it("answers with the built-in engine and sends nothing anywhere", async () => {
    expect(rt.config.ai).toBeNull();
    expect(demo.ports.ai).toBeNull();
    const fetchSpy = vi.spyOn(globalThis, "fetch");
    const answer = await chat(demo, { message: "price 12 lines of Verizon's cheapest unlimited" });
    expect(fetchSpy).not.toHaveBeenCalled();
    expect(answer.content).toMatch(/Verizon/);
    expect(await storedSources(demo, answer.conversationId)).toMatchObject({
      engine: "built-in",
    });
    expect(JSON.stringify(await storedSources(demo, answer.conversationId))).not.toMatch(
      /fallback/,
    );
  });
});

describe("the model engine", () => {
  it("calls a tool, gets our data, and answers from it (a round trip)", async () => {
    const verizon = (await listRatePlans(demo)).filter((p) => p.carrier === "verizon");
    const plan = verizon[0];
    if (!plan) throw new Error("no Verizon plan in the demo catalog");
    const reply = `**${plan.plan}** is on [Plan Comparison](/dashboard/plans).`;
    const model = scripted([() => calls("ratePlans", { carrier: "verizon" }), () => says(reply)]);
    const answer = await chat(withAi(demo, aiOf(model)), { message: "Verizon plans?" });

    expect(answer.content).toBe(reply);
    expect(model.doStreamCalls).toHaveLength(2);
    const [first, second] = model.doStreamCalls;
    // The signed-in agent's model has the catalog and the company's tools.
    expect(toolNames(first)).toEqual([
      "customerDeals",
      "devices",
      "draftQuote",
      "pipeline",
      "promotions",
      "ratePlans",
      "renewals",
      "resources",
    ]);
    expect(sent(first)).toContain("Answer only from the results of the tools");
    expect(sent(first)).toContain("Verizon plans?");
    // The tool's result, read from our catalog, goes back to the model.
    expect(sent(second)).toContain(plan.plan);
    expect(sent(second)).toContain(String(plan.pricePerLineCents));
    expect(await storedSources(demo, answer.conversationId)).toEqual({
      engine: "model",
      model: "mock-assistant",
      calls: [{ tool: "ratePlans", input: { carrier: "verizon" } }],
      cited: [{ label: "Plan Comparison", href: "/dashboard/plans" }],
      state: null,
    });
  });

  it("writes the text of each step as its own paragraph", async () => {
    const model = scripted([
      () =>
        streamOf([
          { type: "text-start", id: "t" },
          { type: "text-delta", id: "t", delta: "Let me check the plans." },
          { type: "text-end", id: "t" },
          { type: "tool-call", toolCallId: "call-p", toolName: "ratePlans", input: "{}" },
          finish("tool-calls"),
        ]),
      () => says("Found them."),
    ]);
    const answer = await chat(withAi(demo, aiOf(model)), { message: "plans?" });
    expect(answer.content).toBe("Let me check the plans.\n\nFound them.");
  });

  it("sends the conversation's recent turns with the next question", async () => {
    const model = scripted([() => says("First answer."), () => says("Second answer.")]);
    const ctx = withAi(demo, aiOf(model));
    const first = await chat(ctx, { message: "Tell me about hotspots" });
    await chat(ctx, { message: "and on T-Mobile?", conversationId: first.conversationId });
    const second = sent(model.doStreamCalls[1]);
    expect(second).toContain("Tell me about hotspots");
    expect(second).toContain("First answer.");
    expect(second).toContain("and on T-Mobile?");
  });

  it("stops at the step limit, and the built-in engine answers, saying why", async () => {
    const model = scripted([() => calls("promotions", {})]);
    const answer = await chat(withAi(demo, aiOf(model)), { message: "promotions on AT&T" });
    expect(model.doStreamCalls).toHaveLength(MODEL_STEP_LIMIT);
    expect(answer.content.startsWith(FALLBACK_NOTES.no_answer)).toBe(true);
    expect(answer.content).toMatch(/AT&T/);
    expect(await storedSources(demo, answer.conversationId)).toMatchObject({
      engine: "built-in",
      fallback: "no_answer",
    });
  });

  it("counts the tokens per agent per day; over the budget the built-in engine answers", async () => {
    const budgeted = await createCompanyWithAgent(rt, {
      company: "Budget Model Co",
      username: "budget_model",
      password: PASSWORD,
    });
    const agent = await userContextFor(rt, { id: budgeted.userId });
    const model = scripted([() => says("A model answer.", { input: 180, output: 70 })]);
    const ctx = withAi(agent, aiOf(model), { answerMaxTokens: 500, dailyTokensPerAgent: 200 });

    const first = await chat(ctx, { message: "What can you do?" });
    expect(first.content).toBe("A model answer.");
    const [usage] = await rt.database.db
      .select()
      .from(assistantTokenUsage)
      .where(eq(assistantTokenUsage.userId, agent.user.id));
    expect(usage).toMatchObject({ tokens: 250, day: new Date().toISOString().slice(0, 10) });

    const second = await chat(ctx, { message: "Verizon plans" });
    expect(model.doStreamCalls).toHaveLength(1);
    expect(second.content.startsWith(FALLBACK_NOTES.budget)).toBe(true);
    expect(second.content).toMatch(/Verizon/);
    expect(await storedSources(agent, second.conversationId)).toMatchObject({
      engine: "built-in",
      fallback: "budget",
    });
    // Another agent's day is their own.
    const other = await chat(withAi(rival, aiOf(model)), { message: "hello" });
    expect(other.content).toBe("A model answer.");
  });

  it("sends the per-answer budget as maxOutputTokens", async () => {
    const model = scripted([() => says("Short.")]);
    await chat(withAi(demo, aiOf(model), { answerMaxTokens: 321, dailyTokensPerAgent: 10_000 }), {
      message: "hi",
    });
    expect(model.doStreamCalls[0]?.maxOutputTokens).toBe(321);
  });

  it("falls back when the model takes longer than its time limit", async () => {
    const model = new MockLanguageModelV4({
      doStream: (call) =>
        new Promise<StreamResult>((_, reject) => {
          call.abortSignal?.addEventListener("abort", () => reject(call.abortSignal?.reason));
        }),
    });
    const started = Date.now();
    const answer = await chat(withAi(demo, aiOf(model, 200)), { message: "Verizon plans" });
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(answer.content.startsWith(FALLBACK_NOTES.timeout)).toBe(true);
    expect(answer.content).toMatch(/Verizon/);
  });

  it("falls back when the model fails, keeping what it had written", async () => {
    const failing = new MockLanguageModelV4({
      doStream: async () => {
        throw new Error("503 from the provider");
      },
    });
    const failed = await chat(withAi(demo, aiOf(failing)), { message: "Verizon plans" });
    expect(failed.content.startsWith(FALLBACK_NOTES.error)).toBe(true);
    expect(await storedSources(demo, failed.conversationId)).toMatchObject({
      engine: "built-in",
      fallback: "error",
    });

    const broken = scripted([
      () =>
        streamOf([
          { type: "text-start", id: "t" },
          { type: "text-delta", id: "t", delta: "Verizon has " },
          { type: "error", error: new Error("connection reset") },
        ]),
    ]);
    const partial = await chat(withAi(demo, aiOf(broken)), { message: "Verizon plans" });
    expect(partial.content.startsWith(`Verizon has \n\n${FALLBACK_NOTES.error}\n\n`)).toBe(true);
  });
});

describe("data the model can reach", () => {
  it("another company's deals never reach the model through the tools", async () => {
    const [deal] = await rt.database.db
      .select({ id: deals.id, title: deals.title, customerCompany: customers.companyName })
      .from(deals)
      .innerJoin(customers, eq(customers.id, deals.customerId))
      .where(eq(deals.companyId, demo.user.companyId))
      .limit(1);
    if (!deal) throw new Error("the demo company has no deals");
    const model = scripted([
      () => calls("customerDeals", { customer: deal.customerCompany }),
      () => calls("pipeline", {}),
      () => says("None found."),
    ]);
    await chat(withAi(rival, aiOf(model)), { message: `deals for ${deal.customerCompany}` });
    const [, afterDeals, afterPipeline] = model.doStreamCalls;
    expect(sent(afterDeals)).not.toContain(deal.id);
    expect(sent(afterDeals)).not.toContain(deal.title);
    // The rival's pipeline is their own: empty columns.
    expect(sent(afterPipeline)).not.toContain(deal.title);
    expect(sent(afterPipeline)).toMatch(/"count\\?":0/);
  });

  it("behind the gate, the model gets the catalog tools only and no history", async () => {
    const model = scripted([() => says("Catalog answer.")]);
    const ctx = withAi(serviceContext(rt), aiOf(model));
    const content = await collect(gateAnswer(ctx, { message: "my pipeline" }));
    expect(content).toBe("Catalog answer.");
    const call = model.doStreamCalls[0];
    expect(toolNames(call)).toEqual(["devices", "promotions", "ratePlans", "resources"]);
    expect(sent(call)).toContain("public catalog only");
    expect(call?.prompt.filter((m) => m.role === "user")).toHaveLength(1);
  });

  it("behind the gate, a model asking for a company tool gets none of its data", async () => {
    const model = scripted([() => calls("pipeline", {}), () => says("I can't see deals.")]);
    const ctx = withAi(serviceContext(rt), aiOf(model));
    const content = await collect(gateAnswer(ctx, { message: "my pipeline" }));
    expect(sent(model.doStreamCalls[1])).not.toMatch(/monthlyRevenueCents/);
    expect(content).not.toMatch(/monthlyRevenueCents/);
    // The SDK answers the call with an error result: the tool is not there to run.
    expect(sent(model.doStreamCalls[1])).toContain("unavailable tool 'pipeline'");
    expect(content).toBe("I can't see deals.");
  });
});

describe("the help when the model fails", () => {
  const failing = () =>
    new MockLanguageModelV4({
      doStream: async () => {
        throw new Error("503 from the provider");
      },
    });

  it("offers a signed-in agent the company's abilities too", async () => {
    const answer = await chat(withAi(demo, aiOf(failing())), { message: "what can you do?" });
    expect(answer.content).toContain(FALLBACK_NOTES.error);
    expect(answer.content).toContain("certified devices");
    expect(answer.content).toContain("pipeline");
    expect(answer.content).toContain("draft a quote");
  });

  it("behind the gate, offers the public catalog alone", async () => {
    const ctx = withAi(serviceContext(rt), aiOf(failing()));
    const content = await collect(gateAnswer(ctx, { message: "what can you do?" }));
    expect(content).toContain(FALLBACK_NOTES.error);
    expect(content).toContain("certified devices");
    expect(content).not.toContain("pipeline");
    expect(content).not.toContain("draft a quote");
  });
});

describe("the stream endpoint with a model", () => {
  it("streams the model's text as it comes and stores it", async () => {
    const reply = "Here are the plans on [Plan Comparison](/dashboard/plans).";
    rt.ai = aiOf(scripted([() => says(reply)]));
    const response = await fetch(`${server.url}/api/chat/stream`, {
      method: "POST",
      headers: { origin: TEST_BASE_URL, "content-type": "application/json", cookie: demoCookie },
      body: JSON.stringify({ message: "plans?" }),
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toBe(reply);
    const id = response.headers.get("x-conversation-id") ?? "";
    expect(await storedSources(demo, id)).toMatchObject({ engine: "model" });
  });

  it("still refuses a signed-out visitor", async () => {
    const model = scripted([() => says("never")]);
    rt.ai = aiOf(model);
    const response = await fetch(`${server.url}/api/chat/stream`, {
      method: "POST",
      headers: { origin: TEST_BASE_URL, "content-type": "application/json" },
      body: JSON.stringify({ message: "plans?" }),
    });
    expect(response.status).toBe(401);
    expect(model.doStreamCalls).toHaveLength(0);
  });
});
