import type ExcelJS from "exceljs";

// Spreadsheet exports (deals, reports, a bill's lines): real number, currency, percent and date
// cells, a header row that stays in view, a filter on it, widths that fit the usual values, and
// optionally a title above the header and a totals row under the rows.

export type XlsxCell = string | number | Date | null;

/**
 * How a column's cells are typed and shown. `money` takes cents and writes dollars with a USD
 * format; `percent` takes a whole percent (40) and writes 0.4 shown as 40%; `date` takes a
 * calendar date ("2025-03-05") or a Date.
 */
export type XlsxKind = "text" | "integer" | "decimal" | "money" | "percent" | "date" | "datetime";

export type XlsxColumn<R> = {
  header: string;
  kind: XlsxKind;
  /** In characters; the header's length when left out. */
  width?: number;
  value: (row: R) => XlsxCell;
  /** A row's own kind where one column holds figures of several kinds (a summary's values). */
  kindOf?: (row: R) => XlsxKind;
  /** Summed into the totals row, when the sheet has one. */
  sum?: boolean;
};

export type XlsxSheet<R> = {
  name: string;
  columns: readonly XlsxColumn<R>[];
  batches: AsyncIterable<readonly R[]>;
  /** Lines above the header (a report's title and period); the first is set large and bold. */
  preamble?: readonly string[];
  /** A last row in bold: the label in the first column, the sum under every column marked `sum`. */
  totals?: { label: string };
};

const FORMATS: Record<XlsxKind, string | undefined> = {
  text: undefined,
  integer: "0",
  decimal: "#,##0.0#",
  money: '"$"#,##0.00',
  percent: "0%",
  date: "yyyy-mm-dd",
  datetime: "yyyy-mm-dd hh:mm",
};

/** A calendar date as midnight UTC, which is the day itself in the workbook (no time zone). */
function dateCell(value: string | Date): Date {
  return typeof value === "string" ? new Date(`${value}T00:00:00Z`) : value;
}

function cellValue(kind: XlsxKind, value: XlsxCell): ExcelJS.CellValue {
  if (value === null || value === "") return null;
  switch (kind) {
    case "money":
      return typeof value === "number" ? value / 100 : value;
    case "percent":
      return typeof value === "number" ? value / 100 : value;
    case "date":
    case "datetime":
      return typeof value === "number" ? value : dateCell(value);
    default:
      return value;
  }
}

/**
 * One worksheet of typed rows, read batch by batch, as the bytes of an .xlsx file. The rows'
 * order is the batches' order.
 */
export function writeXlsx<R>(sheet: XlsxSheet<R>): Promise<Uint8Array<ArrayBuffer>> {
  return writeXlsxSheets([xlsxSheet(sheet)]);
}

/** A sheet whose rows' type is its own business, ready to join others in one workbook. */
export type PreparedSheet = { addTo(workbook: ExcelJS.Workbook): Promise<void> };

export function xlsxSheet<R>(sheet: XlsxSheet<R>): PreparedSheet {
  return { addTo: (workbook) => addSheet(workbook, sheet) };
}

/** Several worksheets in one workbook, in the order given. */
export async function writeXlsxSheets(
  sheets: readonly PreparedSheet[],
): Promise<Uint8Array<ArrayBuffer>> {
  // Loaded on the first export, not at start: it is the largest package the server uses.
  const { default: Excel } = await import("exceljs");
  const workbook = new Excel.Workbook();
  workbook.created = new Date();
  for (const sheet of sheets) await sheet.addTo(workbook);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

async function addSheet<R>(workbook: ExcelJS.Workbook, sheet: XlsxSheet<R>): Promise<void> {
  const preamble = sheet.preamble ?? [];
  // A blank row between the preamble and the header keeps the title apart from the table.
  const headerRow = preamble.length + (preamble.length > 0 ? 2 : 1);
  const worksheet = workbook.addWorksheet(sheet.name, {
    views: [{ state: "frozen", ySplit: headerRow }],
  });
  worksheet.columns = sheet.columns.map((column) => {
    const numFmt = FORMATS[column.kind];
    return {
      width: Math.max(column.width ?? 0, column.header.length + 2),
      ...(numFmt ? { style: { numFmt } } : {}),
    };
  });
  preamble.forEach((line, index) => {
    const row = worksheet.getRow(index + 1);
    row.getCell(1).value = line;
    row.getCell(1).numFmt = "@";
    if (index === 0) row.font = { bold: true, size: 13 };
  });
  const header = worksheet.getRow(headerRow);
  header.values = sheet.columns.map((column) => column.header);
  header.font = { bold: true };
  const sums = sheet.columns.map(() => 0);
  for await (const batch of sheet.batches) {
    for (const row of batch) {
      const added = worksheet.addRow(
        sheet.columns.map((column, index) => {
          const value = column.value(row);
          if (column.sum && typeof value === "number") sums[index] = (sums[index] ?? 0) + value;
          return cellValue(column.kindOf?.(row) ?? column.kind, value);
        }),
      );
      sheet.columns.forEach((column, index) => {
        const kind = column.kindOf?.(row);
        const numFmt = kind ? FORMATS[kind] : undefined;
        if (numFmt) added.getCell(index + 1).numFmt = numFmt;
      });
    }
  }
  const lastDataRow = worksheet.rowCount;
  if (sheet.totals) {
    const label = sheet.totals.label;
    const totals = worksheet.addRow(
      sheet.columns.map((column, index) =>
        index === 0 ? label : column.sum ? cellValue(column.kind, sums[index] ?? 0) : null,
      ),
    );
    totals.font = { bold: true };
  }
  worksheet.autoFilter = {
    from: { row: headerRow, column: 1 },
    to: { row: Math.max(headerRow, lastDataRow), column: sheet.columns.length },
  };
}

export const XLSX_CONTENT_TYPE =
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
