import {
  boolean,
  date,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  uuid,
} from "drizzle-orm/pg-core";
import { agent_users } from "./auth.ts";
import { createdAt, updatedAt, userRef } from "./columns.ts";
import { companies } from "./companies.ts";

/**
 * One conversation with the assistant. A signed-in agent's conversations belong to the agent and
 * the company; behind the gate (no agent) the company and user are null and the conversation is
 * reached only through the signed gate cookie that names it.
 */
export const chatConversations = pgTable(
  "chat_conversations",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    companyId: uuid("company_id").references(() => companies.id, { onDelete: "cascade" }),
    userId: text("user_id").references(() => agent_users.id, { onDelete: "cascade" }),
    title: text("title").notNull().default("New conversation"),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index("chat_conversations_user_updated_idx").on(t.userId, t.updatedAt.desc())],
);

export const chatMessages = pgTable(
  "chat_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** One conversation per browser session of the assistant; users are optional behind the gate. */
    conversationId: uuid("conversation_id")
      .notNull()
      .references(() => chatConversations.id, { onDelete: "cascade" }),
    companyId: uuid("company_id").references(() => companies.id, { onDelete: "cascade" }),
    userId: userRef("user_id"),
    isUser: boolean("is_user").notNull(),
    content: text("content").notNull(),
    /** What an answer used: the tools called and the records cited, for the answer's sources. */
    sources: jsonb("sources"),
    createdAt: createdAt(),
  },
  (t) => [
    index("chat_messages_conversation_created_idx").on(t.conversationId, t.createdAt),
    index("chat_messages_user_created_idx").on(t.userId, t.createdAt.desc()),
  ],
);

/** Model tokens spent per agent per day, against the daily budget (issue 17). */
export const assistantTokenUsage = pgTable(
  "assistant_token_usage",
  {
    userId: text("user_id")
      .notNull()
      .references(() => agent_users.id, { onDelete: "cascade" }),
    day: date("day").notNull(),
    tokens: integer("tokens").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.userId, t.day] })],
);
