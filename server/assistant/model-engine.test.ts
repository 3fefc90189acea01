import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { createAiModel } from "#server/platform/ai.ts";
import { type ModelOutcome, modelAnswer } from "./model-engine.ts";
import type { AssistantTools, PlanFact } from "./tools.ts";

// The model engine through the real OpenAI-compatible provider, against a stand-in for the chat
// completions API on the loopback interface: what goes over the wire (the message, recent turns,
// the tools, our tool results, and nothing else), streaming, and the usage that is counted.

const PLAN: PlanFact = {
  id: "plan-1",
  carrier: "verizon",
  plan: "Business Unlimited Start",
  planType: "Unlimited",
  pricePerLineCents: 3_000,
  premiumData: null,
  hotspot: "5 GB",
};

const tools: AssistantTools = {
  ratePlans: async () => [PLAN],
  devices: async () => ({ devices: [], total: 0, capped: false }),
  promotions: async () => [],
  resources: async () => [],
  company: null,
};

const TOOL_NAMES = ["ratePlans", "devices", "promotions", "resources"] as const;

type Seen = { path: string; body: Record<string, unknown> };
const seen: Seen[] = [];

const chunk = (delta: Record<string, unknown>, finish: string | null, usage?: unknown) =>
  `data: ${JSON.stringify({
    id: "chatcmpl-1",
    object: "chat.completion.chunk",
    created: 1_764_000_000,
    model: "assistant-small",
    choices: [{ index: 0, delta, finish_reason: finish }],
    ...(usage ? { usage } : {}),
  })}\n\n`;

function reply(res: ServerResponse, step: number) {
  res.writeHead(200, { "content-type": "text/event-stream" });
  if (step === 0) {
    res.write(
      chunk(
        {
          role: "assistant",
          tool_calls: [
            {
              index: 0,
              id: "call_1",
              type: "function",
              function: { name: "ratePlans", arguments: '{"carrier":"verizon"}' },
            },
          ],
        },
        null,
      ),
    );
    res.write(chunk({}, "tool_calls", { prompt_tokens: 400, completion_tokens: 20 }));
  } else {
    res.write(chunk({ role: "assistant", content: "**Business Unlimited Start** " }, null));
    res.write(chunk({ content: "is $30.00 a line." }, null));
    res.write(chunk({}, "stop", { prompt_tokens: 600, completion_tokens: 30 }));
  }
  res.end("data: [DONE]\n\n");
}

const stub = createServer(async (req, res) => {
  const body: unknown = JSON.parse(await bodyOf(req));
  if (typeof body !== "object" || body === null) throw new Error("not a JSON object");
  seen.push({ path: req.url ?? "", body: Object.fromEntries(Object.entries(body)) });
  reply(res, seen.length - 1);
});

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const piece of req) chunks.push(Buffer.from(piece));
  return Buffer.concat(chunks).toString("utf8");
}

let baseUrl = "";
beforeAll(async () => {
  await new Promise<void>((resolve) => stub.listen(0, "127.0.0.1", resolve));
  const address = stub.address();
  if (address === null || typeof address === "string") throw new Error("the stub is not on TCP");
  baseUrl = `http://127.0.0.1:${address.port}/v1`;
});
afterAll(() => new Promise<void>((resolve) => stub.close(() => resolve())));

describe("the model engine over an OpenAI-compatible API", () => {
  it("streams the answer and sends the message, recent turns, tools and tool results only", async () => {
    const logger = pino({ level: "silent" });
    const ai = createAiModel(
      { baseUrl, apiKey: "sk-test", model: "assistant-small", timeoutMs: 5_000 },
      logger,
    );
    if (!ai) throw new Error("no model");
    const run = modelAnswer(ai, {
      tools,
      message: "Verizon's cheapest unlimited plan?",
      history: [
        { isUser: true, content: "an old question" },
        { isUser: false, content: "an old answer" },
      ],
      maxOutputTokens: 700,
      logger,
    });
    const pieces: string[] = [];
    let step = await run.next();
    while (!step.done) {
      pieces.push(step.value);
      step = await run.next();
    }
    const outcome: ModelOutcome = step.value;

    expect(pieces).toEqual(["**Business Unlimited Start** ", "is $30.00 a line."]);
    expect(outcome).toEqual({
      content: "**Business Unlimited Start** is $30.00 a line.",
      calls: [{ tool: "ratePlans", input: { carrier: "verizon" } }],
      tokens: 1_050,
      failure: null,
    });
    expect(seen).toHaveLength(2);
    const [first, second] = seen;
    expect(first).toMatchObject({
      path: "/v1/chat/completions",
      body: {
        model: "assistant-small",
        stream: true,
        stream_options: { include_usage: true },
        max_tokens: 700,
        messages: [
          { role: "system", content: expect.stringContaining("public catalog only") },
          { role: "user", content: "an old question" },
          { role: "assistant", content: "an old answer" },
          { role: "user", content: "Verizon's cheapest unlimited plan?" },
        ],
      },
    });
    const sentTools = z
      .array(z.object({ function: z.object({ name: z.enum(TOOL_NAMES) }) }))
      .parse(first?.body.tools);
    expect(sentTools.map((t) => t.function.name).sort()).toEqual([...TOOL_NAMES].sort());
    // The second call carries our tool's result back, and nothing new from the agent.
    const messages = z
      .array(z.object({ role: z.enum(["system", "user", "assistant", "tool"]) }).loose())
      .parse(second?.body.messages);
    expect(messages.slice(0, 4)).toEqual(first?.body.messages);
    expect(messages.slice(4).map((m) => m.role)).toEqual(["assistant", "tool"]);
    expect(JSON.stringify(messages[5])).toContain("Business Unlimited Start");
  });
});
