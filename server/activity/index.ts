// The activity log's door: deals, customers and later quotes, bills and reports write and read it here.
export * from "./activity.ts";
