import type { ChatRequest } from "#app/lib/schemas/assistant.ts";
import type { UserContext } from "#server/platform/context.ts";
import type { Refusal } from "#server/platform/errors.ts";
import { checkRate } from "#server/platform/rate-limit.ts";
import { appendMessages, createConversation, getConversation } from "./conversations.ts";
import { builtInAnswer, type Citation, type ToolCall, type TurnState } from "./engine.ts";
import { assistantTools } from "./tools.ts";

/** Messages one agent may send the assistant a minute (both endpoints count together). */
export const CHAT_LIMIT = 30;
export const CHAT_WINDOW_SECONDS = 60;

export function chatLimitMessage(retryAfterSeconds: number): string {
  return `Too many messages. Please try again in ${retryAfterSeconds} second${retryAfterSeconds === 1 ? "" : "s"}.`;
}

/** Counts one message against the agent's limit; a rate_limited refusal once it is passed. */
export function limitChat(ctx: UserContext): Promise<Refusal | null> {
  return checkRate(ctx, {
    key: `assistant-chat:${ctx.user.id}`,
    limit: CHAT_LIMIT,
    windowSeconds: CHAT_WINDOW_SECONDS,
    message: chatLimitMessage,
  });
}

/** What an answer used, stored with it: the next turn reads `state`, the page shows `cited`. */
export type AnswerSources = {
  engine: "built-in";
  calls: ToolCall[];
  cited: Citation[];
  state: TurnState | null;
};

function stateOf(sources: unknown): TurnState | null {
  if (typeof sources !== "object" || sources === null || !("state" in sources)) return null;
  const { state } = sources;
  return typeof state === "object" && state !== null && "intent" in state
    ? (state as TurnState)
    : null;
}

export type ChatTurn = {
  conversationId: string;
  /** The answer as it is written, in pieces; the whole of it is stored once it has ended. */
  chunks: AsyncIterable<string>;
};

/** Splits an answer into word-sized pieces so the page can show it as it is written. */
function* piecesOf(content: string): Generator<string> {
  const pieces = content.match(/\S+\s*|\s+/g) ?? [];
  for (let i = 0; i < pieces.length; i += 4) yield pieces.slice(i, i + 4).join("");
}

/**
 * One message to the assistant in one of the agent's conversations (a new one when none is
 * named; another agent's answers not found). The answer comes from the built-in engine over the
 * agent's tools; the question and the answer are stored once the answer is complete.
 */
export async function startChat(ctx: UserContext, input: ChatRequest): Promise<ChatTurn> {
  const conversation = input.conversationId
    ? await getConversation(ctx, { id: input.conversationId })
    : null;
  const previous = conversation
    ? stateOf(conversation.messages.findLast((m) => !m.isUser)?.sources)
    : null;
  const conversationId =
    conversation?.id ?? (await createConversation(ctx, { title: input.message })).id;
  const answer = await builtInAnswer(assistantTools(ctx), input.message, previous);
  const sources: AnswerSources = {
    engine: "built-in",
    calls: answer.calls,
    cited: answer.citations,
    state: answer.state,
  };
  async function* chunks() {
    yield* piecesOf(answer.content);
    await appendMessages(ctx, {
      conversationId,
      messages: [
        { isUser: true, content: input.message },
        { isUser: false, content: answer.content, sources },
      ],
    });
  }
  return { conversationId, chunks: chunks() };
}

/** POST /api/chat's whole answer: the turn read to its end. */
export async function chat(
  ctx: UserContext,
  input: ChatRequest,
): Promise<{ content: string; conversationId: string }> {
  const turn = await startChat(ctx, input);
  let content = "";
  for await (const piece of turn.chunks) content += piece;
  return { content, conversationId: turn.conversationId };
}
