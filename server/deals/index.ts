// The deals area's door: other areas and the web layers import from here, never a file inside.
export * from "./board.ts";
export * from "./export.ts";
export * from "./records.ts";
export { dealScope } from "./scope.ts";
