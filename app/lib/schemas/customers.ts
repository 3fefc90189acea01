import { z } from "zod";
import { COMPANY_SIZES } from "#app/lib/domain.ts";
import { CUSTOMER_SORTS, CUSTOMERS_MAX_PAGE } from "./customer-constants.ts";
import {
  flag,
  optionalEmail,
  optionalPhone,
  optionalText,
  optionalWebsite,
  pageNumber,
  requiredText,
  searchText,
} from "./fields.ts";

export {
  CUSTOMER_SORT_LABELS,
  CUSTOMER_SORTS,
  CUSTOMERS_MAX_PAGE,
  CUSTOMERS_PAGE_SIZE,
  type CustomerSort,
} from "./customer-constants.ts";

// The customers area's schemas: New Customer, the customer page, the list and the CSV import.

export const CUSTOMER_NOT_FOUND = "Customer not found";

/** A customer as the forms post it (agent-portal spec: required contact and company names). */
export const customerFieldsSchema = z.object({
  name: requiredText("Contact name is required", "Contact name", 200),
  companyName: requiredText("Company name is required", "Company name", 200),
  companyWebsite: optionalWebsite(),
  email: optionalEmail(),
  phone: optionalPhone(),
  address: optionalText("Address", 300),
  city: optionalText("City", 100),
  state: optionalText("State", 100),
  postalCode: optionalText("Postal code", 20),
  industry: optionalText("Industry", 100),
  size: z
    .union([z.literal(""), z.enum(COMPANY_SIZES)], { error: "Choose a company size from the list" })
    .transform((value) => (value === "" ? null : value))
    .optional()
    .transform((value) => value ?? null),
  notes: optionalText("Notes", 5_000, { multiline: true }),
});
export type CustomerFields = z.output<typeof customerFieldsSchema>;

/** The customer list's view, kept in the URL. */
export const customerQuerySchema = z.object({
  q: searchText(),
  sort: z.enum(CUSTOMER_SORTS).catch("created"),
  mine: flag,
  page: pageNumber(CUSTOMERS_MAX_PAGE),
});
export type CustomerQuery = z.output<typeof customerQuerySchema>;

/** A customer as the New Deal form's type-ahead offers it. */
export type CustomerOption = {
  id: string;
  name: string;
  companyName: string;
  companyWebsite: string | null;
};
