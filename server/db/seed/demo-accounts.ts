import { eq } from "drizzle-orm";
import type { Auth } from "#server/auth/index.ts";
import type { Database } from "#server/db/client.ts";
import { agent_users, auth_accounts } from "#server/db/schema/index.ts";

export type DemoAccount = {
  username: string;
  password: string;
  email: string;
  name: string;
  role: "agent" | "admin";
  phone: string;
};

/**
 * Creates a real, hashed-password account unless the username exists. Goes through Better Auth's
 * own adapter and hasher (not raw SQL) so the row is exactly what sign-in expects.
 */
export async function ensureAccount(
  db: Database,
  auth: Auth,
  companyId: string,
  companyName: string,
  account: DemoAccount,
): Promise<string> {
  const username = account.username.toLowerCase();
  const existing = await db
    .select({ id: agent_users.id })
    .from(agent_users)
    .where(eq(agent_users.username, username));
  const found = existing[0];
  if (found) return found.id;

  const ctx = await auth.$context;
  const user = await ctx.internalAdapter.createUser(
    {
      name: account.name,
      email: account.email,
      emailVerified: true,
      username,
      displayUsername: account.username,
      role: account.role,
      companyId,
      company: companyName,
      phone: account.phone,
      notificationsEnabled: true,
    },
    { method: "admin" },
  );
  const password = await ctx.password.hash(account.password);
  await ctx.internalAdapter.linkAccount({
    userId: user.id,
    providerId: "credential",
    accountId: user.id,
    password,
  });
  const linked = await db
    .select({ id: auth_accounts.id })
    .from(auth_accounts)
    .where(eq(auth_accounts.userId, user.id));
  if (linked.length === 0) throw new Error(`Seed: no credential account for ${username}`);
  return user.id;
}
