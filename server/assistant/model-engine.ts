import {
  type LanguageModelUsage,
  type ModelMessage,
  type StopCondition,
  stepCountIs,
  streamText,
  type ToolSet,
  tool,
} from "ai";
import { z } from "zod";
import type { AiModel } from "#server/platform/ai.ts";
import type { Logger } from "#server/platform/logger.ts";
import type { ToolCall } from "./engine.ts";
import {
  type AssistantTools,
  customerDealsInput,
  devicesInput,
  draftQuoteInput,
  promotionsInput,
  ratePlansInput,
  resourcesInput,
} from "./tools.ts";

// The model engine (issue 17, decision 0027): a configured language model answers over the SAME
// tools as the built-in engine. It only sees what the tools return, so the facts it can state
// are our records; the instructions tell it to state nothing else and to cite what it used.

/** Model calls one answer may make: a few tool rounds and the answer. */
export const MODEL_STEP_LIMIT = 5;
/** Earlier messages of the conversation sent with a question (three questions and answers). */
export const HISTORY_MESSAGES = 6;

const INSTRUCTIONS = `You are Carrierline's sales assistant for the agents of a telecom reseller (carriers: AT&T, Verizon, T-Mobile).

Rules:
- Answer only from the results of the tools you call in this conversation. Never state a price, plan, device, promotion, deal, customer or figure that did not come from a tool result. If the tools do not have it, say you don't know and say what you can do.
- Amounts in tool results ending in "Cents" are US cents: write them as dollars ("$45.00").
- Cite what you used: name the plans, device models, promotion titles, resources and deals, and link the screen they come from in Markdown: [Plan Comparison](/dashboard/plans), [Certified Devices](/dashboard/devices), [Carrier Promos](/dashboard/promos), [Sales Resources](/dashboard/resources), [My Deals](/dashboard/deals), [Quote Generator](/dashboard/quotes/new). Link a resource's file or a deal with the href or id a tool gave.
- Answer in short Markdown (lists or a table for several items). Do not show tool names or JSON.`;

const GATE_INSTRUCTIONS = `${INSTRUCTIONS}
- You are on the public assistant page: you can read the public catalog only (rate plans, certified devices, promotions, sales resources). Nobody is signed in, so you cannot read any company's deals, customers, renewals or quotes; for those, say the agent must sign in. Do not link files or portal screens.`;

const noInput = z.object({});

/** The tools the model may call: the catalog always, the company's only for a signed-in agent. */
export function modelTools(tools: AssistantTools): ToolSet {
  const signedIn = tools.company !== null;
  const catalog: ToolSet = {
    ratePlans: tool({
      description:
        "Rate plans with their price per line a month, by carrier (all carriers when none is given).",
      inputSchema: ratePlansInput,
      execute: (input) => tools.ratePlans(input),
    }),
    devices: tool({
      description:
        "Certified devices by carrier, type, network technology and a search term (model or maker); at most 8 with the total found.",
      inputSchema: devicesInput,
      execute: (input) => tools.devices(input),
    }),
    promotions: tool({
      description: "Current carrier promotions with their value, end date and requirements.",
      inputSchema: promotionsInput,
      execute: (input) => tools.promotions(input),
    }),
    resources: tool({
      description:
        "Sales resources (brochures, case studies, guides) by search term, carrier, type.",
      inputSchema: resourcesInput,
      // Behind the gate the files are not reachable (they need a session): no links to give.
      execute: async (input) => {
        const rows = await tools.resources(input);
        return signedIn ? rows : rows.map(({ href: _href, ...rest }) => rest);
      },
    }),
  };
  const company = tools.company;
  if (company === null) return catalog;
  return {
    ...catalog,
    pipeline: tool({
      description:
        "The agent's company's deals by stage: count, total value and monthly revenue (cents).",
      inputSchema: noInput,
      execute: () => company.pipeline(),
    }),
    renewals: tool({
      description: "The company's won deals whose contracts end soon.",
      inputSchema: noInput,
      execute: () => company.renewals(),
    }),
    customerDeals: tool({
      description: "The company's deals for a customer named by company, contact name or email.",
      inputSchema: customerDealsInput,
      execute: (input) => company.customerDeals(input),
    }),
    draftQuote: tool({
      description:
        "Prices a plain-words description of what a customer needs (lines, devices, carrier, features) with the quote engine: options with monthly and one-time totals.",
      inputSchema: draftQuoteInput,
      execute: (input) => company.draftQuote(input),
    }),
  };
}

export type ModelEngineInput = {
  tools: AssistantTools;
  message: string;
  /** The conversation's earlier messages, oldest first (the last HISTORY_MESSAGES are sent). */
  history: { isUser: boolean; content: string }[];
  /** The most tokens the model may write for the whole answer. */
  maxOutputTokens: number;
  logger: Logger;
};

/** How the model's answer ended: text written, tokens spent, and why it failed if it did. */
export type ModelOutcome = {
  content: string;
  calls: ToolCall[];
  tokens: number;
  failure: "timeout" | "error" | "no_answer" | null;
};

const tokensOf = (usage: LanguageModelUsage) =>
  usage.totalTokens ?? (usage.inputTokens ?? 0) + (usage.outputTokens ?? 0);

/** Stops a multi-step answer once its steps together have written the answer's budget. */
function outputBudgetSpent(maxOutputTokens: number): StopCondition<ToolSet> {
  return ({ steps }) =>
    steps.reduce((sum, step) => sum + (step.usage.outputTokens ?? 0), 0) >= maxOutputTokens;
}

const asInput = (value: unknown): Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value)
    ? Object.fromEntries(Object.entries(value))
    : {};

/**
 * The model's answer as it is written (text pieces), then its outcome. It never throws: a failing,
 * slow (AI_TIMEOUT_MS, an abort signal over every step) or silent model ends with `failure` set,
 * and the caller answers with the built-in engine instead.
 */
export async function* modelAnswer(
  ai: AiModel,
  input: ModelEngineInput,
): AsyncGenerator<string, ModelOutcome> {
  const started = Date.now();
  const signal = AbortSignal.timeout(ai.timeoutMs);
  const messages: ModelMessage[] = [
    ...input.history
      .slice(-HISTORY_MESSAGES)
      .map(
        (m): ModelMessage =>
          m.isUser
            ? { role: "user", content: m.content }
            : { role: "assistant", content: m.content },
      ),
    { role: "user", content: input.message },
  ];
  const outcome: ModelOutcome = { content: "", calls: [], tokens: 0, failure: null };
  let error: unknown;
  try {
    const result = streamText({
      model: ai.model,
      instructions: input.tools.company === null ? GATE_INSTRUCTIONS : INSTRUCTIONS,
      messages,
      tools: modelTools(input.tools),
      stopWhen: [stepCountIs(MODEL_STEP_LIMIT), outputBudgetSpent(input.maxOutputTokens)],
      maxOutputTokens: input.maxOutputTokens,
      // One retry at most, inside the same time limit: the built-in engine can answer at once.
      maxRetries: 1,
      abortSignal: signal,
      // The SDK prints stream errors to the console by default; ours are read from the stream
      // below and logged once, with the answer's outcome.
      onError: () => {},
    });
    // Text from one step and the next (before and after a tool call) are paragraphs apart.
    let stepStarted = false;
    for await (const part of result.stream) {
      if (part.type === "start-step") {
        stepStarted = true;
      } else if (part.type === "text-delta") {
        const text =
          stepStarted && outcome.content.trim() !== "" ? `\n\n${part.text.trimStart()}` : part.text;
        stepStarted = false;
        outcome.content += text;
        yield text;
      } else if (part.type === "tool-call") {
        outcome.calls.push({ tool: part.toolName, input: asInput(part.input) });
      } else if (part.type === "tool-error") {
        input.logger.warn({ tool: part.toolName, err: part.error }, "an assistant tool failed");
      } else if (part.type === "finish-step") {
        outcome.tokens += tokensOf(part.usage);
      } else if (part.type === "error") {
        error ??= part.error;
      } else if (part.type === "abort") {
        error ??= signal.reason ?? new Error("the model's answer was aborted");
      }
    }
  } catch (thrown) {
    error ??= thrown;
  }
  if (error !== undefined) {
    outcome.failure = signal.aborted ? "timeout" : "error";
  } else if (outcome.content.trim() === "") {
    outcome.failure = "no_answer";
  }
  const log = {
    model: ai.name,
    ms: Date.now() - started,
    tokens: outcome.tokens,
    tools: outcome.calls.map((c) => c.tool),
  };
  if (outcome.failure === null) input.logger.debug(log, "the model answered the assistant");
  else input.logger.warn({ ...log, failure: outcome.failure, err: error }, "the model failed");
  return outcome;
}
