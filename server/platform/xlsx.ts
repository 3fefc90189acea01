import {
  absoluteRange,
  cellRef,
  MAIN_NS,
  REL_NS,
  type SheetPart,
  WorkbookParts,
  XML_HEAD,
  type XmlCellValue,
  xmlRow,
} from "./xlsx-parts.ts";

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

function cellValue(kind: XlsxKind, value: XlsxCell): XmlCellValue {
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
export type PreparedSheet = { write(book: WorkbookParts): Promise<SheetPart> };

export function xlsxSheet<R>(sheet: XlsxSheet<R>): PreparedSheet {
  return { write: (book) => writeSheet(book, sheet) };
}

/**
 * Several worksheets in one workbook, in the order given.
 *
 * The SpreadsheetML is written here, not by a spreadsheet package: ExcelJS spent about 1.5 s of
 * processor time on the deals board's 10,000 rows, building an object for every cell, and this
 * writer's output is the same typed cells, formats, frozen header and filter (see
 * docs/decisions/0047-spreadsheets-written-as-xml.md).
 */
export async function writeXlsxSheets(
  sheets: readonly PreparedSheet[],
): Promise<Uint8Array<ArrayBuffer>> {
  const book = new WorkbookParts();
  const parts: SheetPart[] = [];
  for (const sheet of sheets) parts.push(await sheet.write(book));
  return book.zip(parts, new Date());
}

/** Excel refuses to open a workbook with a sheet name longer than 31 or holding any of \/?*[]:. */
const SHEET_NAME = /^[^\\/?*[\]:]{1,31}$/;

async function writeSheet<R>(book: WorkbookParts, sheet: XlsxSheet<R>): Promise<SheetPart> {
  // Our sheet names are fixed texts: a bad one is a programming error, found by its first test.
  if (!SHEET_NAME.test(sheet.name)) throw new Error(`"${sheet.name}" cannot name a worksheet`);
  const preamble = sheet.preamble ?? [];
  // A blank row between the preamble and the header keeps the title apart from the table.
  const headerRow = preamble.length + (preamble.length > 0 ? 2 : 1);
  const columnStyles = sheet.columns.map((column) => book.style(FORMATS[column.kind], "normal"));
  const rows: string[] = [];
  preamble.forEach((line, index) => {
    const style = book.style("@", index === 0 ? "title" : "normal");
    rows.push(
      xmlRow(
        index + 1,
        [book.cell(cellRef(0, index + 1), line, style)],
        index === 0 ? style : null,
      ),
    );
  });
  const bold = book.style(undefined, "bold");
  rows.push(
    xmlRow(
      headerRow,
      sheet.columns.map((column, index) =>
        book.cell(cellRef(index, headerRow), column.header, bold),
      ),
      bold,
    ),
  );
  const sums = sheet.columns.map(() => 0);
  let rowNumber = headerRow;
  for await (const batch of sheet.batches) {
    for (const row of batch) {
      rowNumber += 1;
      const cells = sheet.columns.map((column, index) => {
        const value = column.value(row);
        if (column.sum && typeof value === "number") sums[index] = (sums[index] ?? 0) + value;
        const kind = column.kindOf?.(row);
        const style = kind ? book.style(FORMATS[kind], "normal") : (columnStyles[index] ?? 0);
        return book.cell(cellRef(index, rowNumber), cellValue(kind ?? column.kind, value), style);
      });
      rows.push(xmlRow(rowNumber, cells, null));
    }
  }
  const lastDataRow = rowNumber;
  if (sheet.totals) {
    const label = sheet.totals.label;
    rowNumber += 1;
    const cells = sheet.columns.map((column, index) =>
      book.cell(
        cellRef(index, rowNumber),
        index === 0 ? label : column.sum ? cellValue(column.kind, sums[index] ?? 0) : null,
        book.style(FORMATS[column.kind], "bold"),
      ),
    );
    rows.push(xmlRow(rowNumber, cells, bold));
  }
  const lastColumn = Math.max(sheet.columns.length - 1, 0);
  const filter = `${cellRef(0, headerRow)}:${cellRef(lastColumn, Math.max(headerRow, lastDataRow))}`;
  const top = cellRef(0, headerRow + 1);
  const cols = sheet.columns
    .map((column, index) => {
      const width = Math.max(column.width ?? 0, column.header.length + 2);
      return `<col min="${index + 1}" max="${index + 1}" width="${width}" style="${columnStyles[index] ?? 0}" customWidth="1"/>`;
    })
    .join("");
  const xml =
    `${XML_HEAD}<worksheet xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">` +
    `<sheetViews><sheetView workbookViewId="0"><pane ySplit="${headerRow}" topLeftCell="${top}" activePane="bottomLeft" state="frozen"/><selection pane="bottomLeft" activeCell="${top}" sqref="${top}"/></sheetView></sheetViews>` +
    `<sheetFormatPr defaultRowHeight="15"/>` +
    (cols ? `<cols>${cols}</cols>` : "") +
    `<sheetData>${rows.join("")}</sheetData>` +
    `<autoFilter ref="${filter}"/>` +
    `<pageMargins left="0.7" right="0.7" top="0.75" bottom="0.75" header="0.3" footer="0.3"/>` +
    `</worksheet>`;
  return { name: sheet.name, xml, filter: absoluteRange(filter) };
}

export const XLSX_CONTENT_TYPE =
  "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";
