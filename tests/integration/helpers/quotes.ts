import type { QuoteCustomerInfo } from "#app/lib/schemas/quote.ts";

/** The customer a test quote is generated for. */
export const QUOTE_CUSTOMER: QuoteCustomerInfo = {
  companyName: "Harbor Logistics",
  companyWebsite: "https://harbor.example",
  contactName: "Sam Ortiz",
  contactEmail: "sam@harbor.example",
};
