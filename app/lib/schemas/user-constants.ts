import type { SortState } from "./sort.ts";

// The users screen's choices, labels and messages, apart from the schemas so a page that shows
// them does not load zod with them (decision 0036).

/** The roles a portal account can hold; a manager sees what an agent sees for now. */
export const USER_ROLES = ["agent", "manager", "admin"] as const;
export type UserRole = (typeof USER_ROLES)[number];

export const ROLE_LABELS: Record<UserRole, string> = {
  agent: "Agent",
  manager: "Manager",
  admin: "Admin",
};

/** The roles as a select's options, in order. */
export const ROLE_OPTIONS = USER_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }));

/** Usernames: 3 to 40 letters, digits, dots, underscores or hyphens (the auth service agrees). */
export const USERNAME_PATTERN = /^[A-Za-z0-9._-]{3,40}$/;

export const USERS_PAGE_SIZE = 20;

/** The columns of the users table that sort the list on the server. */
export const USER_SORT_COLUMNS = ["user", "email", "role", "status", "lastSignIn"] as const;
export type UserSortColumn = (typeof USER_SORT_COLUMNS)[number];
export const USER_DEFAULT_SORT: SortState<UserSortColumn> = { column: "user", dir: "asc" };

export const INVITATION_NOT_FOUND = "No such invitation in your company.";

/** Issue 6: the one message for a sign-up without an identifier or a password. */
export const MISSING_CREDENTIALS_MESSAGE =
  "You must provide either an email or phone number and a password";

/** What /accept-invite says when an invitation cannot be used (no account is created). */
export const INVITATION_PROBLEMS: Record<"used" | "expired" | "unknown", string> = {
  used: "This invitation has already been used. Sign in with the username you chose.",
  expired: "This invitation has expired. Ask your administrator to invite you again.",
  unknown: "This invitation link is not valid. Check that you copied the whole link.",
};

/** The second factors an account has set up. */
export type UserFactors = { totp: boolean; phone: boolean };

/** One user as the admin users screen and API show them. */
export type CompanyUserRow = {
  id: string;
  username: string;
  name: string;
  email: string;
  role: UserRole;
  banned: boolean;
  banReason: string | null;
  factors: UserFactors;
  lastSignInAt: Date | null;
  createdAt: Date;
};

/** An invitation not yet accepted and not yet expired, as the users screen lists it. */
export type PendingInvitationRow = {
  id: string;
  email: string;
  role: UserRole;
  /** The inviter's name (or username); null once their account is deleted. */
  invitedBy: string | null;
  sentAt: Date;
  expiresAt: Date;
};
