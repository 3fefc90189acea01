import { describe, expect, it } from "vitest";
import type { PageRows, TextRow } from "#server/bills/read/rows.ts";
import { detectCarrier, parseBill } from "./index.ts";

/** A row of cells at the given x positions, 5 pt a character wide. */
const row = (y: number, cells: [number, string][]): TextRow => ({
  y,
  items: cells.map(([x, str]) => ({ x, str, width: str.length * 5 })),
});

/** Page 1 under a brand no parser knows, so the generic parser reads it. */
const page = (rows: TextRow[]): PageRows[] => [
  { page: 1, source: "text", rows: [row(760, [[36, "Prairie Wireless"]]), ...rows] },
];

/** A line table of two voice lines, the second's monthly fee as given. */
const twoLineTable = (secondFee: string): TextRow[] => [
  row(600, [
    [36, "Phone Number"],
    [120, "Service"],
    [200, "Plan"],
    [300, "Monthly Fee"],
    [380, "Data (GB)"],
  ]),
  row(585, [
    [36, "(415) 555-0100"],
    [120, "Voice"],
    [200, "Core 5GB"],
    [305, "45.00"],
    [385, "1.00"],
  ]),
  row(572, [
    [36, "(415) 555-0101"],
    [120, "Voice"],
    [200, "Core 5GB"],
    [305, secondFee],
    [385, "2.00"],
  ]),
];

describe("the generic parser", () => {
  it("finds the line table by its header words, in any order and under other names", () => {
    const pages = page([
      row(740, [
        [36, "Account number: PW-77"],
        [300, "Bill period: 10/01/2026 - 10/31/2026"],
      ]),
      row(725, [[36, "Due date: 11/20/2026"]]),
      row(700, [
        [36, "Previous balance"],
        [250, "$100.00"],
      ]),
      row(688, [
        [36, "Payments"],
        [250, "-$100.00"],
      ]),
      row(676, [
        [36, "Line charges"],
        [250, "$85.00"],
      ]),
      row(664, [
        [36, "Taxes & fees"],
        [250, "$10.00"],
      ]),
      row(652, [
        [36, "Current charges"],
        [250, "$95.00"],
      ]),
      row(640, [
        [36, "Total due"],
        [250, "$95.00"],
      ]),
      row(600, [
        [36, "Cost Center"],
        [110, "Wireless Number"],
        [200, "Line Type"],
        [260, "Rate Plan"],
        [360, "Data Usage"],
        [420, "Plan Cost"],
        [480, "Name"],
      ]),
      row(585, [
        [36, "Sales"],
        [110, "415-555-0100"],
        [200, "Smartphone"],
        [260, "Pro Unlimited"],
        [370, "12.50"],
        [430, "$45.00"],
        [480, "Ana Chen"],
      ]),
      row(572, [
        [36, "IT"],
        [110, "415-555-0101"],
        [200, "Tablet"],
        [260, "Tablet 10GB"],
        [375, "0.00"],
        [430, "$40.00"],
        [480, "Ben Ito"],
      ]),
      row(550, [
        [36, "Subtotal"],
        [430, "$85.00"],
      ]),
    ]);
    expect(detectCarrier(pages)).toBe("generic");
    const bill = parseBill(pages);
    expect(bill.checks).toEqual([]);
    expect(bill).toMatchObject({
      carrierName: "Prairie Wireless",
      accountNumber: "PW-77",
      period: { start: "2026-10-01", end: "2026-10-31" },
      dueDate: "2026-11-20",
    });
    expect(
      bill.lines.map((l) => [
        l.phoneNumber,
        l.user,
        l.department,
        l.lineType,
        l.plan,
        l.planCents,
        l.dataGB,
      ]),
    ).toEqual([
      ["(415) 555-0100", "Ana Chen", "Sales", "voice", "Pro Unlimited", 4500, 12.5],
      ["(415) 555-0101", "Ben Ito", "IT", "mobile_internet", "Tablet 10GB", 4000, 0],
    ]);
  });

  it("reports a row it cannot read and the totals that then disagree, instead of guessing", () => {
    const pages = page([
      row(700, [
        [36, "Line charges"],
        [250, "$85.00"],
      ]),
      ...twoLineTable("4000"),
    ]);
    const bill = parseBill(pages);
    expect(bill.lines).toHaveLength(1);
    // What was not read is said apart from what disagrees (decision 0023, addendum).
    expect(bill.unread).toContain(
      'A line on page 1 could not be read: "(415) 555-0101 Voice Core 5GB 4000 2.00".',
    );
    expect(bill.checks).toContain("The lines add up to $45.00; the bill prints $85.00.");
  });

  it("reads a table of lines without a bill's header as no bill: nothing of the header read", () => {
    const bill = parseBill(page(twoLineTable("40.00")));
    expect(bill.lines).toHaveLength(2);
    expect(bill.headerRead).toBe(false);
    expect(bill.currentChargesFrom).toBe("lines");
    expect(bill.unread.slice(0, 3)).toEqual([
      "The bill's account number could not be read.",
      "The bill's period could not be read.",
      "The bill's due date could not be read.",
    ]);
    expect(bill.checks).toEqual([]);
  });

  it("totals the lines and the taxes when only the bill's current charges are missing", () => {
    const bill = parseBill(
      page([
        row(740, [[36, "Account number: PW-77"]]),
        row(676, [
          [36, "Taxes & fees"],
          [250, "$10.00"],
        ]),
        ...twoLineTable("40.00"),
      ]),
    );
    expect(bill).toMatchObject({ headerRead: true, currentChargesFrom: "lines_and_taxes" });
    expect(bill.totals.currentChargesCents).toBe(9_500);
    expect(bill.unread).toContain("The bill's current charges could not be read.");
    expect(bill.unread).not.toContain("The bill's account number could not be read.");
  });

  it("reads a bill the carrier's own parser finds no line on, such as a reseller's statement", () => {
    const pages: PageRows[] = [
      {
        page: 1,
        source: "text",
        rows: [
          row(760, [[36, "VERIZON WIRELESS - BUSINESS ACCOUNT STATEMENT"]]),
          row(740, [[36, "Total amount due: $85.00"]]),
          ...twoLineTable("40.00"),
        ],
      },
    ];
    expect(detectCarrier(pages)).toBe("verizon");
    const bill = parseBill(pages);
    // Read by the generic parser, still Verizon's bill.
    expect(bill).toMatchObject({ carrier: "verizon", carrierName: "Verizon" });
    expect(bill.lines.map((l) => [l.phoneNumber, l.planCents])).toEqual([
      ["(415) 555-0100", 4500],
      ["(415) 555-0101", 4000],
    ]);
    expect(bill.totals.totalDueCents).toBe(8500);
  });
});
