import { createOpenAICompatible } from "@ai-sdk/openai-compatible";
import type { LanguageModel } from "ai";
import type { AiConfig } from "./config.ts";
import type { Logger } from "./logger.ts";

/**
 * The AI port: the configured language model with its name and time limit, or null when AI_* is
 * unset (then nothing is ever sent to a model). The quote generator's needs reader and the assistant's
 * model engine (decision 0027) use it.
 */
export type AiModel = {
  model: LanguageModel;
  /** AI_MODEL, as the logs and a quote's assumptions name it. */
  name: string;
  /** The longest one call may take. */
  timeoutMs: number;
};

export function createAiModel(config: AiConfig | null, logger: Logger): AiModel | null {
  if (config === null) return null;
  // The SDK prints a provider's warnings (an unsupported setting…) with console.warn by default;
  // ours go to the log, with the rest of the server's.
  globalThis.AI_SDK_LOG_WARNINGS = ({ warnings, provider, model }) => {
    logger.warn({ warnings, provider, model }, "the AI model warned about a call");
  };
  const provider = createOpenAICompatible({
    name: "ai",
    baseURL: config.baseUrl,
    apiKey: config.apiKey,
    // Sends the JSON schema as response_format json_schema; the instructions carry it too, for
    // servers that only honour json_object.
    supportsStructuredOutputs: true,
    // Asks for the token usage at the end of a streamed answer (stream_options.include_usage):
    // without it the assistant's daily budget (decision 0027) would count nothing.
    includeUsage: true,
  });
  return { model: provider(config.model), name: config.model, timeoutMs: config.timeoutMs };
}
