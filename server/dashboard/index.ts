// The dashboard area's door: other areas and the web layers import from here, never a file inside.
export * from "./check-ins.ts";
export * from "./dashboard.ts";
