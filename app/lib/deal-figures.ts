import type { DealStatus } from "#app/lib/domain.ts";
import type { DealFields } from "#app/lib/schemas/deals.ts";

// The spec's deal computation, shared by the New Deal form (as the agent types) and the deals
// service (which stores its own figures). Money is in integer cents.

/** The contract term when the form leaves it unset (agent-portal spec, section 9). */
export const DEFAULT_CONTRACT_TERM = 24;

export type DealFigureInput = {
  voiceLines: number;
  mobileInternetLines: number;
  fixedWirelessLines: number;
  monthlyRateCents: number;
  /** Months; null or undefined means the default of 24. */
  contractTerm: number | null | undefined;
  oneTimeRevenueCents: number;
};

export type DealFigures = {
  totalLines: number;
  /** total lines × monthly rate × term */
  valueCents: number;
  /** total lines × monthly rate */
  monthlyRevenueCents: number;
  /** The contract's whole worth: its value plus one-time revenue (decision 0016). */
  totalRevenueCents: number;
};

/**
 * The fields a deal's value and monthly revenue are computed from. While none of them changes, a
 * deal keeps the figures it has (a converted quote's, decision 0021); changing one computes them
 * again, in the deal form as the agent types and in the service that stores them. One-time
 * revenue is not one: it only adds to the total revenue.
 */
export const FIGURE_FIELDS = [
  "voiceLines",
  "mobileInternetLines",
  "fixedWirelessLines",
  "monthlyRate",
  "contractTerm",
] as const satisfies readonly (keyof DealFields)[];

export function dealFigures(input: DealFigureInput): DealFigures {
  const totalLines = input.voiceLines + input.mobileInternetLines + input.fixedWirelessLines;
  const term = input.contractTerm ?? DEFAULT_CONTRACT_TERM;
  const monthlyRevenueCents = totalLines * input.monthlyRateCents;
  const valueCents = monthlyRevenueCents * term;
  return {
    totalLines,
    valueCents,
    monthlyRevenueCents,
    totalRevenueCents: valueCents + input.oneTimeRevenueCents,
  };
}

/** The last day of a won deal's contract: won date plus the term in months, or null. */
export function contractEnd(wonAt: Date | null, contractTerm: number | null): Date | null {
  if (!wonAt) return null;
  const end = new Date(wonAt);
  end.setUTCMonth(end.getUTCMonth() + (contractTerm ?? DEFAULT_CONTRACT_TERM));
  return end;
}

/**
 * The probability a deal is shown and exported with. A closed deal's is no longer a guess: won is
 * 100%, lost 0%. The agent's estimate stays stored as entered, so a deal moved back out of Won
 * (a drop in the wrong column) has it still.
 */
export function shownProbability(deal: { status: DealStatus; probability: number }): number {
  return closedProbability(deal.status) ?? deal.probability;
}

/** A closed status's settled probability; null for an open one, whose probability is the agent's. */
export function closedProbability(status: DealStatus): number | null {
  if (status === "closed_won") return 100;
  if (status === "closed_lost") return 0;
  return null;
}
