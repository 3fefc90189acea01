// The reports area's door: other areas and the web layers import from here, never a file inside.

export * from "./export.ts";
export * from "./period.ts";
export * from "./reports.ts";
