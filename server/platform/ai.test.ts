import pino from "pino";
import { describe, expect, it } from "vitest";
import { createAiModel } from "./ai.ts";

const logger = pino({ level: "silent" });

describe("the AI port", () => {
  it("is null when no model is configured", () => {
    expect(createAiModel(null, logger)).toBeNull();
  });

  it("builds an OpenAI-compatible chat model from the settings, without calling it", () => {
    const ai = createAiModel(
      {
        baseUrl: "https://llm.example/v1",
        apiKey: "sk-test",
        model: "reader-small",
        timeoutMs: 5_000,
      },
      logger,
    );
    expect(ai).toMatchObject({ name: "reader-small", timeoutMs: 5_000 });
    expect(ai?.model).toMatchObject({ modelId: "reader-small", specificationVersion: "v4" });
  });
});
