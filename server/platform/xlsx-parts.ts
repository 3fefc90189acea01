import { escapeXml } from "#app/lib/xml.ts";
import { zip } from "./zip.ts";

// The parts of an .xlsx file (Office Open XML SpreadsheetML) that our exports use: shared
// strings, a small style table (number formats and three fonts), worksheets with a frozen
// header, column widths and a filter. Written as text because that is all the format is.

export const XML_HEAD = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>\n';
export const MAIN_NS = "http://schemas.openxmlformats.org/spreadsheetml/2006/main";
export const REL_NS = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const PKG_REL_NS = "http://schemas.openxmlformats.org/package/2006/relationships";
const DOC_REL = "http://schemas.openxmlformats.org/officeDocument/2006/relationships";
const TYPE = "application/vnd.openxmlformats-officedocument";

/** What a cell holds once written: text, a number, or a moment (a serial day in the file). */
export type XmlCellValue = string | number | Date | null;

/** A worksheet written out: its name, its XML, and its filter's range for the defined name. */
export type SheetPart = { name: string; xml: string; filter: string };

/** Excel's own number formats, which a file names by id and never defines. */
const BUILT_IN_FORMATS: Record<string, number> = { General: 0, "0": 1, "0%": 9, "@": 49 };
/** Ids below 164 are Excel's; a file's own formats start there. */
const FIRST_CUSTOM_FORMAT = 164;
const FONTS = { normal: 0, bold: 1, title: 2 } as const;
export type FontName = keyof typeof FONTS;

/** Day 0 of a 1900-system workbook in Unix days (1899-12-30, past Excel's 1900 leap-year slip). */
const EXCEL_EPOCH_DAYS = 25_569;
const MS_PER_DAY = 86_400_000;
/** Excel's limit for a cell's text. */
const MAX_CELL_TEXT = 32_767;

/** A column's letters: 0 → A, 25 → Z, 26 → AA. */
function columnLetters(index: number): string {
  let letters = "";
  for (let n = index + 1; n > 0; n = Math.floor((n - 1) / 26)) {
    letters = String.fromCharCode(65 + ((n - 1) % 26)) + letters;
  }
  return letters;
}

/** A cell's reference from a 0-based column and a 1-based row: (2, 5) → C5. */
export function cellRef(column: number, row: number): string {
  return `${columnLetters(column)}${row}`;
}

/** A range with every part fixed, as a defined name writes it: A3:M9 → $A$3:$M$9. */
export function absoluteRange(range: string): string {
  return range.replace(/([A-Z]+)(\d+)/g, "$$$1$$$2");
}

/** A row of cells already written; `style` makes the row's own format (its font) the given one. */
export function xmlRow(number: number, cells: readonly string[], style: number | null): string {
  const own = style === null ? "" : ` s="${style}" customFormat="1"`;
  return `<row r="${number}"${own}>${cells.join("")}</row>`;
}

/** One workbook's shared parts while its sheets are written: the strings and the styles. */
export class WorkbookParts {
  private readonly strings = new Map<string, number>();
  private stringUses = 0;
  private readonly formats = new Map<string, number>();
  private readonly styles = new Map<string, number>([["0:0", 0]]);

  /** The index of the cell format for a number format (none: General) and a font. */
  style(format: string | undefined, font: FontName): number {
    const formatId = format === undefined ? 0 : this.formatId(format);
    const key = `${formatId}:${FONTS[font]}`;
    let index = this.styles.get(key);
    if (index === undefined) {
      index = this.styles.size;
      this.styles.set(key, index);
    }
    return index;
  }

  private formatId(format: string): number {
    const builtIn = BUILT_IN_FORMATS[format];
    if (builtIn !== undefined) return builtIn;
    let id = this.formats.get(format);
    if (id === undefined) {
      id = FIRST_CUSTOM_FORMAT + this.formats.size;
      this.formats.set(format, id);
    }
    return id;
  }

  /** A cell's XML; an empty cell (null, "", a number that is not finite) is left out. */
  cell(ref: string, value: XmlCellValue, style: number): string {
    const s = style === 0 ? "" : ` s="${style}"`;
    if (value === null || value === "") return "";
    if (typeof value === "string") {
      return `<c r="${ref}"${s} t="s"><v>${this.stringIndex(value)}</v></c>`;
    }
    const number =
      typeof value === "number" ? value : value.getTime() / MS_PER_DAY + EXCEL_EPOCH_DAYS;
    if (!Number.isFinite(number)) return "";
    return `<c r="${ref}"${s}><v>${number}</v></c>`;
  }

  private stringIndex(text: string): number {
    const value = text.length > MAX_CELL_TEXT ? text.slice(0, MAX_CELL_TEXT) : text;
    this.stringUses += 1;
    let index = this.strings.get(value);
    if (index === undefined) {
      index = this.strings.size;
      this.strings.set(value, index);
    }
    return index;
  }

  private sharedStringsXml(): string {
    const items: string[] = [];
    for (const text of this.strings.keys()) {
      // Spaces at either end are kept only when the text says so.
      const space = /^\s|\s$/.test(text) ? ' xml:space="preserve"' : "";
      items.push(`<si><t${space}>${escapeXml(text)}</t></si>`);
    }
    return `${XML_HEAD}<sst xmlns="${MAIN_NS}" count="${this.stringUses}" uniqueCount="${this.strings.size}">${items.join("")}</sst>`;
  }

  private stylesXml(): string {
    const formats = [...this.formats]
      .map(([code, id]) => `<numFmt numFmtId="${id}" formatCode="${escapeXml(code)}"/>`)
      .join("");
    const font = (extra: string, size: number) =>
      `<font>${extra}<sz val="${size}"/><color theme="1"/><name val="Calibri"/><family val="2"/><scheme val="minor"/></font>`;
    const xfs = [...this.styles.keys()]
      .map((key) => {
        const [formatId, fontId] = key.split(":");
        const apply =
          (formatId === "0" ? "" : ' applyNumberFormat="1"') +
          (fontId === "0" ? "" : ' applyFont="1"');
        return `<xf numFmtId="${formatId}" fontId="${fontId}" fillId="0" borderId="0" xfId="0"${apply}/>`;
      })
      .join("");
    return (
      `${XML_HEAD}<styleSheet xmlns="${MAIN_NS}">` +
      (formats ? `<numFmts count="${this.formats.size}">${formats}</numFmts>` : "") +
      `<fonts count="3">${font("", 11)}${font("<b/>", 11)}${font("<b/>", 13)}</fonts>` +
      `<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>` +
      `<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>` +
      `<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>` +
      `<cellXfs count="${this.styles.size}">${xfs}</cellXfs>` +
      `<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>` +
      `</styleSheet>`
    );
  }

  /** The whole file: the package's parts around the sheets, zipped. */
  zip(sheets: readonly SheetPart[], created: Date): Uint8Array<ArrayBuffer> {
    const text = (name: string, xml: string) => ({ name, data: Buffer.from(xml, "utf8") });
    const sheetList = sheets
      .map(
        (sheet, i) =>
          `<sheet name="${escapeXml(sheet.name)}" sheetId="${i + 1}" r:id="rId${i + 1}"/>`,
      )
      .join("");
    // Excel keeps each filter's range as a hidden defined name; LibreOffice reads the filter from it.
    const names = sheets
      .map(
        (sheet, i) =>
          `<definedName name="_xlnm._FilterDatabase" localSheetId="${i}" hidden="1">'${escapeXml(sheet.name.replace(/'/g, "''"))}'!${sheet.filter}</definedName>`,
      )
      .join("");
    const sheetRels = sheets
      .map(
        (_, i) =>
          `<Relationship Id="rId${i + 1}" Type="${DOC_REL}/worksheet" Target="worksheets/sheet${i + 1}.xml"/>`,
      )
      .join("");
    const n = sheets.length;
    const overrides = sheets
      .map(
        (_, i) =>
          `<Override PartName="/xl/worksheets/sheet${i + 1}.xml" ContentType="${TYPE}.spreadsheetml.worksheet+xml"/>`,
      )
      .join("");
    const stamp = `${created.toISOString().slice(0, 19)}Z`;
    return zip(
      [
        text(
          "[Content_Types].xml",
          `${XML_HEAD}<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">` +
            `<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>` +
            `<Default Extension="xml" ContentType="application/xml"/>` +
            `<Override PartName="/xl/workbook.xml" ContentType="${TYPE}.spreadsheetml.sheet.main+xml"/>` +
            overrides +
            `<Override PartName="/xl/styles.xml" ContentType="${TYPE}.spreadsheetml.styles+xml"/>` +
            `<Override PartName="/xl/sharedStrings.xml" ContentType="${TYPE}.spreadsheetml.sharedStrings+xml"/>` +
            `<Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/>` +
            `<Override PartName="/docProps/app.xml" ContentType="${TYPE}.extended-properties+xml"/>` +
            `</Types>`,
        ),
        text(
          "_rels/.rels",
          `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}">` +
            `<Relationship Id="rId1" Type="${DOC_REL}/officeDocument" Target="xl/workbook.xml"/>` +
            `<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/>` +
            `<Relationship Id="rId3" Type="${DOC_REL}/extended-properties" Target="docProps/app.xml"/>` +
            `</Relationships>`,
        ),
        text(
          "docProps/app.xml",
          `${XML_HEAD}<Properties xmlns="http://schemas.openxmlformats.org/officeDocument/2006/extended-properties"><Application>Carrierline</Application></Properties>`,
        ),
        text(
          "docProps/core.xml",
          `${XML_HEAD}<cp:coreProperties xmlns:cp="http://schemas.openxmlformats.org/package/2006/metadata/core-properties" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">` +
            `<dc:creator>Carrierline</dc:creator><dcterms:created xsi:type="dcterms:W3CDTF">${stamp}</dcterms:created><dcterms:modified xsi:type="dcterms:W3CDTF">${stamp}</dcterms:modified>` +
            `</cp:coreProperties>`,
        ),
        text(
          "xl/workbook.xml",
          `${XML_HEAD}<workbook xmlns="${MAIN_NS}" xmlns:r="${REL_NS}">` +
            `<bookViews><workbookView/></bookViews><sheets>${sheetList}</sheets>` +
            (names ? `<definedNames>${names}</definedNames>` : "") +
            `</workbook>`,
        ),
        text(
          "xl/_rels/workbook.xml.rels",
          `${XML_HEAD}<Relationships xmlns="${PKG_REL_NS}">${sheetRels}` +
            `<Relationship Id="rId${n + 1}" Type="${DOC_REL}/styles" Target="styles.xml"/>` +
            `<Relationship Id="rId${n + 2}" Type="${DOC_REL}/sharedStrings" Target="sharedStrings.xml"/>` +
            `</Relationships>`,
        ),
        text("xl/styles.xml", this.stylesXml()),
        text("xl/sharedStrings.xml", this.sharedStringsXml()),
        ...sheets.map((sheet, i) => text(`xl/worksheets/sheet${i + 1}.xml`, sheet.xml)),
      ],
      created,
    );
  }
}
