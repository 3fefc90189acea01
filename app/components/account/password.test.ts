import { describe, expect, it } from "vitest";
import { missingPasswordsHint } from "./password.tsx";

const filled = {
  currentPassword: "old-one",
  newPassword: "new-one-8",
  confirmPassword: "new-one-8",
};

describe("why Update Password waits", () => {
  it("names what is still empty", () => {
    expect(
      missingPasswordsHint({ currentPassword: "", newPassword: "", confirmPassword: "" }),
    ).toBe("Enter your current password and the new one twice to continue.");
    expect(missingPasswordsHint({ ...filled, currentPassword: "" })).toBe(
      "Enter your current password to continue.",
    );
    expect(missingPasswordsHint({ ...filled, newPassword: "" })).toBe(
      "Enter the new password to continue.",
    );
    expect(missingPasswordsHint({ ...filled, confirmPassword: "" })).toBe(
      "Enter the new password again to continue.",
    );
    expect(missingPasswordsHint({ ...filled, currentPassword: "", confirmPassword: "" })).toBe(
      "Enter your current password and the new password again to continue.",
    );
  });

  it("says nothing once every field is filled", () => {
    expect(missingPasswordsHint(filled)).toBeNull();
  });
});
