import { describe, expect, it } from "vitest";
import {
  CUSTOMER_INFO_REQUIRED,
  DESCRIPTION_TOO_LONG,
  OPTION_NEEDS_A_PLAN,
  optionSelectionSchema,
  parseGenerateQuoteRequest,
  QUOTE_DESCRIPTION_MAX,
  repriceFormSchema,
  saveQuoteFormSchema,
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

describe("optionSelectionSchema", () => {
  const id = "0b6f2a7e-3c1d-4e5f-9a8b-7c6d5e4f3a2b";
  const valid = {
    carrier: "att",
    label: "AT&T",
    plans: [{ lineKind: "voice", ratePlanId: id, quantity: 12 }],
    devices: [{ deviceOfferId: id, quantity: 2 }],
    devicePayment: "installments",
    excludedPromotionIds: [],
  };

  it("takes an edit made of catalog ids and counts, and no prices", () => {
    expect(optionSelectionSchema.parse({ ...valid, unitMonthlyCents: 1 })).toEqual(valid);
  });

  it.each([
    [{ plans: [] }, OPTION_NEEDS_A_PLAN],
    [
      { plans: [{ lineKind: "voice", ratePlanId: id, quantity: 0 }] },
      "Enter at least 1 line, or remove the plan",
    ],
    [
      { plans: [{ lineKind: "voice", ratePlanId: id, quantity: 1.5 }] },
      "Enter a whole number of lines",
    ],
    [
      { plans: [{ lineKind: "voice", ratePlanId: "x'; drop table", quantity: 1 }] },
      "Choose a plan",
    ],
    [{ devices: [{ deviceOfferId: id, quantity: 10_001 }] }, "At most 10,000 devices"],
  ])("refuses %j with a message", (change, message) => {
    const parsed = optionSelectionSchema.safeParse({ ...valid, ...change });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => i.message)).toContain(message);
  });
});

describe("the option editor's form", () => {
  const A = "00000000-0000-4000-8000-00000000000a";
  const B = "00000000-0000-4000-8000-00000000000b";
  const D = "00000000-0000-4000-8000-00000000000d";
  const P = "00000000-0000-4000-8000-00000000000f";
  const form = {
    intent: "reprice",
    optionId: A,
    carrier: "att",
    label: "AT&T",
    devicePayment: "installments",
    "plan.1.lineKind": "mobile_internet",
    "plan.1.ratePlanId": B,
    "plan.1.quantity": "2",
    "plan.0.lineKind": "voice",
    "plan.0.ratePlanId": A,
    "plan.0.quantity": " 10 ",
    "device.0.deviceOfferId": D,
    "device.0.quantity": "3",
    "device.0.remove": "on",
    "exclude.0": P,
  };

  it("reads rows in their order, leaves removed ones out and keeps credits left off", () => {
    const parsed = repriceFormSchema.parse(form);
    expect(parsed).toEqual({
      optionId: A,
      selection: {
        carrier: "att",
        label: "AT&T",
        plans: [
          { lineKind: "voice", ratePlanId: A, quantity: 10 },
          { lineKind: "mobile_internet", ratePlanId: B, quantity: 2 },
        ],
        devices: [],
        devicePayment: "installments",
        excludedPromotionIds: [P],
      },
    });
  });

  it("refuses a count that is not a number, and an option left with no plan", () => {
    const bad = repriceFormSchema.safeParse({ ...form, "plan.0.quantity": "ten" });
    expect(bad.error?.issues[0]?.message).toBe("Enter a number of lines");
    const empty = repriceFormSchema.safeParse({
      ...form,
      "plan.0.remove": "on",
      "plan.1.remove": "on",
    });
    expect(empty.error?.issues[0]?.message).toBe(OPTION_NEEDS_A_PLAN);
  });
});

describe("Save Quote's form", () => {
  it("carries no price: only the customer, the description and needs that fit the schema", () => {
    const refused = saveQuoteFormSchema.safeParse({
      ...customerInfo,
      description: "3 phones",
      needs: JSON.stringify({ lines: { voice: 3 } }),
    });
    expect(refused.success).toBe(false);
    const broken = saveQuoteFormSchema.safeParse({
      ...customerInfo,
      description: "3 phones",
      needs: "{not json",
    });
    expect(broken.error?.issues[0]?.message).toBe("Failed to save quote. Please try again.");
  });
});
