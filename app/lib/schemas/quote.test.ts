import { describe, expect, it } from "vitest";
import {
  CUSTOMER_INFO_REQUIRED,
  DESCRIPTION_TOO_LONG,
  parseGenerateQuoteRequest,
  QUOTE_DESCRIPTION_MAX,
} from "./quote.ts";

const customerInfo = {
  companyName: "Acme Dental",
  companyWebsite: "acme.example",
  contactName: "Ana Ruiz",
  contactEmail: "Ana@Acme.example",
};

const messages = (body: unknown) => {
  const parsed = parseGenerateQuoteRequest(body);
  return parsed.success ? [] : parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`);
};

describe("POST /api/generate-quote's body", () => {
  it("adds https:// to a website without a scheme and lower-cases the email", () => {
    const parsed = parseGenerateQuoteRequest({ description: " 12 phones ", customerInfo });
    expect(parsed.success && parsed.data).toEqual({
      description: "12 phones",
      customerInfo: {
        ...customerInfo,
        companyWebsite: "https://acme.example",
        contactEmail: "ana@acme.example",
      },
    });
  });

  it("requires every customer field and a valid email", () => {
    expect(
      messages({
        description: "12 phones",
        customerInfo: {
          companyName: " ",
          companyWebsite: "",
          contactName: "",
          contactEmail: "nope",
        },
      }),
    ).toEqual([
      "customerInfo.companyName: Company name is required",
      "customerInfo.companyWebsite: Company website is required",
      "customerInfo.contactName: Contact name is required",
      "customerInfo.contactEmail: Enter a valid email address",
    ]);
    expect(messages({ description: "12 phones" })).toHaveLength(1);
  });

  it("refuses an empty description and one over the limit, with a clear message", () => {
    expect(messages({ description: "   \n ", customerInfo })).toEqual([
      "description: Description is required",
    ]);
    expect(messages({ description: "x".repeat(QUOTE_DESCRIPTION_MAX + 1), customerInfo })).toEqual([
      `description: ${DESCRIPTION_TOO_LONG}`,
    ]);
    expect(messages({ description: "x".repeat(QUOTE_DESCRIPTION_MAX), customerInfo })).toEqual([]);
    expect(messages({ description: "12 phones\u0000", customerInfo })).toHaveLength(1);
  });

  it("takes a bill analysis as the other shape", () => {
    expect(messages({ currentBill: { totalMonthlyBill: "x" } }).length).toBeGreaterThan(0);
    expect(messages(null)).toEqual([
      ": Send a description with the customer's details, or a bill analysis",
    ]);
    expect(messages({ description: "12 phones" })).toEqual([
      `customerInfo: ${CUSTOMER_INFO_REQUIRED}`,
    ]);
  });
});
