import type { Bill, BillLine } from "#server/bills/bill.ts";

// How close a read bill is to its ground truth, in the figures issue 16 asks for: lines found,
// values exact, totals matched.

export type Accuracy = {
  linesFound: number;
  linesExpected: number;
  valuesExact: number;
  values: number;
  totalsMatched: number;
  totals: number;
  /** Account number, period and due date. */
  headerExact: number;
  header: number;
};

const LINE_VALUES: ((line: BillLine) => unknown)[] = [
  (l) => l.user,
  (l) => l.department,
  (l) => l.lineType,
  (l) => l.plan,
  (l) => l.planCents,
  (l) => l.dataGB,
  (l) => l.device?.name ?? null,
  (l) => l.device?.monthlyCents ?? null,
  (l) => l.device?.remainingCents ?? null,
  (l) => l.internationalCents,
  (l) => l.countries.join("|"),
  (l) => l.features.join("|"),
];

export function accuracy(read: Bill, truth: Bill): Accuracy {
  let linesFound = 0;
  let valuesExact = 0;
  for (const expected of truth.lines) {
    const found = read.lines.find((l) => l.phoneNumber === expected.phoneNumber);
    if (!found) continue;
    linesFound += 1;
    valuesExact += LINE_VALUES.filter((value) => value(found) === value(expected)).length;
  }
  const t = truth.totals;
  const r = read.totals;
  const totals: [number, number][] = [
    [r.lineChargesCents, t.lineChargesCents],
    [r.taxesAndFeesCents, t.taxesAndFeesCents],
    [r.currentChargesCents, t.currentChargesCents],
    [r.previousBalanceCents, t.previousBalanceCents],
    [r.paymentsCents, t.paymentsCents],
    [r.totalDueCents, t.totalDueCents],
    ...t.pageSubtotalsCents.map((cents, i): [number, number] => [
      r.pageSubtotalsCents[i] ?? -1,
      cents,
    ]),
  ];
  const header = [
    read.accountNumber === truth.accountNumber,
    read.period.start === truth.period.start && read.period.end === truth.period.end,
    read.dueDate === truth.dueDate,
  ];
  return {
    linesFound,
    linesExpected: truth.lines.length,
    valuesExact,
    values: truth.lines.length * LINE_VALUES.length,
    totalsMatched: totals.filter(([a, b]) => a === b).length,
    totals: totals.length,
    headerExact: header.filter(Boolean).length,
    header: header.length,
  };
}
