import { asc, eq, inArray, or, sql } from "drizzle-orm";
import { agent_users } from "#server/db/schema/index.ts";
import type { AppConfig } from "#server/platform/config.ts";
import type { ServiceContext } from "#server/platform/context.ts";
import { done, type Outcome, refuse } from "./outcome.ts";

/**
 * Platform operators (decision 0011) write the shared catalog and read the waitlist. An account
 * is one when the command line granted it (`npm run operator -- grant <email>`, the
 * platform_operator column), when PLATFORM_OPERATORS names its address and that address is
 * verified, or, in demo mode, when it is the demo admin. No HTTP endpoint grants it.
 */
export type OperatorCandidate = {
  platformOperator?: boolean | null;
  email: string;
  emailVerified: boolean;
  username?: string | null;
};

/** Whether PLATFORM_OPERATORS names the address: only its verified holder becomes an operator. */
export function isOperatorAddress(
  config: Pick<AppConfig, "platformOperators">,
  email: string,
): boolean {
  return config.platformOperators.includes(email.trim().toLowerCase());
}

export function isPlatformOperator(
  config: Pick<AppConfig, "platformOperators" | "demoMode" | "demoAccounts">,
  user: OperatorCandidate,
): boolean {
  if (user.platformOperator === true) return true;
  // An unverified address proves nothing: a self sign-up may type any address it likes.
  if (user.emailVerified && isOperatorAddress(config, user.email)) return true;
  return (
    config.demoMode &&
    user.username?.toLowerCase() === config.demoAccounts.admin.username.toLowerCase()
  );
}

/** One operator as the command line lists them, and why they are one. */
export type OperatorAccount = {
  email: string;
  username: string | null;
  company: string | null;
  granted: boolean;
  byConfig: boolean;
};

const operatorColumns = {
  email: agent_users.email,
  username: agent_users.username,
  company: agent_users.company,
  platformOperator: agent_users.platformOperator,
  emailVerified: agent_users.emailVerified,
};

type OperatorRow = {
  email: string;
  username: string | null;
  company: string | null;
  platformOperator: boolean;
  emailVerified: boolean;
};

function toAccount(ctx: ServiceContext, row: OperatorRow): OperatorAccount {
  const byConfig = isPlatformOperator(ctx.config, { ...row, platformOperator: false });
  return {
    email: row.email,
    username: row.username,
    company: row.company,
    granted: row.platformOperator,
    byConfig,
  };
}

const byEmail = (email: string) => sql`lower(${agent_users.email}) = ${email.trim().toLowerCase()}`;

/**
 * Sets the account's grant, through Better Auth's adapter so its hooks (and this process's
 * session cache) see the change; other processes see it within their session cache's lifetime.
 */
async function setGrant(
  ctx: ServiceContext,
  email: string,
  granted: boolean,
): Promise<Outcome<OperatorAccount>> {
  const [row] = await ctx.db.select({ id: agent_users.id }).from(agent_users).where(byEmail(email));
  if (!row) return refuse("not_found", `No account has the email ${email}.`);
  const auth = await ctx.auth.$context;
  await auth.internalAdapter.updateUser(row.id, { platformOperator: granted });
  const [updated] = await ctx.db
    .select(operatorColumns)
    .from(agent_users)
    .where(eq(agent_users.id, row.id));
  if (!updated) return refuse("not_found", `No account has the email ${email}.`);
  return done(toAccount(ctx, updated));
}

export function grantPlatformOperator(
  ctx: ServiceContext,
  input: { email: string },
): Promise<Outcome<OperatorAccount>> {
  return setGrant(ctx, input.email, true);
}

/** Takes the grant back; an address PLATFORM_OPERATORS names stays an operator (`byConfig`). */
export function revokePlatformOperator(
  ctx: ServiceContext,
  input: { email: string },
): Promise<Outcome<OperatorAccount>> {
  return setGrant(ctx, input.email, false);
}

/** Every account that is an operator now, granted or configured, by email. */
export async function listPlatformOperators(ctx: ServiceContext): Promise<OperatorAccount[]> {
  const configured = ctx.config.platformOperators;
  const demoAdmin = ctx.config.demoMode ? ctx.config.demoAccounts.admin.username : null;
  const rows = await ctx.db
    .select(operatorColumns)
    .from(agent_users)
    .where(
      or(
        eq(agent_users.platformOperator, true),
        configured.length > 0 ? inArray(sql`lower(${agent_users.email})`, configured) : undefined,
        demoAdmin ? eq(agent_users.username, demoAdmin.toLowerCase()) : undefined,
      ),
    )
    .orderBy(asc(agent_users.email));
  return rows
    .map((row) => toAccount(ctx, row))
    .filter((account) => account.granted || account.byConfig);
}
