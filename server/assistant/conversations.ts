import { and, asc, desc, eq, sql } from "drizzle-orm";
import { CONVERSATION_NOT_FOUND } from "#app/lib/schemas/assistant.ts";
import { chatConversations, chatMessages } from "#server/db/schema/index.ts";
import type { UserContext } from "#server/platform/context.ts";
import { notFound } from "#server/platform/errors.ts";

// An agent's conversations with the assistant: theirs alone (not their manager's, not their
// company's), so each query names the agent and the company; anyone else's answers not found.

export type ConversationSummary = { id: string; title: string; updatedAt: Date };
export type StoredMessage = {
  id: string;
  isUser: boolean;
  content: string;
  createdAt: Date;
  sources: unknown;
};
export type Conversation = ConversationSummary & { messages: StoredMessage[] };

/** The most conversations the history lists (newest first). */
export const CONVERSATION_LIST_LIMIT = 50;
const TITLE_MAX = 80;

const mine = (ctx: UserContext) =>
  and(
    eq(chatConversations.userId, ctx.user.id),
    eq(chatConversations.companyId, ctx.user.companyId),
  );

/** A title from the first message: its first line, cut at a word. */
export function titleOf(message: string): string {
  const line = message.trim().split("\n")[0]?.trim() ?? "";
  if (line.length <= TITLE_MAX) return line || "New conversation";
  const cut = line.slice(0, TITLE_MAX);
  return `${cut.slice(0, Math.max(cut.lastIndexOf(" "), 40))}…`;
}

export async function createConversation(
  ctx: UserContext,
  input: { title: string },
): Promise<{ id: string }> {
  const [row] = await ctx.db
    .insert(chatConversations)
    .values({ companyId: ctx.user.companyId, userId: ctx.user.id, title: titleOf(input.title) })
    .returning({ id: chatConversations.id });
  if (!row) throw new Error("the conversation was not stored");
  return row;
}

export async function listConversations(ctx: UserContext): Promise<ConversationSummary[]> {
  return ctx.db
    .select({
      id: chatConversations.id,
      title: chatConversations.title,
      updatedAt: chatConversations.updatedAt,
    })
    .from(chatConversations)
    .where(mine(ctx))
    .orderBy(desc(chatConversations.updatedAt), desc(chatConversations.id))
    .limit(CONVERSATION_LIST_LIMIT);
}

/** One of the agent's conversations with its messages, oldest first; not found otherwise. */
export async function getConversation(
  ctx: UserContext,
  input: { id: string },
): Promise<Conversation> {
  const [conversation] = await ctx.db
    .select({
      id: chatConversations.id,
      title: chatConversations.title,
      updatedAt: chatConversations.updatedAt,
    })
    .from(chatConversations)
    .where(and(eq(chatConversations.id, input.id), mine(ctx)));
  if (!conversation) throw notFound(CONVERSATION_NOT_FOUND);
  const messages = await ctx.db
    .select({
      id: chatMessages.id,
      isUser: chatMessages.isUser,
      content: chatMessages.content,
      createdAt: chatMessages.createdAt,
      sources: chatMessages.sources,
    })
    .from(chatMessages)
    .where(eq(chatMessages.conversationId, conversation.id))
    .orderBy(asc(chatMessages.createdAt), asc(chatMessages.isUser));
  return { ...conversation, messages };
}

/** The agent's newest conversation, if any: the page reopens it. */
export async function lastConversation(ctx: UserContext): Promise<Conversation | null> {
  const [latest] = await ctx.db
    .select({ id: chatConversations.id })
    .from(chatConversations)
    .where(mine(ctx))
    .orderBy(desc(chatConversations.updatedAt), desc(chatConversations.id))
    .limit(1);
  return latest ? getConversation(ctx, latest) : null;
}

export type NewMessage = { isUser: boolean; content: string; sources?: unknown };

/**
 * Adds a question and its answer to one of the agent's conversations (not found otherwise). The
 * answer is stamped a millisecond after the question so the two always read in order.
 */
export async function appendMessages(
  ctx: UserContext,
  input: { conversationId: string; messages: NewMessage[] },
): Promise<void> {
  await ctx.db.transaction(async (tx) => {
    const [owned] = await tx
      .update(chatConversations)
      .set({ updatedAt: sql`now()` })
      .where(and(eq(chatConversations.id, input.conversationId), mine(ctx)))
      .returning({ id: chatConversations.id });
    if (!owned) throw notFound(CONVERSATION_NOT_FOUND);
    const now = ctx.ports.clock.now().getTime();
    await tx.insert(chatMessages).values(
      input.messages.map((m, i) => ({
        conversationId: owned.id,
        companyId: ctx.user.companyId,
        userId: ctx.user.id,
        isUser: m.isUser,
        content: m.content,
        sources: m.sources ?? null,
        createdAt: new Date(now + i),
      })),
    );
  });
}

export async function deleteConversation(ctx: UserContext, input: { id: string }): Promise<void> {
  const deleted = await ctx.db
    .delete(chatConversations)
    .where(and(eq(chatConversations.id, input.id), mine(ctx)))
    .returning({ id: chatConversations.id });
  if (deleted.length === 0) throw notFound(CONVERSATION_NOT_FOUND);
}
