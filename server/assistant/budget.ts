import { and, eq, sql } from "drizzle-orm";
import { assistantTokenUsage } from "#server/db/schema/index.ts";
import type { UserContext } from "#server/platform/context.ts";

// The model tokens one agent spends a day (decision 0027): counted after each answer from the
// usage the model reports, checked before the next one. One answer may go past the budget by at
// most its own size; the answer after it is the built-in engine's.

/** The UTC day the usage counts against. */
const dayOf = (ctx: UserContext) => ctx.ports.clock.now().toISOString().slice(0, 10);

export async function tokensSpentToday(ctx: UserContext): Promise<number> {
  const [row] = await ctx.db
    .select({ tokens: assistantTokenUsage.tokens })
    .from(assistantTokenUsage)
    .where(
      and(eq(assistantTokenUsage.userId, ctx.user.id), eq(assistantTokenUsage.day, dayOf(ctx))),
    );
  return row?.tokens ?? 0;
}

/** Adds an answer's tokens to the agent's day, in one statement (safe across processes). */
export async function recordTokens(ctx: UserContext, tokens: number): Promise<void> {
  if (tokens <= 0) return;
  await ctx.db
    .insert(assistantTokenUsage)
    .values({ userId: ctx.user.id, day: dayOf(ctx), tokens })
    .onConflictDoUpdate({
      target: [assistantTokenUsage.userId, assistantTokenUsage.day],
      set: { tokens: sql`${assistantTokenUsage.tokens} + ${tokens}` },
    });
}
