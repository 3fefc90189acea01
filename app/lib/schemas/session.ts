import { z } from "zod";
import { returnAddress } from "./return-address.ts";
import { text } from "./text.ts";

/** Which sessions a sign-out ends: this one, every other one of the agent's, or all of them. */
export const signOutScopeSchema = z.enum(["local", "others", "global"]);

export type SignOutScope = z.infer<typeof signOutScopeSchema>;

/** POST /api/session/sign-out. */
export const signOutRequestSchema = z.object({ scope: signOutScopeSchema });

/** The /logout form (the no-JS path): no scope means this device only. */
export const logoutFormSchema = z.object({
  scope: signOutScopeSchema.default("local"),
  redirectTo: returnAddress,
});

/** What the browser may know about the signed-in agent (never a token or a hash). */
export const sessionUserSchema = z.object({
  id: text(),
  username: text(),
  name: text(),
  email: text(),
  role: text(),
  company: text().nullable(),
});

export type SessionUserView = z.infer<typeof sessionUserSchema>;

/** GET /api/session and POST /api/session/refresh: the live session and the server's clock. */
export const sessionAnswerSchema = z.object({
  user: sessionUserSchema,
  expiresAt: z.iso.datetime(),
  serverTime: z.iso.datetime(),
});

export type SessionAnswer = z.infer<typeof sessionAnswerSchema>;
