import { eq } from "drizzle-orm";
import type { UserRole } from "#app/lib/schemas/users.ts";
import { companies } from "#server/db/schema/index.ts";
import type { ServiceContext } from "#server/platform/context.ts";
import { createdUserId } from "./auth-answer.ts";
import { type Outcome, viaAuth } from "./outcome.ts";

export async function companyName(ctx: ServiceContext, companyId: string): Promise<string> {
  const [row] = await ctx.db
    .select({ name: companies.name })
    .from(companies)
    .where(eq(companies.id, companyId));
  return row?.name ?? "your company";
}

export type CompanyAccountInput = {
  companyId: string;
  company: string;
  /** As typed: kept for display; the sign-in name is its lower case. */
  username: string;
  name: string;
  email: string;
  password: string;
  role: UserRole;
  /**
   * True only when the person proved the address (an invitee followed the mailed link). An admin
   * who types an address vouches for nothing: a verified address may make its holder a platform
   * operator (PLATFORM_OPERATORS), so it must be the holder who verifies it.
   */
  emailVerified: boolean;
};

/**
 * Makes an account inside a company, through Better Auth (password policy and username rules
 * apply) with its company and role in the same insert; the answer is the new account's id.
 * No headers: a trusted in-process call (Better Auth's create-user refuses HTTP callers here).
 */
export function createCompanyAccount(
  ctx: ServiceContext,
  input: CompanyAccountInput,
): Promise<Outcome<string>> {
  return viaAuth(
    () =>
      ctx.auth.api.createUser({
        body: {
          email: input.email,
          password: input.password,
          name: input.name,
          role: input.role,
          data: {
            username: input.username.toLowerCase(),
            displayUsername: input.username,
            companyId: input.companyId,
            company: input.company,
            emailVerified: input.emailVerified,
          },
        },
        asResponse: true,
      }),
    createdUserId,
  );
}
