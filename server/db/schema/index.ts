// The Drizzle schema, one file per area; this barrel is what drizzle-kit and the database client read.

export * from "./accounts.ts";
export * from "./activities.ts";
export * from "./assistant.ts";
export * from "./auth.ts";
export * from "./bills.ts";
export * from "./catalog.ts";
export * from "./companies.ts";
export * from "./customers.ts";
export * from "./deals.ts";
export * from "./enums.ts";
export * from "./notifications.ts";
export * from "./platform.ts";
export * from "./quotes.ts";
export * from "./site.ts";
