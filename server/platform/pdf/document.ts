import { createRequire } from "node:module";
import { INK, textOn } from "./colors.ts";

// The building blocks of the PDFs we print (a quote's proposal, a bill's analysis report): one
// tagged US Letter document in DejaVu, headings, notes, bullet lists, a table whose header comes
// back on every page, and a "Page X of Y" footer.

// DejaVu Sans covers Latin (é, ü, ł…), Greek, Cyrillic, arrows and check marks; it has no CJK,
// so a Chinese or Japanese name prints as empty boxes. The built-in PDF fonts are Latin-1 only.
const require = createRequire(import.meta.url);
// Fonts are named by their path, never registered under a name: pdfkit 0.17 caches a registered
// font only when no font of the same family is loaded yet, and would otherwise re-read and parse
// the TTF at every font change (1.2 s for a 3-page proposal instead of tens of ms).
export const FONTS = {
  regular: require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans.ttf"),
  bold: require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf"),
};

// US Letter in points; the footer sits in the bottom margin.
export const PAGE = { width: 612, height: 792, margin: 48, bottom: 64 };
export const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
export const MUTED = "#4b5563";
export const RULE = "#d1d5db";
export const ZEBRA = "#f3f4f6";
const CELL_PAD = 5;

export type Doc = PDFKit.PDFDocument;
export type Struct = PDFKit.PDFStructureElement;

/** A tagged document, its structure root, and the bytes once `finish` has drawn the footers. */
export async function openPdf(info: { title: string; author: string; subject: string }): Promise<{
  doc: Doc;
  root: Struct;
  finish: (footer: string, keepWhole?: string) => Promise<Uint8Array<ArrayBuffer>>;
}> {
  // Loaded on the first PDF, not at start (decision 0029).
  const { default: PDFDocument } = await import("pdfkit");
  const doc = new PDFDocument({
    size: "LETTER",
    margins: { top: PAGE.margin, left: PAGE.margin, right: PAGE.margin, bottom: PAGE.bottom },
    bufferPages: true,
    // Never load the built-in Helvetica: it cannot print most names and is read from disk.
    font: FONTS.regular,
    pdfVersion: "1.7",
    tagged: true,
    lang: "en-US",
    displayTitle: true,
    info: { Title: info.title, Author: info.author, Subject: info.subject, Creator: "Carrierline" },
  });
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on("end", resolve);
    doc.on("error", reject);
  });
  const root = doc.struct("Document");
  doc.addStructure(root);
  return {
    doc,
    root,
    async finish(footer, keepWhole = "") {
      root.end();
      drawFooters(doc, footer, keepWhole);
      doc.end();
      await ended;
      return new Uint8Array(Buffer.concat(chunks));
    },
  };
}

/** Content drawn for looks only (rules, fills, footers): marked so readers skip it. */
export function artifact(doc: Doc, draw: () => void) {
  doc.markContent("Artifact");
  draw();
  doc.endMarkedContent();
}

export function paragraph(
  doc: Doc,
  parent: Struct,
  tag: string,
  draw: () => void,
  options: PDFKit.Mixins.StructureElementOptions = {},
) {
  parent.add(doc.struct(tag, options, draw));
}

export function heading(doc: Doc, parent: Struct, text: string, size = 14, tag = "H2") {
  paragraph(doc, parent, tag, () => {
    doc
      .font(FONTS.bold)
      .fontSize(size)
      .fillColor(INK)
      .text(text, PAGE.margin, doc.y, { width: CONTENT_WIDTH });
  });
}

/** A line of small grey print under a heading. */
export function note(doc: Doc, parent: Struct, text: string, size = 10) {
  paragraph(doc, parent, "P", () => {
    doc.font(FONTS.regular).fontSize(size).fillColor(MUTED).text(text, { width: CONTENT_WIDTH });
  });
}

/**
 * A boxed paragraph that starts with a bold title ("Read from a scanned image. Text…"), for a
 * caveat the reader must not pass over; amber bar and tint, as the screen shows it.
 */
export function callout(doc: Doc, parent: Struct, title: string, text: string) {
  const pad = 10;
  const bar = 3;
  const width = CONTENT_WIDTH - 2 * pad - bar;
  // Measured all in bold, a little wider than it prints: the box is never too short.
  doc.font(FONTS.bold).fontSize(10);
  const height = doc.heightOfString(`${title}. ${text}`, { width }) + 2 * pad;
  ensureRoom(doc, height + 12);
  const top = doc.y;
  artifact(doc, () => {
    doc.roundedRect(PAGE.margin, top, CONTENT_WIDTH, height, 6).fill("#fffbeb");
    doc.rect(PAGE.margin, top + 6, bar, height - 12).fill("#d97706");
  });
  paragraph(doc, parent, "P", () => {
    doc
      .font(FONTS.bold)
      .fontSize(10)
      .fillColor(INK)
      .text(`${title}. `, PAGE.margin + bar + pad, top + pad, { width, continued: true })
      .font(FONTS.regular)
      .text(text);
  });
  doc.x = PAGE.margin;
  doc.y = top + height + 12;
}

/** A row of figures in outlined boxes, each with its label above and an accent bar. */
export function figureBoxes(
  doc: Doc,
  parent: Struct,
  boxes: readonly { label: string; value: string }[],
  accent: string,
) {
  const gap = 12;
  const width = (CONTENT_WIDTH - gap * (boxes.length - 1)) / boxes.length;
  const height = 58;
  ensureRoom(doc, height + 12);
  const top = doc.y;
  boxes.forEach((box, index) => {
    const left = PAGE.margin + index * (width + gap);
    artifact(doc, () => {
      doc.roundedRect(left, top, width, height, 6).lineWidth(1).stroke(RULE);
      doc.rect(left, top + 6, 3, height - 12).fill(accent);
    });
    paragraph(doc, parent, "P", () => {
      doc
        .font(FONTS.regular)
        .fontSize(9)
        .fillColor(MUTED)
        .text(box.label, left + 14, top + 10, { width: width - 24 });
      // A figure stays on one line: a long one is printed smaller rather than wrapped.
      doc.font(FONTS.bold).fontSize(16);
      const fits = Math.min(16, (16 * (width - 24)) / Math.max(1, doc.widthOfString(box.value)));
      doc
        .fontSize(Math.max(9, fits))
        .fillColor(INK)
        .text(box.value, left + 14, top + 26, { width: width - 24 });
    });
  });
  doc.x = PAGE.margin;
  doc.y = top + height + 12;
}

/** A new page when fewer than `height` points are left above the footer. */
export function ensureRoom(doc: Doc, height: number) {
  if (doc.y + height > PAGE.height - PAGE.bottom) {
    doc.addPage();
    doc.y = PAGE.margin;
  }
}

/** A titled bullet list; nothing when there are no entries. */
export function list(doc: Doc, root: Struct, title: string, entries: string[]) {
  if (entries.length === 0) return;
  const indent = 20;
  const width = CONTENT_WIDTH - indent;
  doc.font(FONTS.regular).fontSize(10);
  const entriesHeight = entries.reduce(
    (sum, entry) => sum + doc.heightOfString(entry, { width }) + 2,
    0,
  );
  // A short list moves whole to the next page rather than leave a line or two behind.
  ensureRoom(doc, 30 + (entriesHeight < PAGE.height / 3 ? entriesHeight : 40));
  const section = doc.struct("Sect");
  root.add(section);
  heading(doc, section, title, 12);
  doc.moveDown(0.3);
  const listElement = doc.struct("L");
  section.add(listElement);
  for (const entry of entries) {
    const item = doc.struct("LI");
    listElement.add(item);
    doc.font(FONTS.regular).fontSize(10).fillColor(INK);
    ensureRoom(doc, doc.heightOfString(entry, { width }));
    const top = doc.y;
    item.add(
      doc.struct("Lbl", {}, () => {
        doc.text("•", PAGE.margin + 8, top, { lineBreak: false });
      }),
    );
    item.add(
      doc.struct("LBody", {}, () => {
        doc.text(entry, PAGE.margin + indent, top, { width, paragraphGap: 2 });
      }),
    );
    item.end();
  }
  listElement.end();
  section.end();
  doc.x = PAGE.margin;
  doc.moveDown(0.8);
}

export type TableColumn = { header: string; width: number; align: "left" | "right" };
/** A row of a table: `group` is a band heading the rows under it, `total` a closing row. */
export type TableRow = { cells: string[]; kind: "group" | "item" | "total" };

/**
 * A table whose header row comes back at the top of every page it runs onto. `blocks` are rows
 * that stay together (a group heading with its first row); a row is never split, so its cells
 * must be short enough to fit a page.
 */
export function table(
  doc: Doc,
  parent: Struct,
  options: {
    columns: readonly TableColumn[];
    blocks: TableRow[][];
    headerFill: string;
    fontSize?: number;
  },
) {
  const { columns, headerFill } = options;
  const size = options.fontSize ?? 9.5;
  const bottom = PAGE.height - PAGE.bottom;
  const element = doc.struct("Table");
  parent.add(element);
  type Drawn = { cells: string[]; kind: TableRow["kind"] | "header" };
  const header: Drawn = { kind: "header", cells: columns.map((column) => column.header) };
  const fontOf = (row: Drawn) => (row.kind === "item" ? FONTS.regular : FONTS.bold);
  // pdfkit breaks a word wider than its column inside it ("Wearabl / e", "277. / 85"): such a
  // cell is printed smaller instead, so a word or a figure is never split.
  const sizeOf = (row: Drawn, cell: string, width: number) => {
    doc.font(fontOf(row)).fontSize(size);
    const widest = Math.max(0, ...cell.split(/\s+/).map((word) => doc.widthOfString(word)));
    return widest > width ? Math.floor((size * width * 10) / widest) / 10 : size;
  };
  const heightOf = (row: Drawn) => {
    const cells = row.cells.map((cell, index) => {
      const width = (columns[index]?.width ?? 0) - 2 * CELL_PAD;
      doc.fontSize(sizeOf(row, cell, width));
      return doc.heightOfString(cell || " ", { width });
    });
    doc.font(fontOf(row)).fontSize(size);
    return Math.max(doc.currentLineHeight(), ...cells) + 2 * CELL_PAD;
  };
  const headerHeight = heightOf(header);
  let zebra = false;

  const drawRow = (row: Drawn, height: number) => {
    const top = doc.y;
    const fill =
      row.kind === "header"
        ? headerFill
        : row.kind === "group"
          ? ZEBRA
          : zebra && row.kind === "item"
            ? "#fafafa"
            : null;
    artifact(doc, () => {
      if (fill) doc.rect(PAGE.margin, top, CONTENT_WIDTH, height).fill(fill);
      if (row.kind === "total") {
        doc
          .moveTo(PAGE.margin, top)
          .lineTo(PAGE.margin + CONTENT_WIDTH, top)
          .lineWidth(1)
          .stroke(INK);
      }
    });
    const tr = doc.struct("TR");
    element.add(tr);
    const color = row.kind === "header" ? textOn(headerFill) : INK;
    let left = PAGE.margin;
    row.cells.forEach((cell, index) => {
      const column = columns[index];
      if (!column) return;
      const x = left;
      left += column.width;
      tr.add(
        doc.struct(row.kind === "header" ? "TH" : "TD", {}, () => {
          const width = column.width - 2 * CELL_PAD;
          doc
            .font(fontOf(row))
            .fontSize(sizeOf(row, cell, width))
            .fillColor(color)
            .text(cell, x + CELL_PAD, top + CELL_PAD, { width, align: column.align });
        }),
      );
    });
    tr.end();
    doc.x = PAGE.margin;
    doc.y = top + height;
  };

  if (doc.y + headerHeight + 40 > bottom) {
    doc.addPage();
    doc.y = PAGE.margin;
  }
  drawRow(header, headerHeight);
  for (const block of options.blocks) {
    block.forEach((row, index) => {
      const height = heightOf(row);
      // A group heading needs room for its first row too; a row is never split.
      const next = index === 0 && block[1] ? heightOf(block[1]) : 0;
      if (doc.y + height + next > bottom) {
        doc.addPage();
        doc.y = PAGE.margin;
        drawRow(header, headerHeight);
        zebra = false;
      }
      if (row.kind === "item") zebra = !zebra;
      drawRow(row, height);
    });
  }
  element.end();
  doc.moveDown(1);
}

/**
 * The text cut to one line of the width at the current font: a footer that wrapped would run
 * off the page, and pdfkit would carry it onto a new one.
 */
export function oneLine(doc: Doc, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text;
  let end = text.length;
  while (end > 1 && doc.widthOfString(`${text.slice(0, end)}…`) > width) end--;
  return `${text.slice(0, end).trimEnd()}…`;
}

/** `footer` (cut to fit, `keepWhole` always whole after it) and "Page X of Y" on every page. */
function drawFooters(doc: Doc, footer: string, keepWhole: string) {
  const range = doc.bufferedPageRange();
  doc.font(FONTS.regular).fontSize(8.5);
  const nameWidth = CONTENT_WIDTH * 0.7 - 4 - doc.widthOfString(keepWhole);
  const text = `${oneLine(doc, footer, nameWidth)}${keepWhole}`;
  for (let index = range.start; index < range.start + range.count; index++) {
    doc.switchToPage(index);
    // Text below the bottom margin would otherwise start a new page.
    const margins = doc.page.margins;
    doc.page.margins = { ...margins, bottom: 0 };
    const y = PAGE.height - PAGE.margin + 12;
    artifact(doc, () => {
      doc
        .moveTo(PAGE.margin, y - 8)
        .lineTo(PAGE.width - PAGE.margin, y - 8)
        .lineWidth(0.5)
        .stroke(RULE);
      doc
        .font(FONTS.regular)
        .fontSize(8.5)
        .fillColor(MUTED)
        .text(text, PAGE.margin, y, { width: CONTENT_WIDTH * 0.7, lineBreak: false })
        .text(
          `Page ${index - range.start + 1} of ${range.count}`,
          PAGE.margin + CONTENT_WIDTH * 0.7,
          y,
          { width: CONTENT_WIDTH * 0.3, align: "right", lineBreak: false },
        );
    });
    doc.page.margins = margins;
  }
}
