import { z } from "zod";
import { text } from "./text.ts";

/** The longest message an agent may send the assistant (a pasted description fits). */
export const CHAT_MESSAGE_MAX = 4_000;

/** The spec's chat errors (section 8). */
export const CHAT_FAILED = "Failed to get response";
export const CHAT_NETWORK_FAILED = "An error occurred while getting a response";
export const CHAT_MESSAGE_REQUIRED = "Type a message";
export const CHAT_MESSAGE_TOO_LONG = `Messages must be ${CHAT_MESSAGE_MAX.toLocaleString("en-US")} characters or fewer`;
export const CONVERSATION_NOT_FOUND = "Conversation not found";

const GREETING_OPENING =
  "Hello! I'm your AI sales assistant. I can help with product recommendations, pricing and technical specifications for telecom solutions.";

/** The greeting the chat opens with (spec section 1: recommendations, pricing, specifications). */
export const ASSISTANT_GREETING = `${GREETING_OPENING} Ask me about rate plans, certified devices, promotions, sales resources or your pipeline.`;

/** Behind the gate nobody is signed in: the greeting offers only the public catalog. */
export const GATE_ASSISTANT_GREETING = `${GREETING_OPENING} Ask me about rate plans, certified devices, promotions or sales resources.`;

/** Empty and whitespace-only messages are not sent (spec section 5). */
export const chatMessageSchema = text({ multiline: true, error: CHAT_MESSAGE_REQUIRED })
  .trim()
  .min(1, CHAT_MESSAGE_REQUIRED)
  .max(CHAT_MESSAGE_MAX, CHAT_MESSAGE_TOO_LONG);

/** POST /api/chat's body: the spec's `{message}`, and the conversation to continue, if any. */
export const chatRequestSchema = z.object(
  {
    message: chatMessageSchema,
    conversationId: z.uuid({ error: CONVERSATION_NOT_FOUND }).optional(),
  },
  { error: CHAT_MESSAGE_REQUIRED },
);
export type ChatRequest = z.output<typeof chatRequestSchema>;

export const conversationIdSchema = z.object({ id: z.uuid({ error: CONVERSATION_NOT_FOUND }) });

export const GATE_PASSWORD_REQUIRED = "Enter the password";

/** The gate's one field ('Secure Access'). */
export const gatePasswordSchema = z.object({
  password: text({ error: GATE_PASSWORD_REQUIRED }).min(1, GATE_PASSWORD_REQUIRED).max(200),
});
