import { describe, expect, it } from "vitest";
import { firstErrorPerField } from "./field-errors.ts";

describe("firstErrorPerField", () => {
  it("keeps each field's first message, and names a pathless one the form's", () => {
    expect(
      firstErrorPerField([
        { path: ["email"], message: "Please enter a valid email address" },
        { path: ["email"], message: "Email is too long" },
        { path: ["lines", 0], message: "Lines must be 0 or more" },
        { path: [], message: "Something is missing" },
      ]),
    ).toEqual({
      email: "Please enter a valid email address",
      lines: "Lines must be 0 or more",
      form: "Something is missing",
    });
  });
});
