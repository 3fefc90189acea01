// The assistant area's door (issue 17): other areas and the web layers import from here.
export * from "./chat.ts";
export * from "./conversations.ts";
export { builtInAnswer, type TurnState } from "./engine.ts";
export * from "./gate.ts";
export { assistantTools, catalogTools, companyTools } from "./tools.ts";
