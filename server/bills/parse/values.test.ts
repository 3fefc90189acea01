import { describe, expect, it } from "vitest";
import {
  cleanAmount,
  cleanText,
  date,
  firstAmount,
  gigabytes,
  money,
  period,
  phoneNumber,
} from "./values.ts";

describe("the bill's values, read strictly", () => {
  it("reads every carrier's phone format to one", () => {
    for (const printed of ["212.555.0123", "212-555-0123", "(212) 555-0123", "1 212 555 0123"]) {
      expect(phoneNumber(printed)).toBe("(212) 555-0123");
    }
    expect(phoneNumber("212-555-012")).toBeNull();
    expect(phoneNumber("Phone Number")).toBeNull();
  });

  it("reads amounts, credits and nothing-charged marks", () => {
    expect(money("$1,234.56")).toBe(123456);
    expect(money("1,234.56")).toBe(123456);
    expect(money("-$2,420.84")).toBe(-242084);
    expect(money("($2,430.69)")).toBe(-243069);
    expect(money("2,478.82 CR")).toBe(-247882);
    expect(money("--")).toBe(0);
    expect(money("-")).toBe(0);
    for (const bad of ["12.5", "1,23.45", "$12", "(1.00", "12.345", "I2.00"])
      expect(money(bad)).toBeNull();
  });

  it("cleans what a scan adds around an amount, and no more", () => {
    expect(money(cleanAmount('"31.00'))).toBe(3100);
    expect(gigabytes(cleanAmount("2.81."))).toBe(2.81);
    expect(money(cleanAmount("22:42"))).toBe(2242);
    expect(money(cleanAmount("3I.00"))).toBeNull();
    expect(firstAmount("674.78 i cel")).toBe(67478);
    expect(cleanText('"iPhone 15 128GB')).toBe("iPhone 15 128GB");
    expect(cleanText("Business Tablet Pro.")).toBe("Business Tablet Pro");
    expect(cleanText("Galaxy Tab S10 128GB")).toBe("Galaxy Tab S10 128GB");
  });

  it("reads data in GB", () => {
    expect(gigabytes("3.42 GB")).toBe(3.42);
    expect(gigabytes("3.42GB")).toBe(3.42);
    expect(gigabytes("0.00")).toBe(0);
    expect(gigabytes("lots")).toBeNull();
  });

  it("reads dates and periods in the carriers' formats", () => {
    expect(date("Oct 27, 2026")).toBe("2026-10-27");
    expect(date("10/27/26")).toBe("2026-10-27");
    expect(date("10/27/2026")).toBe("2026-10-27");
    expect(date("13/01/2026")).toBeNull();
    expect(period("Oct 15 - Nov 14, 2026")).toEqual({ start: "2026-10-15", end: "2026-11-14" });
    expect(period("Dec 15 - Jan 14, 2027")).toEqual({ start: "2026-12-15", end: "2027-01-14" });
    expect(period("Oct 15, 2026 to Nov 14, 2026")).toEqual({
      start: "2026-10-15",
      end: "2026-11-14",
    });
    expect(period("10/15/26 - 11/14/26")).toEqual({ start: "2026-10-15", end: "2026-11-14" });
    expect(period("02/15/2026 03/14/2026")).toEqual({ start: "2026-02-15", end: "2026-03-14" });
  });
});
