import { createRequire } from "node:module";
import PDFDocument from "pdfkit";
import { CARRIER_LABELS, type QuoteItemKind, type QuoteSource } from "#app/lib/domain.ts";
import { formatCents } from "#app/lib/format.ts";
import { PRODUCT_BRAND_COLOR } from "#app/lib/schemas/company-settings.ts";
import type { QuoteItem, QuoteOption, QuoteSaving } from "#app/lib/schemas/quote.ts";
import { INK, readableOnWhite, textOn } from "./colors.ts";

/** An item as a proposal prints it: a saved item whose catalog row has gone still prints. */
export type ProposalItem = Omit<QuoteItem, "ref">;
export type ProposalOption = Omit<QuoteOption, "items"> & { items: ProposalItem[] };

/** Everything a proposal prints; the quotes area builds it from a saved quote. */
export type ProposalView = {
  reseller: {
    name: string;
    /** `#rrggbb`; null for the product's own colour. */
    brandColor: string | null;
    logo: { bytes: Uint8Array; contentType: "image/png" | "image/jpeg" } | null;
  };
  customer: {
    companyName: string;
    contactName: string;
    contactEmail: string;
    companyWebsite: string | null;
  };
  quote: {
    /** The short reference the agent and the customer quote to each other. */
    reference: string;
    version: number;
    /** Calendar dates, YYYY-MM-DD. */
    createdOn: string;
    validUntil: string;
    pricedOn: string;
    termMonths: number;
    source: QuoteSource;
  };
  /** The option as quoted; where each item came from in the catalog is not printed. */
  option: ProposalOption;
  saving: QuoteSaving | null;
  assumptions: string[];
  agent: { name: string; email: string };
};

// DejaVu Sans covers Latin (é, ü, ł…), Greek, Cyrillic, arrows and check marks; it has no CJK,
// so a Chinese or Japanese name prints as empty boxes. The built-in PDF fonts are Latin-1 only.
const require = createRequire(import.meta.url);
// Fonts are named by their path, never registered under a name: pdfkit 0.17 caches a registered
// font only when no font of the same family is loaded yet, and would otherwise re-read and parse
// the TTF at every font change (1.2 s for a 3-page proposal instead of tens of ms).
const FONTS = {
  regular: require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans.ttf"),
  bold: require.resolve("dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf"),
};

// US Letter in points; the footer sits in the bottom margin.
const PAGE = { width: 612, height: 792, margin: 48, bottom: 64 };
const CONTENT_WIDTH = PAGE.width - 2 * PAGE.margin;
const MUTED = "#4b5563";
const RULE = "#d1d5db";
const ZEBRA = "#f3f4f6";

const GROUPS: { kind: QuoteItemKind; label: string }[] = [
  { kind: "plan", label: "Plans" },
  { kind: "device", label: "Devices" },
  { kind: "discount", label: "Credits" },
  { kind: "fee", label: "Fees" },
];

const COLUMNS = [
  { header: "Description", width: CONTENT_WIDTH - 44 - 84 - 84 - 52, align: "left" },
  { header: "Qty", width: 44, align: "right" },
  { header: "Monthly", width: 84, align: "right" },
  { header: "One-time", width: 84, align: "right" },
  { header: "Months", width: 52, align: "right" },
] as const;
const CELL_PAD = 5;

const longDate = new Intl.DateTimeFormat("en-US", {
  year: "numeric",
  month: "long",
  day: "numeric",
  timeZone: "UTC",
});
/** "November 24, 2026" from 2026-11-24, the same wherever the server runs. */
export function formatProposalDate(isoDate: string): string {
  const [y, m, d] = isoDate.split("-").map(Number);
  return longDate.format(new Date(Date.UTC(y ?? 1970, (m ?? 1) - 1, d ?? 1)));
}

/** A row is never split, so none may be taller than a page: catalog names are far shorter. */
const DESCRIPTION_MAX = 300;
const clip = (text: string, max: number) =>
  text.length > max ? `${text.slice(0, max - 1)}…` : text;

const money = (cents: number) => (cents === 0 ? "—" : formatCents(cents));

type Doc = PDFKit.PDFDocument;
type Struct = PDFKit.PDFStructureElement;

/** The branded proposal of one quote option, as PDF bytes (tagged, US Letter, English). */
export async function renderProposalPdf(view: ProposalView): Promise<Uint8Array<ArrayBuffer>> {
  const title = `Proposal for ${view.customer.companyName} — ${view.reseller.name}`;
  const doc = new PDFDocument({
    size: "LETTER",
    margins: {
      top: PAGE.margin,
      left: PAGE.margin,
      right: PAGE.margin,
      bottom: PAGE.bottom,
    },
    bufferPages: true,
    // Never load the built-in Helvetica: it cannot print most names and is read from disk.
    font: FONTS.regular,
    pdfVersion: "1.7",
    tagged: true,
    lang: "en-US",
    displayTitle: true,
    info: {
      Title: title,
      Author: `${view.agent.name}, ${view.reseller.name}`,
      Subject: `Quote ${view.quote.reference}, version ${view.quote.version}`,
      Creator: "Carrierline",
    },
  });

  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const ended = new Promise<void>((resolve, reject) => {
    doc.on("end", resolve);
    doc.on("error", reject);
  });

  const brand = view.reseller.brandColor ?? PRODUCT_BRAND_COLOR;
  const root = doc.struct("Document");
  doc.addStructure(root);

  drawHeader(doc, root, view, brand);
  drawSummary(doc, root, view, brand);
  drawItems(doc, root, view, brand);
  drawNotes(doc, root, view);
  root.end();
  drawFooters(doc, view);

  doc.end();
  await ended;
  return new Uint8Array(Buffer.concat(chunks));
}

/** Content drawn for looks only (rules, fills, footers): marked so readers skip it. */
function artifact(doc: Doc, draw: () => void) {
  doc.markContent("Artifact");
  draw();
  doc.endMarkedContent();
}

function paragraph(
  doc: Doc,
  parent: Struct,
  tag: string,
  draw: () => void,
  options: PDFKit.Mixins.StructureElementOptions = {},
) {
  parent.add(doc.struct(tag, options, draw));
}

function heading(doc: Doc, parent: Struct, text: string, size = 14) {
  paragraph(doc, parent, "H2", () => {
    doc
      .font(FONTS.bold)
      .fontSize(size)
      .fillColor(INK)
      .text(text, PAGE.margin, doc.y, { width: CONTENT_WIDTH });
  });
}

/** A line of small grey print under a heading. */
function note(doc: Doc, parent: Struct, text: string, size = 10) {
  paragraph(doc, parent, "P", () => {
    doc.font(FONTS.regular).fontSize(size).fillColor(MUTED).text(text, { width: CONTENT_WIDTH });
  });
}

function drawHeader(doc: Doc, root: Struct, view: ProposalView, brand: string) {
  const top = PAGE.margin;
  let textLeft = PAGE.margin;
  const logo = view.reseller.logo;
  if (logo) {
    const box = { width: 150, height: 56 };
    paragraph(
      doc,
      root,
      "Figure",
      () => {
        doc.image(Buffer.from(logo.bytes), PAGE.margin, top, {
          fit: [box.width, box.height],
          valign: "center",
        });
      },
      { alt: `${view.reseller.name} logo` },
    );
    textLeft = PAGE.margin + box.width + 16;
  }
  const nameWidth = PAGE.width - PAGE.margin - textLeft;
  paragraph(doc, root, "P", () => {
    doc
      .font(FONTS.bold)
      .fontSize(18)
      .fillColor(readableOnWhite(brand))
      .text(view.reseller.name, textLeft, top + (logo ? 14 : 0), { width: nameWidth });
  });
  const below = Math.max(doc.y, top + (logo ? 56 : 0)) + 10;
  artifact(doc, () => {
    doc.rect(PAGE.margin, below, CONTENT_WIDTH, 3).fill(brand);
  });

  doc.x = PAGE.margin;
  doc.y = below + 18;
  paragraph(doc, root, "H1", () => {
    doc
      .font(FONTS.bold)
      .fontSize(22)
      .fillColor(INK)
      .text(`Proposal for ${view.customer.companyName}`, { width: CONTENT_WIDTH });
  });
  doc.moveDown(0.3);
  const { customer, quote } = view;
  const preparedFor = [customer.contactName, customer.contactEmail, customer.companyWebsite]
    .filter((part): part is string => Boolean(part))
    .join(" · ");
  const facts = [
    `Prepared for ${preparedFor}`,
    `Date: ${formatProposalDate(quote.createdOn)}   Reference: ${quote.reference} (version ${quote.version})   Valid until: ${formatProposalDate(quote.validUntil)}`,
  ];
  for (const fact of facts) note(doc, root, fact);
  doc.moveDown(1);
}

function drawSummary(doc: Doc, root: Struct, view: ProposalView, brand: string) {
  const { option } = view;
  const section = doc.struct("Sect");
  root.add(section);
  heading(doc, section, `Summary: ${option.label}`);
  doc.moveDown(0.2);
  const lines = option.totals.lines;
  note(
    doc,
    section,
    `${CARRIER_LABELS[option.carrier]}, ${lines} ${lines === 1 ? "line" : "lines"}, a term of ${view.quote.termMonths} months${view.quote.source === "bill" ? ", priced for the lines on your current bill" : ""}.`,
  );
  doc.moveDown(0.6);

  const boxes = [
    { label: "Monthly total", value: formatCents(option.totals.monthlyCents) },
    { label: "One-time total", value: formatCents(option.totals.oneTimeCents) },
    {
      label: `Total over ${view.quote.termMonths} months`,
      value: formatCents(option.totals.termCents),
    },
  ];
  const gap = 12;
  const width = (CONTENT_WIDTH - gap * (boxes.length - 1)) / boxes.length;
  const height = 58;
  const top = doc.y;
  boxes.forEach((box, index) => {
    const left = PAGE.margin + index * (width + gap);
    artifact(doc, () => {
      doc.roundedRect(left, top, width, height, 6).lineWidth(1).stroke(RULE);
      doc.rect(left, top + 6, 3, height - 12).fill(brand);
    });
    paragraph(doc, section, "P", () => {
      doc
        .font(FONTS.regular)
        .fontSize(9)
        .fillColor(MUTED)
        .text(box.label, left + 14, top + 10, { width: width - 24 });
      doc
        .font(FONTS.bold)
        .fontSize(16)
        .fillColor(INK)
        .text(box.value, left + 14, top + 26, { width: width - 24 });
    });
  });
  doc.x = PAGE.margin;
  doc.y = top + height + 12;

  const { saving } = view;
  if (saving) {
    const current = formatCents(saving.currentMonthlyCents);
    const text =
      saving.monthlyCents >= 0
        ? `You save ${formatCents(saving.monthlyCents)} per month (${formatCents(saving.yearlyCents)} per year) against your current bill of ${current} per month.`
        : `This costs ${formatCents(-saving.monthlyCents)} more per month (${formatCents(-saving.yearlyCents)} per year) than your current bill of ${current} per month.`;
    paragraph(doc, section, "P", () => {
      doc
        .font(FONTS.bold)
        .fontSize(11)
        .fillColor(INK)
        .text(text, PAGE.margin, doc.y, { width: CONTENT_WIDTH });
    });
    doc.moveDown(0.6);
  }
  section.end();
  doc.moveDown(0.6);
}

type Row = { cells: string[]; kind: "header" | "group" | "item" | "total" };

function rowsOf(view: ProposalView): Row[][] {
  const term = view.quote.termMonths;
  const groups = GROUPS.map(({ kind, label }) => ({
    label,
    items: view.option.items.filter((item) => item.kind === kind),
  })).filter((group) => group.items.length > 0);
  const itemRow = (item: ProposalItem): Row => ({
    kind: "item",
    cells: [
      clip(item.description, DESCRIPTION_MAX),
      String(item.quantity),
      money(item.quantity * item.unitMonthlyCents),
      money(item.quantity * item.unitOneTimeCents),
      String(item.months ?? term),
    ],
  });
  // Each group's heading travels with its first item: never alone at the foot of a page.
  const blocks = groups.map((group) => [
    { kind: "group", cells: [group.label, "", "", "", ""] } satisfies Row,
    ...group.items.map(itemRow),
  ]);
  const total: Row = {
    kind: "total",
    cells: [
      "Total",
      "",
      formatCents(view.option.totals.monthlyCents),
      formatCents(view.option.totals.oneTimeCents),
      "",
    ],
  };
  return [...blocks, [total]];
}

function rowHeight(doc: Doc, row: Row): number {
  doc.font(row.kind === "item" ? FONTS.regular : FONTS.bold).fontSize(9.5);
  // Only the description wraps; the figures are one line each.
  const description = doc.heightOfString(row.cells[0] || " ", {
    width: (COLUMNS[0]?.width ?? 0) - 2 * CELL_PAD,
  });
  return Math.max(description, doc.currentLineHeight()) + 2 * CELL_PAD;
}

function drawItems(doc: Doc, root: Struct, view: ProposalView, brand: string) {
  const section = doc.struct("Sect");
  root.add(section);
  heading(doc, section, "What is included");
  note(doc, section, "Amounts are for the whole row: the quantity times the unit price.", 9);
  doc.moveDown(0.5);

  const table = doc.struct("Table");
  section.add(table);
  const bottom = PAGE.height - PAGE.bottom;
  const header: Row = { kind: "header", cells: COLUMNS.map((column) => column.header) };
  const headerHeight = rowHeight(doc, header);
  let zebra = false;

  const drawRow = (row: Row, height: number) => {
    const top = doc.y;
    const fill =
      row.kind === "header" ? brand : row.kind === "group" ? ZEBRA : zebra ? "#fafafa" : null;
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
    table.add(tr);
    const color = row.kind === "header" ? textOn(brand) : INK;
    let left = PAGE.margin;
    row.cells.forEach((cell, index) => {
      const column = COLUMNS[index];
      if (!column) return;
      const x = left;
      left += column.width;
      const tag = row.kind === "header" ? "TH" : "TD";
      tr.add(
        doc.struct(tag, {}, () => {
          doc
            .font(row.kind === "item" ? FONTS.regular : FONTS.bold)
            .fontSize(9.5)
            .fillColor(color)
            .text(cell, x + CELL_PAD, top + CELL_PAD, {
              width: column.width - 2 * CELL_PAD,
              align: column.align,
              lineBreak: index === 0,
            });
        }),
      );
    });
    tr.end();
    doc.x = PAGE.margin;
    doc.y = top + height;
  };

  if (doc.y + headerHeight + 40 > bottom) doc.addPage();
  drawRow(header, headerHeight);
  for (const block of rowsOf(view)) {
    block.forEach((row, index) => {
      const height = rowHeight(doc, row);
      // A group heading needs room for its first row too; a row is never split.
      const next = index === 0 && block[1] ? rowHeight(doc, block[1]) : 0;
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
  table.end();
  section.end();
  doc.moveDown(1);
}

function list(doc: Doc, root: Struct, title: string, entries: string[]) {
  if (entries.length === 0) return;
  const indent = 20;
  const width = CONTENT_WIDTH - indent;
  doc.font(FONTS.regular).fontSize(10);
  const entriesHeight = entries.reduce(
    (sum, entry) => sum + doc.heightOfString(entry, { width }) + 2,
    0,
  );
  // A short list moves whole to the next page rather than leave a line or two behind.
  const needed = 30 + (entriesHeight < PAGE.height / 3 ? entriesHeight : 40);
  if (doc.y + needed > PAGE.height - PAGE.bottom) {
    doc.addPage();
    doc.y = PAGE.margin;
  }
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
    if (doc.y + doc.heightOfString(entry, { width }) > PAGE.height - PAGE.bottom) {
      doc.addPage();
      doc.y = PAGE.margin;
    }
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

function drawNotes(doc: Doc, root: Struct, view: ProposalView) {
  list(doc, root, "Assumptions", view.assumptions);
  list(
    doc,
    root,
    "Needs this option does not meet",
    view.option.unmet.map((unmet) => unmet.reason),
  );
  const { quote, agent } = view;
  list(doc, root, "Terms", [
    `Prices are the carrier catalog's as of ${formatProposalDate(quote.pricedOn)}, before taxes and government fees.`,
    `This proposal is valid until ${formatProposalDate(quote.validUntil)}.`,
    `The quote's term is ${quote.termMonths} months; the total over the term includes every monthly charge and the one-time charges.`,
    `Prepared by ${agent.name} (${agent.email}), ${view.reseller.name}.`,
  ]);
}

/**
 * The text cut to one line of the width at the current font: a footer that wrapped would run
 * off the page, and pdfkit would carry it onto a new one.
 */
function oneLine(doc: Doc, text: string, width: number): string {
  if (doc.widthOfString(text) <= width) return text;
  let end = text.length;
  while (end > 1 && doc.widthOfString(`${text.slice(0, end)}…`) > width) end--;
  return `${text.slice(0, end).trimEnd()}…`;
}

function drawFooters(doc: Doc, view: ProposalView) {
  const range = doc.bufferedPageRange();
  doc.font(FONTS.regular).fontSize(8.5);
  // The reference stays whole; a long company name gives way.
  const reference = ` · Proposal ${view.quote.reference}`;
  const nameWidth = CONTENT_WIDTH * 0.7 - 4 - doc.widthOfString(reference);
  const footer = `${oneLine(doc, view.reseller.name, nameWidth)}${reference}`;
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
        .text(footer, PAGE.margin, y, { width: CONTENT_WIDTH * 0.7, lineBreak: false })
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
