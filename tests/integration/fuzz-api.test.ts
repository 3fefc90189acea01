import { beforeAll, describe, expect, it } from "vitest";
import { BOARD_STATUSES } from "#app/lib/domain.ts";
import {
  ANYONE,
  type Encoding,
  fuzz,
  SIGNED_IN,
  setUpFuzzWorld,
  type Target,
} from "./helpers/fuzz.ts";
import { createTestApp, type TestRuntime } from "./helpers/runtime.ts";

// The fuzz suite's JSON API routes, the auth service's included (helpers/fuzz.ts says what is
// sent and asserted). The whole app serves them, as in production.

const world = setUpFuzzWorld();
let rt: TestRuntime;

beforeAll(() => {
  rt = world().rt;
});

/** The auth service's endpoints people and the portal's pages reach (under /api/auth/*). */
const AUTH_ENDPOINTS: Record<string, string[]> = {
  "sign-in/username": ["username", "password", "rememberMe"],
  "sign-in/email": ["email", "password"],
  "sign-in/email-otp": ["email", "otp"],
  "sign-in/phone-number": ["phoneNumber", "password"],
  "sign-up/email": ["email", "password", "name", "username"],
  "sign-out": [],
  "email-otp/send-verification-otp": ["email", "type"],
  "request-password-reset": ["email", "redirectTo"],
  "reset-password": ["newPassword", "token"],
  "phone-number/send-otp": ["phoneNumber"],
  "phone-number/verify": ["phoneNumber", "code"],
  "two-factor/verify-totp": ["code", "trustDevice"],
  "two-factor/send-otp": [],
  "two-factor/verify-otp": ["code"],
  "two-factor/verify-backup-code": ["code"],
  "change-password": ["currentPassword", "newPassword", "revokeOtherSessions"],
  "update-user": ["name", "image"],
  "revoke-session": ["token"],
  "revoke-other-sessions": [],
  "list-sessions": [],
  "get-session": [],
  "admin/list-users": [],
};

/** The fuzzed endpoints below /api/auth/* share one target: the union of their fields. */
const AUTH_TARGET = {
  endpoints: Object.keys(AUTH_ENDPOINTS),
  fields: [...new Set(Object.values(AUTH_ENDPOINTS).flat())],
  endsSessions: true,
};

/** Every route of the Hono app with a method of its own, with the fields it reads. */
const API_ROUTES: Record<
  string,
  Omit<Target, "method" | "path" | "encoding"> & { encoding?: Encoding }
> = {
  "GET /healthz": { fields: [], who: ["visitor"] },
  "GET /readyz": { fields: [], who: ["visitor"] },
  "POST /api/waitlist": {
    fields: ["name", "email", "company", "phone", "source", "website"],
    who: ANYONE,
  },
  "POST /.netlify/functions/waitlist": {
    fields: ["name", "email", "company", "phone", "source"],
    who: ["visitor"],
  },
  "POST /api/events": {
    fields: ["name", "source", "message", "path"],
    choices: { name: ["begin_waitlist_submission"] },
    who: ANYONE,
  },
  "GET /api/notifications": { fields: [], who: SIGNED_IN },
  "POST /api/notifications/read-all": { fields: [], who: SIGNED_IN },
  "PATCH /api/notifications/:id": { fields: ["read"], who: SIGNED_IN },
  "DELETE /api/notifications/:id": { fields: [], who: SIGNED_IN },
  "DELETE /api/notifications": { fields: [], who: SIGNED_IN },
  "GET /api/session": { fields: [], who: SIGNED_IN },
  "POST /api/session/refresh": { fields: [], who: SIGNED_IN },
  "POST /api/session/sign-out": {
    fields: ["scope"],
    choices: { scope: ["local", "others", "global"] },
    who: SIGNED_IN,
  },
  "GET /api/admin/users": { fields: ["q", "page"], who: SIGNED_IN },
  "POST /api/admin/users": {
    fields: ["username", "email", "name", "role", "password"],
    who: SIGNED_IN,
  },
  "POST /api/admin/users/invite": { fields: ["email", "role"], who: SIGNED_IN },
  "PATCH /api/admin/users/:id/role": {
    fields: ["role"],
    choices: { role: ["agent", "admin"] },
    who: SIGNED_IN,
  },
  "POST /api/admin/users/:id/ban": { fields: ["reason"], who: SIGNED_IN },
  "POST /api/admin/users/:id/unban": { fields: [], who: SIGNED_IN },
  "DELETE /api/admin/users/:id": { fields: [], who: SIGNED_IN },
  "GET /api/admin/users/:id/factors": { fields: [], who: SIGNED_IN },
  "POST /api/admin/users/:id/revoke-sessions": { fields: [], who: SIGNED_IN },
  "POST /api/admin/users/:id/link": {
    fields: ["kind"],
    choices: { kind: ["sign-in", "recovery"] },
    who: SIGNED_IN,
  },
  "GET /api/rate-plans.csv": { fields: [], who: SIGNED_IN },
  "GET /api/admin/waitlist.csv": { fields: [], who: SIGNED_IN },
  "GET /api/devices.csv": {
    fields: ["q", "carrier", "type", "tech", "sort", "dir", "page"],
    who: SIGNED_IN,
  },
  "GET /api/deals.xlsx": { fields: ["q", "status", "sort", "mine"], who: SIGNED_IN },
  "GET /api/deals/column": {
    fields: ["q", "status", "sort", "mine", "column", "offset"],
    choices: { column: [...BOARD_STATUSES] },
    who: SIGNED_IN,
  },
  "POST /api/deals/:id/move": {
    fields: ["status"],
    choices: { status: [...BOARD_STATUSES] },
    who: SIGNED_IN,
  },
  "POST /api/generate-quote": {
    fields: ["description", "customerInfo", "currentBill"],
    who: SIGNED_IN,
  },
  "GET /api/resources/:id/file": { fields: [], who: SIGNED_IN },
  "POST /api/analyze-bill": {
    fields: ["file", "customerId"],
    encoding: "multipart",
    who: SIGNED_IN,
  },
  "GET /api/bill-analyses": { fields: ["page"], who: SIGNED_IN },
  "POST /api/bill-analyses/:id/customer": { fields: ["customerId"], who: SIGNED_IN },
  "GET /api/bill-analyses/:id": { fields: [], who: SIGNED_IN },
  "GET /api/bill-analyses/:id/file": { fields: [], who: SIGNED_IN },
  "DELETE /api/bill-analyses/:id": { fields: [], who: SIGNED_IN },
  "POST /api/chat": { fields: ["message", "conversationId"], who: SIGNED_IN },
  "POST /api/chat/stream": { fields: ["message", "conversationId"], who: SIGNED_IN },
  "POST /api/assistant/stream": { fields: ["message"], who: ANYONE },
  "GET /api/chat/conversations": { fields: [], who: SIGNED_IN },
  "GET /api/chat/conversations/:id": { fields: [], who: SIGNED_IN },
  "DELETE /api/chat/conversations/:id": { fields: [], who: SIGNED_IN },
  "GET /api/auth/*": { fields: ["token", "callbackURL"], who: SIGNED_IN },
  "POST /api/auth/*": { fields: [], who: SIGNED_IN },
};

describe("JSON API routes never answer 5xx", () => {
  it("has a fuzz target for every route of the HTTP app (add one for a new route)", () => {
    const routes = createTestApp(rt)
      .routes.filter((r) => r.method !== "ALL")
      .map((r) => `${r.method} ${r.path}`);
    expect(Object.keys(API_ROUTES).sort()).toEqual([...new Set(routes)].sort());
  });

  for (const [route, target] of Object.entries(API_ROUTES)) {
    const [method = "GET", path = "/"] = route.split(" ");
    const wildcard = path === "/api/auth/*";
    it(route, { timeout: 600_000 }, async () => {
      await fuzz({
        ...target,
        method,
        path,
        encoding: target.encoding ?? "json",
        ...(wildcard ? AUTH_TARGET : {}),
      });
    });
  }
});
