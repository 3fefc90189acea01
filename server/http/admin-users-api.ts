import { type Context, Hono } from "hono";
import type { z } from "zod";
import {
  banSchema,
  createUserSchema,
  inviteSchema,
  linkSchema,
  roleChangeSchema,
  userListQuerySchema,
} from "#app/lib/schemas/users.ts";
import {
  banCompanyUser,
  createCompanyUser,
  deleteCompanyUser,
  generateUserLink,
  getUserFactors,
  inviteUser,
  listCompanyUsers,
  type Outcome,
  revokeCompanyUserSessions,
  setCompanyUserRole,
  type UserTarget,
  unbanCompanyUser,
} from "#server/accounts/index.ts";
import type { UserContext } from "#server/platform/context.ts";
import { done, refuse } from "#server/platform/errors.ts";
import type { Runtime } from "#server/runtime.server.ts";
import { type ApiEnv, requireApiAdmin, requireApiUser } from "./api-guard.ts";
import { apiRefusal } from "./errors.ts";
import { smallJsonBody } from "./waitlist-api.ts";

/**
 * /api/admin/users: the admin's own company's users, as the users screen manages them. Admins
 * only (403 for everyone else, 401 signed out); every target is looked up within the company.
 */
export function adminUsersApi(runtime: Runtime) {
  const api = new Hono<ApiEnv>();
  api.use(requireApiUser(runtime), requireApiAdmin(), smallJsonBody);

  /** The JSON body checked by its schema; a refusal names the first problem. */
  const body = async <S extends z.ZodType>(c: Context<ApiEnv>, schema: S) => {
    const parsed = schema.safeParse(await c.req.json().catch(() => null));
    return parsed.success
      ? done(parsed.data)
      : refuse("invalid", parsed.error.issues[0]?.message ?? "The request is not valid.");
  };
  const answer = <T>(c: Context<ApiEnv>, outcome: Outcome<T>, status: 200 | 201 = 200) =>
    outcome.ok ? c.json(outcome.value ?? { success: true }, status) : apiRefusal(c, outcome);
  /** The user the path names, with the admin's own request headers (for Better Auth). */
  const target = (c: Context<ApiEnv>) => ({
    headers: c.req.raw.headers,
    userId: c.req.param("id") ?? "",
  });
  /** A route that acts on the user the path names, with nothing in its body. */
  const onTarget =
    <T>(act: (ctx: UserContext, target: UserTarget) => Promise<Outcome<T>>) =>
    async (c: Context<ApiEnv>) =>
      answer(c, await act(c.get("ctx"), target(c)));

  api.get("/", async (c) => {
    const query = userListQuerySchema.parse({
      q: c.req.query("q"),
      page: c.req.query("page"),
      sort: c.req.query("sort"),
      dir: c.req.query("dir"),
    });
    return c.json(await listCompanyUsers(c.get("ctx"), query));
  });

  api.post("/", async (c) => {
    const input = await body(c, createUserSchema);
    if (!input.ok) return apiRefusal(c, input);
    return answer(c, await createCompanyUser(c.get("ctx"), input.value), 201);
  });

  api.post("/invite", async (c) => {
    const input = await body(c, inviteSchema);
    if (!input.ok) return apiRefusal(c, input);
    return answer(c, await inviteUser(c.get("ctx"), input.value), 201);
  });

  api.patch("/:id/role", async (c) => {
    const input = await body(c, roleChangeSchema);
    if (!input.ok) return apiRefusal(c, input);
    const role = input.value.role;
    return answer(c, await setCompanyUserRole(c.get("ctx"), { ...target(c), role }));
  });

  api.post("/:id/ban", async (c) => {
    const input = await body(c, banSchema);
    if (!input.ok) return apiRefusal(c, input);
    const reason = input.value.reason;
    return answer(c, await banCompanyUser(c.get("ctx"), { ...target(c), reason }));
  });

  api.post("/:id/unban", onTarget(unbanCompanyUser));
  api.delete("/:id", onTarget(deleteCompanyUser));
  api.get("/:id/factors", onTarget(getUserFactors));
  api.post("/:id/revoke-sessions", onTarget(revokeCompanyUserSessions));

  api.post("/:id/link", async (c) => {
    const input = await body(c, linkSchema);
    if (!input.ok) return apiRefusal(c, input);
    // A live sign-in link: never kept by a cache or a proxy.
    c.header("Cache-Control", "no-store");
    const kind = input.value.kind;
    return answer(c, await generateUserLink(c.get("ctx"), { ...target(c), kind }));
  });

  return api;
}
