import { z } from "zod";
import { PASSWORD_MAX_LENGTH } from "./account.ts";
import { pageNumber, searchText } from "./fields.ts";
import { sortFields } from "./sort.ts";
import { text } from "./text.ts";
import {
  INVITATION_NOT_FOUND,
  USER_DEFAULT_SORT,
  USER_ROLES,
  USER_SORT_COLUMNS,
  USERNAME_PATTERN,
} from "./user-constants.ts";

export {
  type CompanyUserRow,
  INVITATION_NOT_FOUND,
  INVITATION_PROBLEMS,
  MISSING_CREDENTIALS_MESSAGE,
  type PendingInvitationRow,
  ROLE_LABELS,
  ROLE_OPTIONS,
  USER_DEFAULT_SORT,
  USER_ROLES,
  USER_SORT_COLUMNS,
  USERNAME_PATTERN,
  USERS_PAGE_SIZE,
  type UserFactors,
  type UserRole,
  type UserSortColumn,
} from "./user-constants.ts";

export const roleSchema = z.enum(USER_ROLES, { error: "Choose a role: agent, manager or admin" });

export const usernameSchema = text()
  .trim()
  .min(3, "Username must be at least 3 characters")
  .max(40, "Username must be 40 characters or fewer")
  .regex(USERNAME_PATTERN, "Username may use only letters, digits, dots, underscores and hyphens");

export const emailSchema = text()
  .trim()
  .toLowerCase()
  .max(254, "Email must be 254 characters or fewer")
  .pipe(z.email({ error: "Enter a valid email address" }));

/** The policy's reasons come from the server; here only what keeps a request sane. */
const newPasswordSchema = text()
  .min(1, "Enter a password")
  .max(PASSWORD_MAX_LENGTH, `Password must be ${PASSWORD_MAX_LENGTH} characters or fewer`);

const nameSchema = text()
  .trim()
  .min(1, "Enter a name")
  .max(120, "Name must be 120 characters or fewer");

/** The users list: ?page&q&sort&dir. */
export const userListQuerySchema = z
  .object({
    q: searchText(),
    page: pageNumber(10_000),
  })
  .extend(sortFields(USER_SORT_COLUMNS, USER_DEFAULT_SORT));
export type UserListQuery = z.output<typeof userListQuerySchema>;

export const inviteSchema = z.object({
  email: emailSchema,
  role: roleSchema.default("agent"),
});
export type InviteInput = z.output<typeof inviteSchema>;

export const createUserSchema = z.object({
  username: usernameSchema,
  email: emailSchema,
  name: nameSchema,
  role: roleSchema.default("agent"),
  password: newPasswordSchema,
});
export type CreateUserInput = z.output<typeof createUserSchema>;

export const roleChangeSchema = z.object({ role: roleSchema });

export const banSchema = z.object({
  reason: text().trim().max(200, "Reason must be 200 characters or fewer").default(""),
});

export const linkKindSchema = z.enum(["sign-in", "recovery"], {
  error: "Choose a sign-in or a recovery link",
});
export const linkSchema = z.object({ kind: linkKindSchema });
export type LinkKind = z.output<typeof linkKindSchema>;

/** Revoking or resending a pending invitation: its id, and the address the answer names. */
export const invitationTargetSchema = z.object({
  invitationId: z.uuid({ error: INVITATION_NOT_FOUND }),
  email: text().max(254).optional(),
});
export type InvitationTarget = z.output<typeof invitationTargetSchema>;

/**
 * The users screen's form actions: one intent per button, each with the user it acts on (by id,
 * and by the username the page names them with in its answer).
 */
const target = { userId: text().min(1).max(100), username: text().optional() };
export const userActionSchema = z.discriminatedUnion("intent", [
  createUserSchema.extend({ intent: z.literal("create") }),
  inviteSchema.extend({ intent: z.literal("invite") }),
  roleChangeSchema.extend({ intent: z.literal("role"), ...target }),
  banSchema.extend({ intent: z.literal("ban"), ...target }),
  z.object({ intent: z.literal("unban"), ...target }),
  z.object({ intent: z.literal("delete"), ...target }),
  z.object({ intent: z.literal("revoke-sessions"), ...target }),
  linkSchema.extend({ intent: z.literal("link"), ...target }),
  invitationTargetSchema.extend({ intent: z.literal("revoke-invitation") }),
  invitationTargetSchema.extend({ intent: z.literal("resend-invitation") }),
]);
export type UserAction = z.output<typeof userActionSchema>;

/** /accept-invite: the invitee picks a username and a password. */
export const acceptInviteSchema = z
  .object({
    token: text().trim().min(1).max(200),
    username: usernameSchema,
    password: newPasswordSchema,
    confirmPassword: text(),
  })
  .refine((v) => v.password === v.confirmPassword, {
    message: "Passwords do not match",
    path: ["confirmPassword"],
  });
export type AcceptInviteInput = z.output<typeof acceptInviteSchema>;

/**
 * A company's name as it is stored: compatibility forms folded (NFKC), invisible format
 * characters (zero-width spaces, direction marks) dropped and every run of spaces, of any kind,
 * one plain space. Names are unique ignoring case and spacing (decision 0011), and a name that
 * only looks like another's must not slip past that rule.
 */
export const companyNameSchema = text()
  .transform((name) =>
    name
      .normalize("NFKC")
      .replace(/\p{Cf}/gu, "")
      .replace(/\s+/gu, " ")
      .trim(),
  )
  .pipe(
    text().min(1, "Enter your company's name").max(200, "Company must be 200 characters or fewer"),
  );

/** /signup (only when ALLOW_SIGNUP=true): a new company with its first admin. */
export const signupSchema = z.object({
  identifier: text().trim().max(254),
  password: text().max(PASSWORD_MAX_LENGTH, "Password must be 128 characters or fewer"),
  username: usernameSchema,
  name: nameSchema,
  companyName: companyNameSchema,
});
export type SignupInput = z.output<typeof signupSchema>;

/** A sign-in or recovery link made for the admin to pass on by hand. */
export type GeneratedLink = { kind: LinkKind; url: string; expiresInMinutes: number };

/** What an action of the users screen answers; `intent` says which form it belongs to. */
export type UsersAnswer = {
  ok: boolean;
  message: string;
  intent: UserAction["intent"] | null;
  /** A link made for the admin to pass on; shown once, never stored or mailed. */
  link?: GeneratedLink & { username: string };
  fieldErrors?: Partial<Record<string, string>>;
};
