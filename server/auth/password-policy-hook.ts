import { APIError, getSessionFromCtx } from "better-auth/api";
import type { AuthHookContext } from "./hook-context.ts";
import { type PasswordOwner, passwordProblems, WEAK_PASSWORD_CODE } from "./password-policy.ts";

type Body = Record<string, unknown>;
const text = (value: unknown) => (typeof value === "string" ? value : undefined);
const isBody = (value: unknown): value is Body => typeof value === "object" && value !== null;
const body = (ctx: AuthHookContext): Body => (isBody(ctx.body) ? ctx.body : {});

function ownerOf(user: object | null): PasswordOwner {
  if (!user) return {};
  return {
    username: "username" in user ? text(user.username) : undefined,
    email: "email" in user ? text(user.email) : undefined,
  };
}

/**
 * Every Better Auth endpoint that sets a password, with where the new password is and whose it is.
 * Endpoints not listed here cannot set a password.
 */
const PASSWORD_SETTERS: Record<
  string,
  { field: string; owner: (ctx: AuthHookContext, body: Body) => Promise<PasswordOwner> }
> = {
  "/sign-up/email": {
    field: "password",
    owner: async (_ctx, b) => ({ username: text(b.username), email: text(b.email) }),
  },
  "/change-password": {
    field: "newPassword",
    owner: async (ctx) => ownerOf((await getSessionFromCtx(ctx))?.user ?? null),
  },
  "/reset-password": {
    field: "newPassword",
    owner: async (ctx, b) => {
      const token = text(b.token) ?? text(ctx.query?.token);
      if (!token) return {};
      const verification = await ctx.context.internalAdapter.findVerificationValue(
        `reset-password:${token}`,
      );
      return verification
        ? ownerOf(await ctx.context.internalAdapter.findUserById(verification.value))
        : {};
    },
  },
  "/admin/create-user": {
    field: "password",
    owner: async (_ctx, b) => {
      const data = isBody(b.data) ? b.data : {};
      return { username: text(data.username), email: text(b.email) };
    },
  },
  "/admin/set-user-password": {
    field: "newPassword",
    owner: async (ctx, b) => {
      const userId = text(b.userId);
      return userId ? ownerOf(await ctx.context.internalAdapter.findUserById(userId)) : {};
    },
  },
  "/email-otp/reset-password": {
    field: "password",
    owner: async (ctx, b) => {
      const email = text(b.email);
      const found = email ? await ctx.context.internalAdapter.findUserByEmail(email) : null;
      return found ? ownerOf(found.user) : { email };
    },
  },
  "/phone-number/reset-password": { field: "newPassword", owner: async () => ({}) },
};

/**
 * Refuses a weak new password on every path that sets one, with every reason listed
 * (code WEAK_PASSWORD, HTTP 400, `reasons` in the body).
 */
export async function enforcePasswordPolicy(ctx: AuthHookContext): Promise<undefined> {
  const setter = PASSWORD_SETTERS[ctx.path];
  if (!setter) return;
  const b = body(ctx);
  const password = text(b[setter.field]);
  // A missing password is the endpoint's own validation error, not a policy question.
  if (password === undefined) return;
  const problems = passwordProblems(password, await setter.owner(ctx, b));
  if (problems.length > 0) {
    throw new APIError("BAD_REQUEST", {
      code: WEAK_PASSWORD_CODE,
      message: problems.join(". "),
      reasons: problems,
    });
  }
}
