// The quotes area's door: other areas and the web layers import from here, never a file inside.

export * from "./decisions.ts";
export * from "./edit.ts";
export { type CatalogSnapshot, deviceName, planKind } from "./engine/catalog.ts";
export { billPlanChargesCents, needsFromBill } from "./engine/from-bill.ts";
export { digitsForWords } from "./engine/numbers.ts";
export { priceQuote } from "./engine/price.ts";
export { readNeeds } from "./engine/read-needs.ts";
export { priceSelection, SelectionError, selectionOfOption } from "./engine/selection.ts";
export * from "./generate.ts";
export * from "./limit.ts";
export { createModelNeedsReader, needsReaderOf } from "./model-reader.ts";
export type { ProposalView } from "./proposal/render.ts";
export * from "./proposal-service.ts";
export * from "./saved.ts";
