// The deals area's words and choices the pages show, apart from the schemas so a page that
// shows them does not load zod with them (decision 0036).

export const DEAL_NOT_FOUND = "Deal not found";

/**
 * The board's address parameter after New Deal gave the deal to a customer the agent already had
 * (its id), so the board can say which; any change of the view drops it.
 */
export const DEAL_FOR_EXISTING = "addedTo";

export const DEAL_SORTS = ["created", "close", "value", "probability"] as const;
export type DealSort = (typeof DEAL_SORTS)[number];
export const DEAL_SORT_LABELS: Record<DealSort, string> = {
  created: "Created Date",
  close: "Close Date",
  value: "Deal Value",
  probability: "Probability",
};
