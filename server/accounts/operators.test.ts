import { describe, expect, it } from "vitest";
import { loadConfig } from "#server/platform/config.ts";
import { isPlatformOperator } from "./operators.ts";

const config = (env: Record<string, string>) =>
  loadConfig({ AUTH_SECRET: "x".repeat(32), DATABASE_URL: "postgres://db/app", ...env });

const person = {
  platformOperator: false,
  email: "Ops@Carrier.example",
  emailVerified: true,
  username: "ops",
};

describe("who is a platform operator", () => {
  it("is whoever the command line granted", () => {
    expect(isPlatformOperator(config({}), { ...person, platformOperator: true })).toBe(true);
    expect(isPlatformOperator(config({}), person)).toBe(false);
  });

  it("is a verified address PLATFORM_OPERATORS names, in any case; never an unverified one", () => {
    const named = config({ PLATFORM_OPERATORS: " someone@else.example , ops@carrier.example" });
    expect(named.platformOperators).toEqual(["someone@else.example", "ops@carrier.example"]);
    expect(isPlatformOperator(named, person)).toBe(true);
    // A self sign-up may type any address: it proves nothing until verified.
    expect(isPlatformOperator(named, { ...person, emailVerified: false })).toBe(false);
    expect(isPlatformOperator(named, { ...person, email: "other@carrier.example" })).toBe(false);
  });

  it("is the demo admin in demo mode only", () => {
    const admin = { ...person, username: "admin", email: "admin@demowireless.example" };
    expect(isPlatformOperator(config({ DEMO_MODE: "true" }), admin)).toBe(true);
    expect(isPlatformOperator(config({ DEMO_MODE: "true" }), { ...admin, username: "demo" })).toBe(
      false,
    );
    expect(isPlatformOperator(config({ DEMO_MODE: "false" }), admin)).toBe(false);
    expect(
      isPlatformOperator(config({ DEMO_MODE: "true", DEMO_ADMIN_USERNAME: "boss" }), {
        ...admin,
        username: "Boss",
      }),
    ).toBe(true);
  });

  it("refuses a PLATFORM_OPERATORS that is not a list of addresses", () => {
    expect(() => config({ PLATFORM_OPERATORS: "ops@carrier.example, not-an-address" })).toThrow(
      /PLATFORM_OPERATORS/,
    );
  });
});
