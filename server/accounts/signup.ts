import { randomBytes } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { MISSING_CREDENTIALS_MESSAGE, type SignupInput } from "#app/lib/schemas/users.ts";
import { slugify } from "#app/lib/slugify.ts";
import { passwordProblems, weakPasswordMessage } from "#server/auth/password-policy.ts";
import { companies, companyNameKey } from "#server/db/schema/index.ts";
import type { ServiceContext } from "#server/platform/context.ts";
import { cookieHeaders, createdUserId } from "./auth-answer.ts";
import { done, type Outcome, refuse, viaAuth } from "./outcome.ts";

const PHONE = /^\+?[0-9 ().-]{7,20}$/;

/** Names are unique ignoring case and spacing, so no company's invitations pass for another's. */
const nameTaken = (name: string) =>
  refuse(
    "conflict",
    `A company named "${name}" is already on Carrierline. If you work there, ask its administrator to invite you.`,
    {
      code: "COMPANY_NAME_TAKEN",
      fieldErrors: { companyName: "This company is already on Carrierline." },
    },
  );

async function companyNameInUse(ctx: ServiceContext, name: string): Promise<boolean> {
  const rows = await ctx.db
    .select({ id: companies.id })
    .from(companies)
    .where(sql`${companyNameKey(companies.name)} = ${companyNameKey(name)}`)
    .limit(1);
  return rows.length > 0;
}

/**
 * Open self sign-up (ALLOW_SIGNUP=true): a new company whose first admin is the person signing up.
 * The account is made by Better Auth's sign-up (password policy and username rules apply, and it
 * signs the person in); the company is created and attached right after, and the account is
 * removed again if that fails, so no account is left without a company.
 */
export async function signUpWithCompany(
  ctx: ServiceContext,
  input: SignupInput & { headers: Headers },
): Promise<Outcome<{ headers: Headers }>> {
  if (!ctx.config.allowSignup) return refuse("forbidden", "Sign-up is closed.");
  const identifier = input.identifier.trim();
  if (identifier === "" || input.password === "")
    return refuse("invalid", MISSING_CREDENTIALS_MESSAGE);
  if (!identifier.includes("@")) {
    return PHONE.test(identifier)
      ? refuse(
          "invalid",
          "Sign-up with a phone number is not available yet. Use your email address.",
        )
      : refuse("invalid", "Enter a valid email address or phone number.");
  }
  const email = identifier.toLowerCase();
  const problems = passwordProblems(input.password, { username: input.username, email });
  if (problems.length > 0)
    return refuse("invalid", weakPasswordMessage(problems), { reasons: problems });
  if (await companyNameInUse(ctx, input.companyName)) return nameTaken(input.companyName);

  const created = await viaAuth(
    () =>
      ctx.auth.api.signUpEmail({
        body: {
          email,
          password: input.password,
          name: input.name,
          username: input.username,
          company: input.companyName,
        },
        headers: input.headers,
        asResponse: true,
      }),
    async (response) => ({ id: await createdUserId(response), headers: cookieHeaders(response) }),
  );
  if (!created.ok) return created;

  const auth = await ctx.auth.$context;
  try {
    const slug = `${slugify(input.companyName) || "company"}-${randomBytes(4).toString("hex")}`;
    // The slug is random, so a conflict is the name: taken since the check above.
    const [company] = await ctx.db
      .insert(companies)
      .values({ name: input.companyName, slug })
      .onConflictDoNothing()
      .returning({ id: companies.id });
    if (!company) {
      await auth.internalAdapter.deleteUser(created.value.id);
      return nameTaken(input.companyName);
    }
    try {
      // Through Better Auth's adapter, so its hooks (and our session cache) see the change.
      await auth.internalAdapter.updateUser(created.value.id, {
        companyId: company.id,
        company: input.companyName,
        role: "admin",
      });
    } catch (error) {
      await ctx.db.delete(companies).where(eq(companies.id, company.id));
      throw error;
    }
  } catch (error) {
    await auth.internalAdapter.deleteUser(created.value.id);
    throw error;
  }
  return done({ headers: created.value.headers });
}
