import type { ChatRequest } from "#app/lib/schemas/assistant.ts";
import type { UserContext } from "#server/platform/context.ts";
import type { Refusal } from "#server/platform/errors.ts";
import { checkRate } from "#server/platform/rate-limit.ts";
import { answerQuestion } from "./answer.ts";
import { appendMessages, createConversation, getConversation } from "./conversations.ts";
import type { TurnState } from "./engine.ts";
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

/**
 * One message to the assistant in one of the agent's conversations (a new one when none is
 * named; another agent's answers not found). The answer comes from the configured model or the
 * built-in engine over the agent's tools (answer.ts); the question and the answer are stored
 * once the answer is complete.
 */
export async function startChat(ctx: UserContext, input: ChatRequest): Promise<ChatTurn> {
  const conversation = input.conversationId
    ? await getConversation(ctx, { id: input.conversationId })
    : null;
  const history = conversation?.messages ?? [];
  const previous = stateOf(history.findLast((m) => !m.isUser)?.sources);
  const conversationId =
    conversation?.id ?? (await createConversation(ctx, { title: input.message })).id;
  const pieces = answerQuestion(ctx, {
    tools: assistantTools(ctx),
    message: input.message,
    history,
    previous,
    agent: ctx,
  });
  async function* chunks() {
    let step = await pieces.next();
    while (!step.done) {
      yield step.value;
      step = await pieces.next();
    }
    const answer = step.value;
    await appendMessages(ctx, {
      conversationId,
      messages: [
        { isUser: true, content: input.message },
        { isUser: false, content: answer.content, sources: answer.sources },
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
