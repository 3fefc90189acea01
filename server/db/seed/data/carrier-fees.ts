import type { SeedCarrierFee } from "./types.ts";

/**
 * SAMPLE ONE-TIME FEES for the demo (decision 0019): the activation or connection charge each
 * carrier lists per new line on its business pages around the rate plans' date (rate-plans.ts),
 * charged on every kind of line. Re-check before quoting a customer.
 */
export const carrierFees: readonly SeedCarrierFee[] = [
  {
    carrier: "att",
    code: "activation",
    name: "Activation fee",
    amountCents: 3500,
    basis: "line",
    lineKind: null,
  },
  {
    carrier: "verizon",
    code: "activation",
    name: "Device activation fee",
    amountCents: 4000,
    basis: "line",
    lineKind: null,
  },
  {
    carrier: "tmobile",
    code: "activation",
    name: "Device connection charge",
    amountCents: 3500,
    basis: "line",
    lineKind: null,
  },
];
