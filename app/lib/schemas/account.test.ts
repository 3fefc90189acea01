import { describe, expect, it } from "vitest";
import { isContactPhone, PHONE_INVALID_MESSAGE } from "#app/lib/phone.ts";
import { profileSchema } from "./account.ts";

const profile = (phone: string) =>
  profileSchema.safeParse({
    intent: "profile",
    company: "Acme",
    phone,
    notificationsEnabled: "true",
  });

describe("My Account's contact phone", () => {
  it("takes numbers as people write them", () => {
    for (const phone of [
      "(555) 010-2040",
      "555-0100",
      "555.010.2040",
      "+1 555 010 2040",
      "+44 20 7946 0958",
      "+1 (555) 010-2040 ext. 12",
      "555 010 2040 x7",
    ]) {
      expect(isContactPhone(phone), phone).toBe(true);
    }
  });

  it("refuses what is not a phone number", () => {
    for (const phone of [
      "not a phone at all!!",
      "12345",
      "call me",
      "555-CALL-NOW",
      "+",
      "1234567890123456",
    ]) {
      expect(isContactPhone(phone), phone).toBe(false);
    }
  });

  it("is optional, trimmed, and refused with a message that says what to type", () => {
    expect(profile("").success).toBe(true);
    expect(profile("  (555) 010-2040 ").data?.phone).toBe("(555) 010-2040");
    const refused = profile("not a phone at all!!");
    expect(refused.success).toBe(false);
    expect(refused.error?.issues).toEqual([
      expect.objectContaining({ path: ["phone"], message: PHONE_INVALID_MESSAGE }),
    ]);
  });
});
