import { boolean, index, pgTable, text, uuid } from "drizzle-orm/pg-core";
import { createdAt, userRef } from "./columns.ts";
import { companies } from "./companies.ts";

export const chatMessages = pgTable(
  "chat_messages",
  {
    id: uuid("id").primaryKey().defaultRandom(),
    /** One conversation per browser session of the assistant; users are optional behind the gate. */
    conversationId: uuid("conversation_id").notNull(),
    companyId: uuid("company_id").references(() => companies.id, { onDelete: "cascade" }),
    userId: userRef("user_id"),
    isUser: boolean("is_user").notNull(),
    content: text("content").notNull(),
    createdAt: createdAt(),
  },
  (t) => [
    index("chat_messages_conversation_created_idx").on(t.conversationId, t.createdAt),
    index("chat_messages_user_created_idx").on(t.userId, t.createdAt.desc()),
  ],
);
