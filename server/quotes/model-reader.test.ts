import { createServer, type IncomingMessage } from "node:http";
import pino from "pino";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createAiModel } from "#server/platform/ai.ts";
import { readNeeds } from "./engine/read-needs.ts";
import { createModelNeedsReader } from "./model-reader.ts";

// The model reader through the real OpenAI-compatible provider, against a stand-in for the chat
// completions API on the loopback interface: what goes over the wire, and that the answer is read.

type Seen = { path: string; authorization: string | undefined; body: unknown };
const seen: Seen[] = [];
const NEEDS = { ...readNeeds("12 phones on Verizon, keep 12 numbers"), assumptions: [] };

const stub = createServer(async (req, res) => {
  seen.push({
    path: req.url ?? "",
    authorization: req.headers.authorization,
    body: JSON.parse(await bodyOf(req)),
  });
  res.writeHead(200, { "content-type": "application/json" });
  res.end(
    JSON.stringify({
      id: "chatcmpl-1",
      object: "chat.completion",
      created: 1_764_000_000,
      model: "reader-small",
      choices: [
        {
          index: 0,
          message: { role: "assistant", content: JSON.stringify(NEEDS) },
          finish_reason: "stop",
        },
      ],
      usage: { prompt_tokens: 900, completion_tokens: 120, total_tokens: 1020 },
    }),
  );
});

async function bodyOf(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(Buffer.from(chunk));
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

describe("the model reader over an OpenAI-compatible API", () => {
  it("posts the description with a JSON schema response format, and reads the answer", async () => {
    const logger = pino({ level: "silent" });
    const ai = createAiModel(
      { baseUrl, apiKey: "sk-test", model: "reader-small", timeoutMs: 5_000 },
      logger,
    );
    if (!ai) throw new Error("no model");
    const reader = createModelNeedsReader(ai.model, { name: ai.name, timeoutMs: 5_000, logger });
    const needs = await reader.read("12 phones on Verizon, keep 12 numbers");

    expect(needs).toEqual({ ...NEEDS, assumptions: ["read by the model reader-small"] });
    expect(seen).toHaveLength(1);
    expect(seen[0]).toMatchObject({
      path: "/v1/chat/completions",
      authorization: "Bearer sk-test",
      body: {
        model: "reader-small",
        response_format: {
          type: "json_schema",
          json_schema: { name: "quote_needs", strict: true, schema: { type: "object" } },
        },
        messages: [
          { role: "system", content: expect.stringContaining("telecom reseller") },
          { role: "user", content: "12 phones on Verizon, keep 12 numbers" },
        ],
      },
    });
  });
});
