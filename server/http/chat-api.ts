import { type Context, Hono } from "hono";
import { getCookie } from "hono/cookie";
import {
  CHAT_FAILED,
  type ChatRequest,
  chatRequestSchema,
  conversationIdSchema,
} from "#app/lib/schemas/assistant.ts";
import {
  chat,
  deleteConversation,
  GATE_COOKIE,
  gateAnswer,
  gateIsOpen,
  getConversation,
  limitChat,
  listConversations,
  startChat,
} from "#server/assistant/index.ts";
import { isDomainError, type Refusal, refuse } from "#server/platform/errors.ts";
import { checkRate } from "#server/platform/rate-limit.ts";
import { type Runtime, serviceContext } from "#server/runtime.server.ts";
import { apiUserCtx } from "./api-context.ts";
import { type ApiEnv, requireApiUser } from "./api-guard.ts";
import { clientAddress } from "./client-address.ts";
import { refusalBody, statusOf } from "./errors.ts";

/** A refusal with the spec's `message` beside our `error`: the chat reads `message` (section 7). */
function chatRefusal(c: Context, refused: Refusal): Response {
  if (refused.retryAfterSeconds !== undefined) {
    c.header("Retry-After", String(refused.retryAfterSeconds));
  }
  return c.json({ ...refusalBody(refused), message: refused.message }, statusOf(refused.kind));
}

async function readChatRequest(c: Context): Promise<ChatRequest | Refusal> {
  const body: unknown = await c.req.json().catch(() => undefined);
  if (body === undefined) return refuse("invalid", "The request body must be JSON.");
  const parsed = chatRequestSchema.safeParse(body);
  if (!parsed.success) return refuse("invalid", parsed.error.issues[0]?.message ?? CHAT_FAILED);
  return parsed.data;
}

/** An answer's pieces as a response body, each sent as soon as it is written. */
function textStream(chunks: AsyncIterable<string>): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const iterator = chunks[Symbol.asyncIterator]();
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      const next = await iterator.next();
      if (next.done) controller.close();
      else controller.enqueue(encoder.encode(next.value));
    },
  });
}

const isRefusal = (value: ChatRequest | Refusal): value is Refusal => "ok" in value;

/**
 * The assistant's API (issue 17): POST /api/chat `{message}` answers `{content}` (the spec's
 * contract, kept for scripts); POST /api/chat/stream answers the same as plain text written as it
 * comes, the conversation's id in a header; the history under /api/chat/conversations. Signed-in
 * agents only, each message counted against the agent's rate limit; another agent's
 * conversation is not found.
 */
export function chatApi(runtime: Runtime) {
  const api = new Hono<ApiEnv>();
  const signedIn = requireApiUser(runtime);

  api.post("/chat", signedIn, async (c) => {
    const ctx = apiUserCtx(runtime, c);
    const limited = await limitChat(ctx);
    if (limited) return chatRefusal(c, limited);
    const input = await readChatRequest(c);
    if (isRefusal(input)) return chatRefusal(c, input);
    try {
      return c.json(await chat(ctx, input));
    } catch (error) {
      if (isDomainError(error)) return chatRefusal(c, error.refusal);
      throw error;
    }
  });

  api.post("/chat/stream", signedIn, async (c) => {
    const ctx = apiUserCtx(runtime, c);
    const limited = await limitChat(ctx);
    if (limited) return chatRefusal(c, limited);
    const input = await readChatRequest(c);
    if (isRefusal(input)) return chatRefusal(c, input);
    let turn: Awaited<ReturnType<typeof startChat>>;
    try {
      turn = await startChat(ctx, input);
    } catch (error) {
      if (isDomainError(error)) return chatRefusal(c, error.refusal);
      throw error;
    }
    return c.body(textStream(turn.chunks), 200, {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "no-store",
      "X-Conversation-Id": turn.conversationId,
    });
  });

  api.get("/chat/conversations", signedIn, async (c) => {
    const conversations = await listConversations(apiUserCtx(runtime, c));
    return c.json({ conversations });
  });

  api.get("/chat/conversations/:id", signedIn, async (c) => {
    const parsed = conversationIdSchema.safeParse({ id: c.req.param("id") });
    if (!parsed.success) return chatRefusal(c, refuse("not_found", "Conversation not found"));
    try {
      const conversation = await getConversation(apiUserCtx(runtime, c), parsed.data);
      return c.json({
        conversation: {
          ...conversation,
          messages: conversation.messages.map((m) => ({
            id: m.id,
            text: m.content,
            isUser: m.isUser,
            timestamp: m.createdAt.getTime(),
          })),
        },
      });
    } catch (error) {
      if (isDomainError(error)) return chatRefusal(c, error.refusal);
      throw error;
    }
  });

  api.delete("/chat/conversations/:id", signedIn, async (c) => {
    const parsed = conversationIdSchema.safeParse({ id: c.req.param("id") });
    if (!parsed.success) return chatRefusal(c, refuse("not_found", "Conversation not found"));
    try {
      await deleteConversation(apiUserCtx(runtime, c), parsed.data);
      return c.body(null, 204);
    } catch (error) {
      if (isDomainError(error)) return chatRefusal(c, error.refusal);
      throw error;
    }
  });

  return api;
}

/** Messages one address may send behind the gate a minute. */
export const GATE_CHAT_LIMIT = 20;

/**
 * POST /api/assistant/stream: the standalone assistant behind its gate (decision 0025), for a
 * browser holding the gate's signed cookie; the public catalog only, nothing stored, limited per
 * address. Without the cookie: 401.
 */
export function gateChatApi(runtime: Runtime) {
  const api = new Hono();
  api.post("/assistant/stream", async (c) => {
    const ctx = serviceContext(runtime);
    if (!(await gateIsOpen(ctx, getCookie(c, GATE_COOKIE) ?? null))) {
      return chatRefusal(c, refuse("unauthenticated", "Enter the assistant's password first."));
    }
    const limited = await checkRate(ctx, {
      key: `assistant-gate-chat:${clientAddress(c, runtime.config.proxyHops)}`,
      limit: GATE_CHAT_LIMIT,
      windowSeconds: 60,
      message: (s) => `Too many messages. Please try again in ${s} second${s === 1 ? "" : "s"}.`,
    });
    if (limited) return chatRefusal(c, limited);
    const input = await readChatRequest(c);
    if (isRefusal(input)) return chatRefusal(c, input);
    return c.body(textStream(gateAnswer(ctx, input)), 200, {
      "Content-Type": "text/plain; charset=utf-8",
      "Cache-Control": "no-store",
    });
  });
  return api;
}
