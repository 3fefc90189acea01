// The notifications area's door: other areas and the web layers import from here, never a file inside.
export * from "./notifications.ts";
