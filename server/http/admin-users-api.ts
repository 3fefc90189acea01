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
  type AdminActor,
  banCompanyUser,
  createCompanyUser,
  deleteCompanyUser,
  generateUserLink,
  getUserFactors,
  listCompanyUsers,
  revokeCompanyUserSessions,
  setCompanyUserRole,
  unbanCompanyUser,
} from "#server/accounts/admin-users.ts";
import { inviteUser } from "#server/accounts/invitations.ts";
import type { Outcome } from "#server/accounts/outcome.ts";
import type { Runtime } from "#server/runtime.server.ts";
import { type ApiEnv, badRequest, requireApiAdmin, requireApiUser } from "./api-guard.ts";
import { apiRefusal } from "./errors.ts";
import { smallJsonBody } from "./waitlist-api.ts";

/**
 * /api/admin/users: the admin's own company's users, as the users screen manages them. Admins
 * only (403 for everyone else, 401 signed out); every target is looked up within the company.
 */
export function adminUsersApi(runtime: Runtime) {
  const api = new Hono<ApiEnv>();
  api.use(requireApiUser(runtime), requireApiAdmin(), smallJsonBody);

  const actor = (c: Context<ApiEnv>): AdminActor => ({
    runtime,
    admin: c.get("user"),
    headers: c.req.raw.headers,
  });
  const body = async <S extends z.ZodType>(c: Context<ApiEnv>, schema: S) =>
    schema.safeParse(await c.req.json().catch(() => null));
  const answer = <T>(c: Context<ApiEnv>, outcome: Outcome<T>, status: 200 | 201 = 200) =>
    outcome.ok ? c.json(outcome.value ?? { success: true }, status) : apiRefusal(c, outcome);
  const firstIssue = (error: z.ZodError) => error.issues[0]?.message;

  api.get("/", async (c) => {
    const query = userListQuerySchema.parse({ q: c.req.query("q"), page: c.req.query("page") });
    const list = await listCompanyUsers(runtime, c.get("user").companyId, query);
    return c.json({ ...list, page: query.page });
  });

  api.post("/", async (c) => {
    const input = await body(c, createUserSchema);
    if (!input.success) return badRequest(c, firstIssue(input.error));
    return answer(c, await createCompanyUser(actor(c), input.data), 201);
  });

  api.post("/invite", async (c) => {
    const input = await body(c, inviteSchema);
    if (!input.success) return badRequest(c, firstIssue(input.error));
    return answer(c, await inviteUser(runtime, c.get("user"), input.data), 201);
  });

  api.patch("/:id/role", async (c) => {
    const input = await body(c, roleChangeSchema);
    if (!input.success) return badRequest(c, firstIssue(input.error));
    return answer(c, await setCompanyUserRole(actor(c), c.req.param("id"), input.data.role));
  });

  api.post("/:id/ban", async (c) => {
    const input = await body(c, banSchema);
    if (!input.success) return badRequest(c, firstIssue(input.error));
    return answer(c, await banCompanyUser(actor(c), c.req.param("id"), input.data.reason));
  });

  api.post("/:id/unban", async (c) =>
    answer(c, await unbanCompanyUser(actor(c), c.req.param("id"))),
  );

  api.delete("/:id", async (c) => answer(c, await deleteCompanyUser(actor(c), c.req.param("id"))));

  api.get("/:id/factors", async (c) =>
    answer(c, await getUserFactors(actor(c), c.req.param("id"))),
  );

  api.post("/:id/revoke-sessions", async (c) =>
    answer(c, await revokeCompanyUserSessions(actor(c), c.req.param("id"))),
  );

  api.post("/:id/link", async (c) => {
    const input = await body(c, linkSchema);
    if (!input.success) return badRequest(c, firstIssue(input.error));
    // A live sign-in link: never kept by a cache or a proxy.
    c.header("Cache-Control", "no-store");
    return answer(c, await generateUserLink(actor(c), c.req.param("id"), input.data.kind));
  });

  return api;
}
