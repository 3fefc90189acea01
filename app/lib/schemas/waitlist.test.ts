import { describe, expect, it } from "vitest";
import { waitlistFieldError, waitlistSchema } from "./waitlist.ts";

describe("the waitlist schema", () => {
  it("requires name, email and company with the spec's messages", () => {
    expect(waitlistFieldError("name", "   ")).toBe("Name is required");
    expect(waitlistFieldError("email", "")).toBe("Email is required");
    expect(waitlistFieldError("company", " ")).toBe("Company is required");
    expect(waitlistFieldError("name", "Ana")).toBeUndefined();
  });

  it("checks email with the spec's simple pattern", () => {
    for (const bad of ["ana", "ana@example", "ana @example.com", "@example.com"]) {
      expect(waitlistFieldError("email", bad), bad).toBe("Please enter a valid email address");
    }
    expect(waitlistFieldError("email", "ana@example.com")).toBeUndefined();
  });

  it("takes one mailbox, not a list or a display name the spec's pattern lets through", () => {
    for (const bad of ["a@x.com,b@y.com", "a@x.com;b@y.com", "x<a@x.com>", "a@x.com."]) {
      expect(waitlistFieldError("email", bad), bad).toBe("Please enter a valid email address");
    }
    expect(waitlistFieldError("email", "ana.reyes+beta@reyes-telecom.example")).toBeUndefined();
  });

  it("accepts the phone shapes the spec allows and refuses others", () => {
    for (const good of [
      "",
      "5551234567",
      "+15551234567".slice(1),
      "(555) 123-4567",
      "555.123.4567",
      "+(555)1234567",
      "555-123-456789",
    ]) {
      expect(waitlistFieldError("phone", good), good).toBeUndefined();
    }
    for (const bad of ["555-1234", "55512345", "abc-def-ghij", "555-123-4567890", "++5551234567"]) {
      expect(waitlistFieldError("phone", bad), bad).toBe("Please enter a valid phone number");
    }
  });

  it("defaults the source to direct and records unknown ones as direct", () => {
    const base = { name: "Ana", email: "ana@example.com", company: "Acme" };
    expect(waitlistSchema.parse(base).source).toBe("direct");
    expect(waitlistSchema.parse({ ...base, source: "beta_section" }).source).toBe("beta_section");
    expect(waitlistSchema.parse({ ...base, source: "<script>" }).source).toBe("direct");
    expect(waitlistSchema.parse({ ...base, phone: "" }).phone).toBeUndefined();
  });
});
