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
  unbanCompanyUser,
} from "#server/accounts/index.ts";
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
  /** The acting admin's context and the admin's own request headers (for Better Auth). */
  const on = (c: Context<ApiEnv>) => ({
    ctx: c.get("ctx"),
    target: { headers: c.req.raw.headers, userId: c.req.param("id") ?? "" },
  });

  api.get("/", async (c) => {
    const query = userListQuerySchema.parse({ q: c.req.query("q"), page: c.req.query("page") });
    const list = await listCompanyUsers(c.get("ctx"), query);
    return c.json({ ...list, page: query.page });
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
    const { ctx, target } = on(c);
    return answer(c, await setCompanyUserRole(ctx, { ...target, role: input.value.role }));
  });

  api.post("/:id/ban", async (c) => {
    const input = await body(c, banSchema);
    if (!input.ok) return apiRefusal(c, input);
    const { ctx, target } = on(c);
    return answer(c, await banCompanyUser(ctx, { ...target, reason: input.value.reason }));
  });

  api.post("/:id/unban", async (c) => {
    const { ctx, target } = on(c);
    return answer(c, await unbanCompanyUser(ctx, target));
  });

  api.delete("/:id", async (c) => {
    const { ctx, target } = on(c);
    return answer(c, await deleteCompanyUser(ctx, target));
  });

  api.get("/:id/factors", async (c) => {
    const { ctx, target } = on(c);
    return answer(c, await getUserFactors(ctx, target));
  });

  api.post("/:id/revoke-sessions", async (c) => {
    const { ctx, target } = on(c);
    return answer(c, await revokeCompanyUserSessions(ctx, target));
  });

  api.post("/:id/link", async (c) => {
    const input = await body(c, linkSchema);
    if (!input.ok) return apiRefusal(c, input);
    // A live sign-in link: never kept by a cache or a proxy.
    c.header("Cache-Control", "no-store");
    const { ctx, target } = on(c);
    return answer(c, await generateUserLink(ctx, { ...target, kind: input.value.kind }));
  });

  return api;
}
