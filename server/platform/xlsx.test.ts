import ExcelJS from "exceljs";
import { describe, expect, it } from "vitest";
import { writeXlsx, writeXlsxSheets, type XlsxColumn, xlsxSheet } from "./xlsx.ts";

// The workbooks are read back with ExcelJS, a reader that is not ours, so each assertion is what
// a spreadsheet program sees: typed cells, formats, fonts, the frozen header and the filter.

type Row = {
  name: string;
  count: number | null;
  ratio: number;
  cents: number;
  percent: number;
  day: string | null;
  at: Date;
};

const COLUMNS: readonly XlsxColumn<Row>[] = [
  { header: "Name", kind: "text", width: 30, value: (r) => r.name },
  { header: "Count", kind: "integer", value: (r) => r.count, sum: true },
  { header: "Ratio", kind: "decimal", value: (r) => r.ratio },
  { header: "Amount", kind: "money", width: 14, value: (r) => r.cents, sum: true },
  { header: "Share", kind: "percent", value: (r) => r.percent },
  { header: "Day", kind: "date", value: (r) => r.day },
  { header: "Created At", kind: "datetime", value: (r) => r.at },
];

const AT = new Date("2026-03-05T14:30:00.000Z");
const ROWS: Row[] = [
  {
    name: "Acme & Sons <West>",
    count: 3,
    ratio: 1.25,
    cents: 123_456,
    percent: 40,
    day: "2026-03-05",
    at: AT,
  },
  { name: "  spaced  ", count: null, ratio: 0.1, cents: 5, percent: 100, day: null, at: AT },
  {
    name: "Café 東京 🚀 \"quoted\" 'single'",
    count: 7,
    ratio: 2,
    cents: 0,
    percent: 0,
    day: "2000-01-01",
    at: AT,
  },
];

async function* batches<R>(...lists: R[][]): AsyncGenerator<R[]> {
  for (const list of lists) yield list;
}

async function read(bytes: Uint8Array<ArrayBuffer>): Promise<ExcelJS.Workbook> {
  const book = new ExcelJS.Workbook();
  await book.xlsx.load(bytes.buffer);
  return book;
}

describe("writeXlsx", () => {
  it("writes typed cells in their formats, a bold frozen header, widths and a filter", async () => {
    const book = await read(
      await writeXlsx({
        name: "Deals",
        columns: COLUMNS,
        batches: batches(ROWS.slice(0, 2), ROWS.slice(2)),
      }),
    );
    const sheet = book.getWorksheet("Deals");
    if (!sheet) throw new Error("no sheet");
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      "Name",
      "Count",
      "Ratio",
      "Amount",
      "Share",
      "Day",
      "Created At",
    ]);
    expect(sheet.getCell("A1").font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });
    expect(sheet.autoFilter).toBe("A1:G4");
    expect(sheet.getColumn(1).width).toBe(30);
    // A width below the header's length is widened to fit it.
    expect(sheet.getColumn(7).width).toBe("Created At".length + 2);

    const first = sheet.getRow(2);
    expect(first.getCell(1).value).toBe("Acme & Sons <West>");
    expect(first.getCell(2).value).toBe(3);
    expect(first.getCell(2).numFmt).toBe("0");
    expect(first.getCell(3).value).toBe(1.25);
    expect(first.getCell(3).numFmt).toBe("#,##0.0#");
    expect(first.getCell(4).value).toBe(1234.56);
    expect(first.getCell(4).numFmt).toBe('"$"#,##0.00');
    expect(first.getCell(5).value).toBe(0.4);
    expect(first.getCell(5).numFmt).toBe("0%");
    expect(first.getCell(6).value).toEqual(new Date("2026-03-05T00:00:00.000Z"));
    expect(first.getCell(6).numFmt).toBe("yyyy-mm-dd");
    expect(first.getCell(7).value).toEqual(AT);
    expect(first.getCell(7).numFmt).toBe("yyyy-mm-dd hh:mm");
    expect(first.getCell(1).font?.bold).toBeFalsy();

    const second = sheet.getRow(3);
    expect(second.getCell(1).value).toBe("  spaced  ");
    expect(second.getCell(2).value).toBeNull();
    expect(second.getCell(6).value).toBeNull();
    expect(sheet.getRow(4).getCell(1).value).toBe("Café 東京 🚀 \"quoted\" 'single'");
    expect(sheet.getRow(4).getCell(6).value).toEqual(new Date("2000-01-01T00:00:00.000Z"));
    expect(sheet.rowCount).toBe(4);
  });

  it("puts the preamble above a blank row and the header, and a bold totals row under the rows", async () => {
    const book = await read(
      await writeXlsx({
        name: "Report",
        columns: COLUMNS,
        batches: batches(ROWS),
        preamble: ["Deals Report", "Last 30 Days"],
        totals: { label: "Total" },
      }),
    );
    const sheet = book.getWorksheet("Report");
    if (!sheet) throw new Error("no sheet");
    expect(sheet.getCell("A1").value).toBe("Deals Report");
    expect(sheet.getCell("A1").font).toMatchObject({ bold: true, size: 13 });
    expect(sheet.getCell("A1").numFmt).toBe("@");
    expect(sheet.getCell("A2").value).toBe("Last 30 Days");
    expect(sheet.getCell("A2").font?.bold).toBeFalsy();
    expect(sheet.getRow(3).cellCount).toBe(0);
    expect(sheet.getCell("A4").value).toBe("Name");
    expect(sheet.views[0]).toMatchObject({ state: "frozen", ySplit: 4 });
    expect(sheet.autoFilter).toBe("A4:G7");
    const totals = sheet.getRow(8);
    expect(totals.font?.bold).toBe(true);
    expect(totals.getCell(1).value).toBe("Total");
    expect(totals.getCell(2).value).toBe(10);
    expect(totals.getCell(3).value).toBeNull();
    expect(totals.getCell(4).value).toBe(1234.61);
    expect(totals.getCell(4).numFmt).toBe('"$"#,##0.00');
    expect(totals.getCell(4).font?.bold).toBe(true);
  });

  it("writes a sheet with no rows as its header alone, still filtered and frozen", async () => {
    const book = await read(
      await writeXlsx({ name: "Empty", columns: COLUMNS, batches: batches<Row>() }),
    );
    const sheet = book.getWorksheet("Empty");
    expect(sheet?.rowCount).toBe(1);
    expect(sheet?.autoFilter).toBe("A1:G1");
    expect(sheet?.views[0]).toMatchObject({ state: "frozen", ySplit: 1 });
  });

  it("gives a row its own format where a column holds figures of several kinds", async () => {
    type Figure = { label: string; value: number | string; kind: "money" | "percent" | "text" };
    const book = await read(
      await writeXlsx<Figure>({
        name: "Summary",
        columns: [
          { header: "Figure", kind: "text", value: (f) => f.label },
          { header: "Value", kind: "text", value: (f) => f.value, kindOf: (f) => f.kind },
        ],
        batches: batches([
          { label: "Monthly bill", value: 45_000, kind: "money" },
          { label: "Saving", value: 12, kind: "percent" },
          { label: "Carrier", value: "T-Mobile", kind: "text" },
        ]),
      }),
    );
    const sheet = book.getWorksheet("Summary");
    expect(sheet?.getCell("B2").value).toBe(450);
    expect(sheet?.getCell("B2").numFmt).toBe('"$"#,##0.00');
    expect(sheet?.getCell("B3").value).toBe(0.12);
    expect(sheet?.getCell("B3").numFmt).toBe("0%");
    expect(sheet?.getCell("B4").value).toBe("T-Mobile");
  });

  it("drops characters XML cannot carry and cuts text at Excel's 32,767 characters", async () => {
    const long = "x".repeat(40_000);
    const book = await read(
      await writeXlsx<{ text: string }>({
        name: "Text",
        columns: [{ header: "Text", kind: "text", value: (r) => r.text }],
        batches: batches([{ text: "bell\u0007 and\ttab\nnew line" }, { text: long }]),
      }),
    );
    const sheet = book.getWorksheet("Text");
    expect(sheet?.getCell("A2").value).toBe("bell and\ttab\nnew line");
    expect(String(sheet?.getCell("A3").value).length).toBe(32_767);
  });
});

describe("a sheet's name", () => {
  it("is refused where Excel would refuse the file: over 31 characters, or holding \\ / ? * [ ] :", async () => {
    const named = (name: string) =>
      writeXlsx<{ n: string }>({
        name,
        columns: [{ header: "N", kind: "text", value: (r) => r.n }],
        batches: batches([{ n: "x" }]),
      });
    for (const name of ["", "x".repeat(32), "Q1/Q2", "a:b", "[x]", "what?", "a*b", "a\\b"]) {
      await expect(named(name), name).rejects.toThrow("cannot name a worksheet");
    }
    await expect(named("x".repeat(31))).resolves.toBeInstanceOf(Uint8Array);
  });
});

describe("writeXlsxSheets", () => {
  it("writes each sheet in the order given, with its own header, filter and strings", async () => {
    const names = xlsxSheet<{ n: string }>({
      name: "Lines",
      columns: [{ header: "Number", kind: "text", value: (r) => r.n }],
      batches: batches([{ n: "555-0100" }, { n: "555-0101" }]),
    });
    const figures = xlsxSheet<{ v: number }>({
      name: "Bob's Summary",
      preamble: ["Read by OCR"],
      columns: [{ header: "Value", kind: "money", value: (r) => r.v }],
      batches: batches([{ v: 199 }]),
    });
    const book = await read(await writeXlsxSheets([names, figures]));
    expect(book.worksheets.map((s) => s.name)).toEqual(["Lines", "Bob's Summary"]);
    expect(book.getWorksheet("Lines")?.getCell("A3").value).toBe("555-0101");
    expect(book.getWorksheet("Lines")?.autoFilter).toBe("A1:A3");
    const summary = book.getWorksheet("Bob's Summary");
    expect(summary?.getCell("A1").value).toBe("Read by OCR");
    expect(summary?.getCell("A4").value).toBe(1.99);
    expect(summary?.autoFilter).toBe("A3:A4");
    expect(summary?.views[0]).toMatchObject({ state: "frozen", ySplit: 3 });
  });
});
