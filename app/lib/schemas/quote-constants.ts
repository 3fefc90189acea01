// The quote pages' limits, fields and messages, apart from the schemas so a page that shows
// them does not load zod with them (decision 0036).

/** The longest description the generator reads; a longer one is refused with a clear message. */
export const QUOTE_DESCRIPTION_MAX = 5_000;

/** The generator form's fields in the order it shows them; quote.ts holds them to its schema. */
export const QUOTE_FORM_FIELDS = [
  "companyName",
  "companyWebsite",
  "contactName",
  "contactEmail",
  "description",
] as const;

export const QUOTE_NOT_FOUND = "Quote not found";
export const SAVE_FAILED = "Failed to save quote. Please try again.";
export const QUOTES_PAGE_SIZE = 25;
