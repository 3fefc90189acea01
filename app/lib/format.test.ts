import { format } from "date-fns";
import { describe, expect, it } from "vitest";
import {
  formatCents,
  formatDate,
  formatDateTime,
  formatIsoDate,
  formatLongDate,
} from "./format.ts";

describe("formatting at the edge", () => {
  it("formats cents as US dollars", () => {
    expect(formatCents(1_250_000, { whole: true })).toBe("$12,500");
    expect(formatCents(4599)).toBe("$45.99");
    expect(formatCents(0)).toBe("$0.00");
  });

  it("formats dates as the specs show them", () => {
    const when = new Date(2025, 2, 5, 15, 7);
    expect(formatDate(when)).toBe("Mar 5, 2025");
    expect(formatLongDate(when)).toBe("March 5, 2025");
    expect(formatDateTime(when)).toBe("Mar 5, 2025, 3:07 PM");
    expect(formatIsoDate("2025-03-05")).toBe("Mar 5, 2025");
    // `new Date(y, m, d)` reads a year before 100 as 19xx: 0001-01-01 was "Jan 1, 1901".
    expect(formatIsoDate("0099-12-31")).toBe("Dec 31, 99");
  });

  it("writes the short date exactly as date-fns' MMM d, yyyy, every month and day", () => {
    for (let day = 0; day < 366; day += 1) {
      const when = new Date(2024, 0, 1 + day, 23, 59);
      expect(formatDate(when)).toBe(format(when, "MMM d, yyyy"));
      expect(formatDate(when.getTime())).toBe(format(when, "MMM d, yyyy"));
      expect(formatLongDate(when)).toBe(format(when, "MMMM d, yyyy"));
    }
  });

  it("writes the date and time exactly as date-fns' MMM d, yyyy, h:mm a, every minute of a day", () => {
    for (let minute = 0; minute < 24 * 60; minute += 1) {
      const when = new Date(2025, 2, 5, 0, minute);
      expect(formatDateTime(when)).toBe(format(when, "MMM d, yyyy, h:mm a"));
      expect(formatDateTime(when.getTime())).toBe(format(when, "MMM d, yyyy, h:mm a"));
    }
  });
});
