import { APIError, isAPIError } from "better-auth/api";
import { type AuthHookContext, replaceRefusal } from "./hook-context.ts";

/** The one answer to wrong credentials, whoever asks and whether or not the account exists. */
export const INVALID_CREDENTIALS = {
  code: "INVALID_CREDENTIALS",
  message: "Invalid credentials",
} as const;

export const MISSING_CREDENTIALS = {
  code: "MISSING_CREDENTIALS",
  message: "You must provide either an email or phone number and a password",
} as const;

/** Password sign-ins: each names the account by one field. */
const PASSWORD_SIGN_INS: Record<string, string> = {
  "/sign-in/username": "username",
  "/sign-in/email": "email",
  "/sign-in/phone-number": "phoneNumber",
};

const filled = (value: unknown) => typeof value === "string" && value.trim() !== "";
const field = (body: unknown, name: string): unknown =>
  typeof body === "object" && body !== null ? Reflect.get(body, name) : undefined;

/**
 * Endpoints whose answer may carry a session (sign-in, sign-up, every kind of verification).
 * The browser gets its session as an HttpOnly cookie; the token never reaches page script.
 */
export function mayCarrySession(path: string): boolean {
  return (
    path.startsWith("/sign-in/") ||
    path.startsWith("/sign-up/") ||
    path.startsWith("/two-factor/verify") ||
    path === "/phone-number/verify" ||
    path === "/email-otp/verify-email" ||
    path === "/verify-email" ||
    path === "/magic-link/verify"
  );
}

/** Keys that hold a credential: a session token of any kind, or a password or its hash. */
const SECRET_KEY = /token$|^password$|^passwordhash$|^hash$/i;

/** A copy of a JSON answer (an object or a list) with every credential-bearing key removed, at any depth. */
export function withoutSecrets(answer: unknown): unknown {
  if (Array.isArray(answer)) return answer.map(withoutSecrets);
  if (answer instanceof Date || typeof answer !== "object" || answer === null) return answer;
  const kept: Record<string, unknown> = {};
  for (const [key, inner] of Object.entries(answer)) {
    if (!SECRET_KEY.test(key)) kept[key] = withoutSecrets(inner);
  }
  return kept;
}

/**
 * Before: a sign-in or sign-up without its identifier or password is told what it lacks. A phone
 * sign-in for a number no account has costs the same password hash as a wrong password, so the
 * two cannot be told apart by timing (Better Auth alone answers that case at once).
 */
export async function signInAnswersBefore(ctx: AuthHookContext): Promise<undefined> {
  const idField = PASSWORD_SIGN_INS[ctx.path];
  const isSignUp = ctx.path === "/sign-up/email";
  if (!idField && !isSignUp) return;
  const identified = isSignUp
    ? filled(field(ctx.body, "email")) || filled(field(ctx.body, "phoneNumber"))
    : filled(field(ctx.body, idField ?? ""));
  if (!identified || !filled(field(ctx.body, "password"))) {
    throw new APIError("BAD_REQUEST", { ...MISSING_CREDENTIALS });
  }
  if (ctx.path === "/sign-in/phone-number") {
    const phoneNumber = String(field(ctx.body, "phoneNumber"));
    const owner = await ctx.context.adapter.findOne({
      model: "user",
      where: [{ field: "phoneNumber", value: phoneNumber }],
    });
    // Better Auth then refuses it with the same 401 as a wrong password (counted by the lockout).
    if (!owner) await ctx.context.password.hash(String(field(ctx.body, "password")));
  }
  return;
}

/**
 * After: wrong credentials on any password sign-in become one answer, HTTP 400 "Invalid
 * credentials" (the lockout hook, which runs before this one, has counted the 401 already).
 * (Tokens leave every answer in session-tokens.ts.)
 */
export async function signInAnswersAfter(ctx: AuthHookContext): Promise<unknown> {
  const returned = ctx.context.returned;
  if (PASSWORD_SIGN_INS[ctx.path] && isAPIError(returned) && returned.statusCode === 401) {
    return replaceRefusal(ctx, "BAD_REQUEST", INVALID_CREDENTIALS);
  }
  return;
}
