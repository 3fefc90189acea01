// The site area's door: other areas and the web layers import from here, never a file inside.
export * from "./analytics.ts";
export * from "./blog.ts";
export * from "./waitlist.ts";
