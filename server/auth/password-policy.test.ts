import { describe, expect, it } from "vitest";
import { passwordProblems } from "./password-policy.ts";

describe("passwordProblems", () => {
  it("accepts a long, uncommon password that names nobody", () => {
    expect(
      passwordProblems("violet-harbor-lantern-42", { username: "dana", email: "dana@acme.test" }),
    ).toEqual([]);
  });

  it("lists every reason at once", () => {
    expect(passwordProblems("qzvx7", { username: "qzvx" })).toEqual([
      "Password must be at least 8 characters long",
      "Password must not contain your username",
    ]);
  });

  it("refuses passwords longer than 128 characters", () => {
    expect(passwordProblems("x7#".repeat(43))).toEqual([
      "Password must be 128 characters or fewer",
    ]);
  });

  it("refuses common passwords whatever their case", () => {
    for (const common of ["password", "Password1", "QWERTY123", "iloveyou"]) {
      expect(passwordProblems(common)).toContain(
        "Password is too common; choose one that is not on lists of common passwords",
      );
    }
  });

  it("refuses a password that contains the username or the email address", () => {
    expect(passwordProblems("my-DanaSmith-2026!", { username: "danasmith" })).toEqual([
      "Password must not contain your username",
    ]);
    expect(passwordProblems("dana.smith@acme.test!", { email: "dana.smith@acme.test" })).toEqual([
      "Password must not contain your email address",
    ]);
    expect(passwordProblems("xx-dana.smith-2026", { email: "Dana.Smith@acme.test" })).toEqual([
      "Password must not contain your email address",
    ]);
  });
});
