import ExcelJS from "exceljs";

// Spreadsheet exports (deals now, reports later): real number, currency, percent and date cells,
// a header row that stays in view, a filter on it, and widths that fit the usual values.

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
};

export type XlsxSheet<R> = {
  name: string;
  columns: readonly XlsxColumn<R>[];
  batches: AsyncIterable<readonly R[]>;
  /** A closing row in bold (totals), typed by its columns' kinds. */
  footer?: readonly XlsxCell[];
};

const FORMATS: Record<XlsxKind, string | undefined> = {
  text: undefined,
  integer: "0",
  decimal: "#,##0.00",
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
  const workbook = new ExcelJS.Workbook();
  workbook.created = new Date();
  for (const sheet of sheets) await sheet.addTo(workbook);
  return new Uint8Array(await workbook.xlsx.writeBuffer());
}

async function addSheet<R>(workbook: ExcelJS.Workbook, sheet: XlsxSheet<R>): Promise<void> {
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
      const added = worksheet.addRow(
        sheet.columns.map((column) =>
          cellValue(column.kindOf?.(row) ?? column.kind, column.value(row)),
        ),
      );
      sheet.columns.forEach((column, index) => {
        const kind = column.kindOf?.(row);
        const numFmt = kind ? FORMATS[kind] : undefined;
        if (numFmt) added.getCell(index + 1).numFmt = numFmt;
      });
    }
  }
  const rows = worksheet.rowCount;
  if (sheet.footer) {
    const footer = worksheet.addRow(
      sheet.columns.map((column, index) => cellValue(column.kind, sheet.footer?.[index] ?? null)),
    );
    footer.font = { bold: true };
  }
  worksheet.autoFilter = {
    from: { row: 1, column: 1 },
    to: { row: Math.max(1, rows), column: sheet.columns.length },
  };
}

export const XLSX_CONTENT_TYPE =
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
