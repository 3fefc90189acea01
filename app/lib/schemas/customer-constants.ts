// The customer list's choices and page size, apart from the schemas so a page that shows them
// does not load zod with them (decision 0036).

export const CUSTOMER_SORTS = ["created", "name", "company"] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number];
export const CUSTOMER_SORT_LABELS: Record<CustomerSort, string> = {
  created: "Created Date",
  name: "Name",
  company: "Company",
};

export const CUSTOMERS_PAGE_SIZE = 24;
export const CUSTOMERS_MAX_PAGE = 1_000;
