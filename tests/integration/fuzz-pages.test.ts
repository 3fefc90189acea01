import { beforeAll, describe, expect, it } from "vitest";
import type { PageServer } from "./helpers/fixture.ts";
import { ANYONE, fuzz, OPERATORS, SIGNED_IN, setUpFuzzWorld, type Target } from "./helpers/fuzz.ts";
import { pagesWithAction } from "./helpers/routes.ts";

// The fuzz suite's form actions (helpers/fuzz.ts says what is sent and asserted).

const world = setUpFuzzWorld();
let server: PageServer;

beforeAll(() => {
  server = world().pages;
});

const PORTAL_INTENTS = [
  "profile",
  "password",
  "revoke-session",
  "revoke-others",
  "revoke-all",
  "2fa-enable",
  "2fa-confirm",
  "2fa-disable",
  "2fa-backup-codes",
  "phone-send",
  "phone-verify",
];
const USER_INTENTS = [
  "create",
  "invite",
  "role",
  "ban",
  "unban",
  "delete",
  "revoke-sessions",
  "link",
];

const CUSTOMER_FIELDS = [
  "name",
  "companyName",
  "companyWebsite",
  "email",
  "phone",
  "address",
  "city",
  "state",
  "postalCode",
  "industry",
  "size",
  "notes",
];

/** Every page with an action (from the route table), with the fields its form sends. */
const PAGE_ACTIONS: Record<string, Omit<Target, "method" | "path" | "encoding" | "page">> = {
  "/accept-invite": { fields: ["token", "username", "password", "confirmPassword"], who: ANYONE },
  "/blog/new": {
    fields: ["title", "excerpt", "content", "author", "readTime"],
    // Only an operator's posts reach the create (decision 0043); the others are refused first.
    who: OPERATORS,
  },
  "/blog/:slug": {
    fields: ["intent"],
    choices: { intent: ["delete"] },
    // Only an operator deletes a post (decision 0043); the others are refused before the form.
    who: OPERATORS,
  },
  "/dashboard/account": {
    fields: [
      "intent",
      "company",
      "phone",
      "notificationsEnabled",
      "currentPassword",
      "newPassword",
      "confirmPassword",
      "sessionId",
      "password",
      "code",
      "phoneNumber",
    ],
    choices: { intent: PORTAL_INTENTS },
    who: SIGNED_IN,
    endsSessions: true,
  },
  "/dashboard/admin/users": {
    fields: ["intent", "username", "email", "name", "role", "password", "userId", "reason", "kind"],
    choices: {
      intent: USER_INTENTS,
      role: ["agent", "manager", "admin"],
      kind: ["sign-in", "recovery"],
    },
    who: SIGNED_IN,
  },
  "/dashboard/admin/company": {
    fields: ["intent", "agentsSeeOwnOnly", "brandColor", "quoteValidityDays", "logo"],
    choices: { intent: ["access", "branding", "remove-logo"] },
    who: SIGNED_IN,
  },
  "/assistant": { fields: ["password"], who: ANYONE },
  "/dashboard/agent": {
    fields: ["intent", "id"],
    choices: { intent: ["delete"] },
    who: SIGNED_IN,
  },
  "/dashboard/quotes/new": {
    fields: [
      "intent",
      "companyName",
      "companyWebsite",
      "contactName",
      "contactEmail",
      "description",
      "needs",
    ],
    choices: { intent: ["save", "generate"] },
    who: SIGNED_IN,
  },
  "/dashboard/bill-analyzer": {
    fields: ["intent", "sample", "id", "customerId", "file"],
    choices: { intent: ["upload", "sample", "delete"], sample: ["att", "verizon", "tmobile"] },
    who: SIGNED_IN,
  },
  "/dashboard/bill-analyzer/:analysisId": {
    fields: ["intent", "customerId"],
    choices: { intent: ["attach", "quote", "delete"] },
    who: SIGNED_IN,
  },
  "/dashboard/quotes/:quoteId": {
    fields: ["intent", "optionId"],
    choices: { intent: ["choose", "accept", "decline", "convert", "version", "send"] },
    who: SIGNED_IN,
  },
  "/dashboard/deals/new": {
    fields: [
      "customerId",
      "companyName",
      "contactName",
      "companyWebsite",
      "title",
      "description",
      "productType",
      "carrier",
      "voiceLines",
      "mobileInternetLines",
      "fixedWirelessLines",
      "hardwareSource",
      "useCase",
      "partnerSolution",
      "ratePlanId",
      "monthlyRate",
      "contractTerm",
      "oneTimeRevenue",
      "status",
      "stage",
      "probability",
      "closeDate",
      "lostReason",
    ],
    choices: {
      carrier: ["ATT", "VERIZON", "TMOBILE"],
      status: ["lead", "closed_won", "closed_lost"],
      stage: ["discovery", "closing"],
    },
    who: SIGNED_IN,
  },
  "/dashboard/deals/:dealId": {
    fields: ["intent", "body", "assigneeId", "title", "status", "stage", "probability"],
    choices: { intent: ["update", "note", "reassign"] },
    who: SIGNED_IN,
  },
  "/dashboard/customers": { fields: ["file", "mapping", "duplicates"], who: SIGNED_IN },
  "/dashboard/customers/:id": { fields: CUSTOMER_FIELDS, who: SIGNED_IN },
  "/dashboard/customers/import": {
    fields: ["file", "mapping", "duplicates"],
    choices: { duplicates: ["skip", "merge"] },
    who: SIGNED_IN,
  },
  "/dashboard/customers/new": { fields: CUSTOMER_FIELDS, who: SIGNED_IN },
  "/dashboard/devices": { fields: ["file"], who: SIGNED_IN },
  "/dashboard/plans": { fields: ["file"], who: SIGNED_IN },
  "/dashboard?index": {
    fields: ["intent", "customerId", "quoteId", "dueOn", "note", "reminderId"],
    choices: { intent: ["check-in", "check-in-done", "send-proposal", "requote"] },
    who: SIGNED_IN,
  },
  "/forgot-password": { fields: ["email"], who: ANYONE },
  "/join": { fields: ["name", "email", "company", "phone", "source", "website"], who: ANYONE },
  "/login": { fields: ["username", "password", "redirectTo"], who: ANYONE },
  "/login/code": {
    fields: ["intent", "destination", "code", "redirectTo"],
    choices: { intent: ["send", "resend", "verify"] },
    who: ANYONE,
  },
  "/login/two-factor": {
    fields: ["intent", "method", "code", "trustDevice", "redirectTo"],
    choices: { intent: ["verify", "send-sms"], method: ["totp", "otp", "backup"] },
    who: ANYONE,
  },
  "/logout": {
    fields: ["scope", "redirectTo"],
    choices: { scope: ["local", "others", "global"] },
    who: SIGNED_IN,
    endsSessions: true,
  },
  "/reset-password": { fields: ["token", "newPassword", "confirmPassword"], who: ANYONE },
  "/signup": { fields: ["identifier", "password", "username", "name", "companyName"], who: ANYONE },
};

describe("form actions never answer 5xx", () => {
  it("has a fuzz target for every page with an action (add one for a new action)", () => {
    expect(Object.keys(PAGE_ACTIONS).sort()).toEqual(pagesWithAction(server));
  });

  for (const [path, target] of Object.entries(PAGE_ACTIONS)) {
    it(`POST ${path}`, { timeout: 600_000 }, async () => {
      const multipart = target.fields.includes("file") || target.fields.includes("logo");
      await fuzz({
        ...target,
        method: "POST",
        path,
        encoding: multipart ? "multipart" : "form",
        page: true,
      });
    });
  }
});
