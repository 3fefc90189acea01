import ExcelJS from "exceljs";

// Spreadsheet exports (deals now, reports later): real number, currency, percent and date cells,
// a header row that stays in view, a filter on it, and widths that fit the usual values.

export type XlsxCell = string | number | Date | null;

/**
 * How a column's cells are typed and shown. `money` takes cents and writes dollars with a USD
 * format; `percent` takes a whole percent (40) and writes 0.4 shown as 40%; `date` takes a
 * calendar date ("2025-03-05") or a Date.
 */
export type XlsxKind = "text" | "integer" | "money" | "percent" | "date" | "datetime";

export type XlsxColumn<R> = {
  header: string;
  kind: XlsxKind;
  /** In characters; the header's length when left out. */
  width?: number;
  value: (row: R) => XlsxCell;
};

const FORMATS: Record<XlsxKind, string | undefined> = {
  text: undefined,
  integer: "0",
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
export async function writeXlsx<R>(sheet: {
  name: string;
  columns: readonly XlsxColumn<R>[];
  batches: AsyncIterable<readonly R[]>;
}): Promise<Uint8Array<ArrayBuffer>> {
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date();
  const worksheet = workbook.addWorksheet(sheet.name, {
    views: [{ state: "frozen", ySplit: 1 }],
  });
  worksheet.columns = sheet.columns.map((column) => {
    const numFmt = FORMATS[column.kind];
    return {
      header: column.header,
      width: Math.max(column.width ?? 0, column.header.length + 2),
      ...(numFmt ? { style: { numFmt } } : {}),
    };
  });
  const header = worksheet.getRow(1);
  header.font = { bold: true };
  for await (const batch of sheet.batches) {
    for (const row of batch) {
      worksheet.addRow(sheet.columns.map((column) => cellValue(column.kind, column.value(row))));
    }
  }
  worksheet.autoFilter = {
    from: { row: 1, column: 1 },
    to: { row: Math.max(1, worksheet.rowCount), column: sheet.columns.length },
  };
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

export const XLSX_CONTENT_TYPE =
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
