import { data } from "react-router";
import { readFilters } from "#app/lib/schemas/catalog-filters.ts";
import {
  type GeneratedLink,
  type UserAction,
  type UsersAnswer,
  userActionSchema,
  userListQuerySchema,
} from "#app/lib/schemas/users.ts";
import {
  accountFieldOf,
  banCompanyUser,
  createCompanyUser,
  deleteCompanyUser,
  generateUserLink,
  inviteUser,
  listCompanyUsers,
  type Outcome,
  revokeCompanyUserSessions,
  setCompanyUserRole,
  unbanCompanyUser,
} from "#server/accounts/index.ts";
import { statusOf } from "#server/http/errors.ts";
import type { UserContext } from "#server/platform/context.ts";
import type { FieldErrors } from "#server/platform/errors.ts";

/** One page of the admin's company's users, as the search in the address asks. */
export async function loadUsers(ctx: UserContext, url: URL) {
  const query = readFilters(userListQuerySchema, url.searchParams);
  const list = await listCompanyUsers(ctx, query);
  return { ...list, query, me: ctx.user.id };
}

type Intent<K extends UserAction["intent"]> = Extract<UserAction, { intent: K }>;

const SUCCESS: Record<UserAction["intent"], (who: string) => string> = {
  create: (u) => `Created ${u}.`,
  invite: () => "Invitation sent.",
  role: (u) => `Changed ${u}'s role.`,
  ban: (u) => `Banned ${u} and ended their sessions.`,
  unban: (u) => `Unbanned ${u}.`,
  delete: (u) => `Deleted ${u}.`,
  "revoke-sessions": (u) => `Ended every session of ${u}.`,
  link: (u) => `Made a link for ${u}.`,
};

/** Whom the answer names: the new user, the invited email, or the user the row was about. */
function nameOf(input: UserAction): string {
  if (input.intent === "create") return input.username;
  if (input.intent === "invite") return input.email;
  return input.username ?? "the user";
}

/**
 * The answer to one intent, for the form that sent it: what was done (with the link made, if
 * any), or the refusal with the status of its kind and the field it is about.
 */
function answer<T>(input: UserAction, outcome: Outcome<T>, link?: GeneratedLink) {
  const { intent } = input;
  if (!outcome.ok) {
    const field = accountFieldOf(outcome);
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

export async function createUserIntent(ctx: UserContext, input: Intent<"create">) {
  return answer(input, await createCompanyUser(ctx, input));
}

export async function inviteIntent(ctx: UserContext, input: Intent<"invite">) {
  return answer(input, await inviteUser(ctx, input));
}

export async function roleIntent(ctx: UserContext, input: Intent<"role">, headers: Headers) {
  return answer(input, await setCompanyUserRole(ctx, { ...input, headers }));
}

export async function banIntent(ctx: UserContext, input: Intent<"ban">, headers: Headers) {
  return answer(input, await banCompanyUser(ctx, { ...input, headers }));
}

export async function unbanIntent(ctx: UserContext, input: Intent<"unban">, headers: Headers) {
  return answer(input, await unbanCompanyUser(ctx, { ...input, headers }));
}

export async function deleteUserIntent(
  ctx: UserContext,
  input: Intent<"delete">,
  headers: Headers,
) {
  return answer(input, await deleteCompanyUser(ctx, { ...input, headers }));
}

export async function revokeSessionsIntent(
  ctx: UserContext,
  input: Intent<"revoke-sessions">,
  headers: Headers,
) {
  return answer(input, await revokeCompanyUserSessions(ctx, { ...input, headers }));
}

/** A sign-in or recovery link, shown once to the admin (never mailed or stored). */
export async function linkIntent(ctx: UserContext, input: Intent<"link">) {
  const made = await generateUserLink(ctx, input);
  return answer(input, made, made.ok ? made.value : undefined);
}
