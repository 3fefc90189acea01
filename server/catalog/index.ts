// The catalog area's door: other areas and the web layers import from here, never a file inside.

export * from "./certification.ts";
export * from "./devices.ts";
export * from "./promotions.ts";
export * from "./rate-plans.ts";
export * from "./resources.ts";
export * from "./writers.ts";
