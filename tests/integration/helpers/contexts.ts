import { eq } from "drizzle-orm";
import { isPlatformOperator } from "#server/accounts/index.ts";
import { agent_users } from "#server/db/schema/index.ts";
import { type Clock, type UserContext, withUser } from "#server/platform/context.ts";
import { type Runtime, serviceContext } from "#server/runtime.server.ts";

/**
 * The service context a portal request by this account gets (what the guard builds), for tests
 * that call services directly.
 */
export async function userContextFor(
  rt: Runtime,
  who: { id: string } | { username: string },
): Promise<UserContext> {
  const [user] = await rt.database.db
    .select()
    .from(agent_users)
    .where("id" in who ? eq(agent_users.id, who.id) : eq(agent_users.username, who.username));
  if (!user?.companyId || !user.username)
    throw new Error(`no portal account ${JSON.stringify(who)}`);
  return withUser(serviceContext(rt), {
    id: user.id,
    name: user.name,
    username: user.username,
    email: user.email,
    role: user.role,
    companyId: user.companyId,
    company: user.company,
    platformOperator: isPlatformOperator(rt.config, user),
  });
}

/** The same context with the clock held at `now`. */
export function at<C extends UserContext>(ctx: C, now: Date): C {
  const clock: Clock = { now: () => now };
  return { ...ctx, ports: { ...ctx.ports, clock } };
}

/**
 * The same person's next request. A service context is one request's: what it looked up once
 * (the company's visibility setting) it keeps, so a test that changes such a setting goes on
 * with a fresh context, as the next request would.
 */
export function nextRequest<C extends UserContext>(ctx: C): C {
  return { ...ctx };
}
