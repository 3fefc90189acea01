// The assistant area's door (issue 17): other areas and the web layers import from here.
export * from "./answer.ts";
export * from "./budget.ts";
export * from "./chat.ts";
export * from "./conversations.ts";
export { builtInAnswer, type TurnState } from "./engine.ts";
export * from "./gate.ts";
export { MODEL_STEP_LIMIT, modelTools } from "./model-engine.ts";
export { assistantTools, catalogTools, companyTools } from "./tools.ts";
