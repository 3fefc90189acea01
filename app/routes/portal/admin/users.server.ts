import { data } from "react-router";
import { readFilters } from "#app/lib/schemas/catalog-filters.ts";
import {
  type GeneratedLink,
  type UserAction,
  type UsersAnswer,
  userActionSchema,
  userListQuerySchema,
} from "#app/lib/schemas/users.ts";
import * as accounts from "#server/accounts/index.ts";
import { statusOf } from "#server/http/errors.ts";
import type { UserContext } from "#server/platform/context.ts";
import type { FieldErrors } from "#server/platform/errors.ts";
import type { IntentHandlers } from "#server/web/intents.ts";

/** One page of the admin's company's users, as the search in the address asks. */
export async function loadUsers(ctx: UserContext, url: URL) {
  const query = readFilters(userListQuerySchema, url.searchParams);
  const [list, invitations] = await Promise.all([
    accounts.listCompanyUsers(ctx, query),
    accounts.listPendingInvitations(ctx),
  ]);
  return { ...list, invitations, query, me: ctx.user.id };
}

type Answer = ReturnType<typeof data<UsersAnswer>>;

const SUCCESS: Record<UserAction["intent"], (who: string) => string> = {
  create: (u) => `Created ${u}.`,
  invite: () => "Invitation sent.",
  role: (u) => `Changed ${u}'s role.`,
  ban: (u) => `Banned ${u} and ended their sessions.`,
  unban: (u) => `Unbanned ${u}.`,
  delete: (u) => `Deleted ${u}.`,
  "revoke-sessions": (u) => `Ended every session of ${u}.`,
  link: (u) => `Made a link for ${u}.`,
  "revoke-invitation": (email) => `Revoked the invitation to ${email}.`,
  "resend-invitation": (email) => `Sent the invitation to ${email} again.`,
};

/** Whom the answer names: the new user, the invited email, or the user the row was about. */
function nameOf(input: UserAction): string {
  if (input.intent === "create") return input.username;
  if (input.intent === "invite") return input.email;
  if (input.intent === "revoke-invitation" || input.intent === "resend-invitation") {
    return input.email ?? "the address";
  }
  return input.username ?? "the user";
}

/**
 * The answer to one intent, for the form that sent it: what was done (with the link made, if
 * any), or the refusal with the status of its kind and the field it is about.
 */
function answer<T>(input: UserAction, outcome: accounts.Outcome<T>, link?: GeneratedLink): Answer {
  const { intent } = input;
  if (!outcome.ok) {
    const field = accounts.accountFieldOf(outcome);
    return data<UsersAnswer>(
      {
        ok: false,
        message: outcome.message,
        intent,
        ...(field ? { fieldErrors: { [field]: outcome.message } } : {}),
      },
      { status: statusOf(outcome.kind) },
    );
  }
  const who = nameOf(input);
  return data<UsersAnswer>(
    {
      ok: true,
      message: SUCCESS[intent](who),
      intent,
      ...(link ? { link: { ...link, username: who } } : {}),
    },
    // A live sign-in link: never kept by a cache.
    { headers: { "Cache-Control": "no-store" } },
  );
}

/** A form that failed its schema, back to the panel it came from with its field messages. */
export function invalidUsersForm(fields: Record<string, string>, fieldErrors: FieldErrors) {
  const intent =
    userActionSchema.options.map((o) => o.shape.intent.value).find((i) => i === fields.intent) ??
    null;
  return data<UsersAnswer>(
    { ok: false, message: "Check the highlighted fields.", intent, fieldErrors },
    { status: 400 },
  );
}

/** Every intent of the screen's forms, each answered by its own function. */
export const USER_INTENTS: IntentHandlers<UserAction, UserContext, Answer> = {
  create: async (ctx, input) => answer(input, await accounts.createCompanyUser(ctx, input)),
  invite: async (ctx, input) => answer(input, await accounts.inviteUser(ctx, input)),
  role: async (ctx, input, headers) =>
    answer(input, await accounts.setCompanyUserRole(ctx, { ...input, headers })),
  ban: async (ctx, input, headers) =>
    answer(input, await accounts.banCompanyUser(ctx, { ...input, headers })),
  unban: async (ctx, input, headers) =>
    answer(input, await accounts.unbanCompanyUser(ctx, { ...input, headers })),
  delete: async (ctx, input, headers) =>
    answer(input, await accounts.deleteCompanyUser(ctx, { ...input, headers })),
  "revoke-sessions": async (ctx, input, headers) =>
    answer(input, await accounts.revokeCompanyUserSessions(ctx, { ...input, headers })),
  "revoke-invitation": async (ctx, input) =>
    answer(input, await accounts.revokeInvitation(ctx, input)),
  "resend-invitation": async (ctx, input) =>
    answer(input, await accounts.resendInvitation(ctx, input)),
  // A sign-in or recovery link, shown once to the admin (never mailed or stored).
  link: async (ctx, input) => {
    const made = await accounts.generateUserLink(ctx, input);
    return answer(input, made, made.ok ? made.value : undefined);
  },
};
