import type { ServiceContext, UserContext } from "#server/platform/context.ts";
import { recordTokens, tokensSpentToday } from "./budget.ts";
import { builtInAnswer, type Citation, type ToolCall, type TurnState } from "./engine.ts";
import { type ModelOutcome, modelAnswer } from "./model-engine.ts";
import type { AssistantTools } from "./tools.ts";

// One answer from one of the two engines behind the assistant (decision 0027): the configured
// model when there is one and the agent's daily budget allows, else, or when the model fails,
// the built-in engine, saying why. Without a model nothing leaves the server.

/** Why the built-in engine answered although a model is configured. */
export type Fallback = "budget" | NonNullable<ModelOutcome["failure"]>;

/** What an answer used, stored with it: the next turn reads `state`, the page shows `cited`. */
export type AnswerSources = {
  engine: "built-in" | "model";
  /** AI_MODEL, for the model's answers. */
  model?: string;
  fallback?: Fallback;
  calls: ToolCall[];
  cited: Citation[];
  state: TurnState | null;
};

export const FALLBACK_NOTES: Record<Fallback, string> = {
  budget:
    "*Today's model budget for your account is used up, so the built-in assistant answers until midnight UTC.*",
  timeout: "*The model took too long to answer, so the built-in assistant answers.*",
  error: "*The model could not answer, so the built-in assistant answers.*",
  no_answer: "*The model gave no answer, so the built-in assistant answers.*",
};

/** The screen each tool's records live on: a model answer cites the screens of what it used. */
const TOOL_SCREENS: Record<string, Citation> = {
  ratePlans: { label: "Plan Comparison", href: "/dashboard/plans" },
  devices: { label: "Certified Devices", href: "/dashboard/devices" },
  promotions: { label: "Carrier Promos", href: "/dashboard/promos" },
  resources: { label: "Sales Resources", href: "/dashboard/resources" },
  pipeline: { label: "My Deals", href: "/dashboard/deals" },
  renewals: { label: "My Deals", href: "/dashboard/deals" },
  customerDeals: { label: "My Deals", href: "/dashboard/deals" },
  draftQuote: { label: "Quote Generator", href: "/dashboard/quotes/new" },
};

function screensOf(calls: ToolCall[]): Citation[] {
  const screens = calls.flatMap((c) => TOOL_SCREENS[c.tool] ?? []);
  return [...new Map(screens.map((s) => [s.href, s])).values()];
}

export type Question = {
  tools: AssistantTools;
  message: string;
  /** The conversation so far, oldest first (empty behind the gate). */
  history: { isUser: boolean; content: string }[];
  /** What the built-in engine understood last turn, for follow-ups. */
  previous: TurnState | null;
  /** The signed-in agent whose daily budget the model's tokens count against; null behind the gate. */
  agent: UserContext | null;
};

export type Answer = { content: string; sources: AnswerSources };

/** Splits an answer into word-sized pieces so the page can show it as it is written. */
function* piecesOf(content: string): Generator<string> {
  const pieces = content.match(/\S+\s*|\s+/g) ?? [];
  for (let i = 0; i < pieces.length; i += 4) yield pieces.slice(i, i + 4).join("");
}

async function* builtIn(
  q: Question,
  prefix: string,
  fallback: Fallback | undefined,
): AsyncGenerator<string, Answer> {
  const answer = await builtInAnswer(q.tools, q.message, q.previous);
  const content = prefix + answer.content;
  yield* piecesOf(content);
  return {
    content,
    sources: {
      engine: "built-in",
      ...(fallback ? { fallback } : {}),
      calls: answer.calls,
      cited: answer.citations,
      state: answer.state,
    },
  };
}

/** The answer as it is written, in pieces; the generator's result is the whole of it. */
export async function* answerQuestion(
  ctx: ServiceContext,
  q: Question,
): AsyncGenerator<string, Answer> {
  const ai = ctx.ports.ai;
  if (ai === null) return yield* builtIn(q, "", undefined);
  const budget = ctx.config.assistantBudget;
  if (q.agent && (await tokensSpentToday(q.agent)) >= budget.dailyTokensPerAgent) {
    return yield* builtIn(q, `${FALLBACK_NOTES.budget}\n\n`, "budget");
  }
  const run = modelAnswer(ai, {
    tools: q.tools,
    message: q.message,
    history: q.history,
    maxOutputTokens: budget.answerMaxTokens,
    logger: ctx.ports.logger,
  });
  let step = await run.next();
  while (!step.done) {
    yield step.value;
    step = await run.next();
  }
  const outcome = step.value;
  if (q.agent) await recordTokens(q.agent, outcome.tokens);
  if (outcome.failure === null) {
    return {
      content: outcome.content,
      sources: {
        engine: "model",
        model: ai.name,
        calls: outcome.calls,
        cited: screensOf(outcome.calls),
        state: null,
      },
    };
  }
  // Text already on the agent's screen stays; the built-in answer follows it, saying why.
  const before = outcome.content.trim() === "" ? "" : "\n\n";
  const answer = yield* builtIn(
    q,
    `${before}${FALLBACK_NOTES[outcome.failure]}\n\n`,
    outcome.failure,
  );
  return { ...answer, content: outcome.content + answer.content };
}
