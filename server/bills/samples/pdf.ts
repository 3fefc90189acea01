import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import PDFDocument from "pdfkit";
import {
  type Bill,
  type BillLine,
  type BillLineType,
  lineChargesCents,
} from "#server/bills/bill.ts";

// Each carrier's bill as its own layout: column order, labels, number and date formats, page
// breaks and page subtotals differ as real bills do, so the parsers meet the variety they will
// meet in customers' files.

const require = createRequire(import.meta.url);
const FONT_DIR = join(dirname(require.resolve("dejavu-fonts-ttf/package.json")), "ttf");

const MONTHS = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"];
const parts = (iso: string) => {
  const [y = "", m = "", d = ""] = iso.split("-");
  return { y, m, d, mon: MONTHS[Number(m) - 1] ?? "" };
};
/** "Nov 4, 2026" */
const longDate = (iso: string) => {
  const p = parts(iso);
  return `${p.mon} ${Number(p.d)}, ${p.y}`;
};
/** "11/04/26" */
const shortDate = (iso: string) => {
  const p = parts(iso);
  return `${p.m}/${p.d}/${p.y.slice(2)}`;
};
/** "11/04/2026" */
const usDate = (iso: string) => {
  const p = parts(iso);
  return `${p.m}/${p.d}/${p.y}`;
};

/** "1,234.56" */
export const plain = (cents: number) =>
  `${Math.floor(Math.abs(cents) / 100).toLocaleString("en-US")}.${String(Math.abs(cents) % 100).padStart(2, "0")}`;
const usd = (cents: number) => `$${plain(cents)}`;
const gb = (value: number) => value.toFixed(2);

const digits = (phone: string) => phone.replace(/\D/g, "");
const dotted = (phone: string) => {
  const d = digits(phone);
  return `${d.slice(0, 3)}.${d.slice(3, 6)}.${d.slice(6)}`;
};
const dashed = (phone: string) => {
  const d = digits(phone);
  return `${d.slice(0, 3)}-${d.slice(3, 6)}-${d.slice(6)}`;
};

type Doc = PDFKit.PDFDocument;
type Align = "left" | "right";
type Column = { label: string; width: number; align?: Align };
const GAP = 6;

function startDocument(landscape: boolean): { doc: Doc; done: Promise<Uint8Array> } {
  const doc = new PDFDocument({
    size: "LETTER",
    layout: landscape ? "landscape" : "portrait",
    margins: { top: 0, bottom: 0, left: 0, right: 0 },
    info: { Title: "Wireless bill", CreationDate: new Date(Date.UTC(2026, 0, 1)) },
  });
  doc.registerFont("body", join(FONT_DIR, "DejaVuSans.ttf"));
  doc.registerFont("bold", join(FONT_DIR, "DejaVuSans-Bold.ttf"));
  const chunks: Buffer[] = [];
  doc.on("data", (chunk: Buffer) => chunks.push(chunk));
  const done = new Promise<Uint8Array>((resolve) => {
    doc.on("end", () => resolve(new Uint8Array(Buffer.concat(chunks))));
  });
  return { doc, done };
}

function text(
  doc: Doc,
  value: string,
  x: number,
  y: number,
  options: { size?: number; bold?: boolean; width?: number; align?: Align } = {},
) {
  doc.font(options.bold ? "bold" : "body").fontSize(options.size ?? 8);
  // Aligned by hand: pdfkit wraps any text given a width, and a cell must stay on its row.
  const left =
    options.width && options.align === "right" ? x + options.width - doc.widthOfString(value) : x;
  doc.text(value, left, y, { lineBreak: false });
}

function row(
  doc: Doc,
  x0: number,
  y: number,
  columns: Column[],
  cells: string[],
  size: number,
  bold = false,
) {
  let x = x0;
  columns.forEach((column, i) => {
    const cell = cells[i] ?? "";
    if (cell)
      text(doc, cell, x, y, { size, bold, width: column.width, align: column.align ?? "left" });
    x += column.width + GAP;
  });
}

/** Label on the left, amount right-aligned at `right`. */
function summaryRow(
  doc: Doc,
  label: string,
  value: string,
  x: number,
  right: number,
  y: number,
  size = 9,
  bold = false,
) {
  text(doc, label, x, y, { size, bold });
  text(doc, value, x, y, { size, bold, width: right - x, align: "right" });
}

const headerRow = (doc: Doc, x: number, y: number, columns: Column[], size: number) =>
  row(
    doc,
    x,
    y,
    columns,
    columns.map((c) => c.label),
    size,
    true,
  );

/** A table's bold header row, `headerStep` above its rows, each `step` below the last; the y below. */
function table<T>(
  doc: Doc,
  at: { x: number; y: number; size: number; headerStep: number; step: number },
  columns: Column[],
  items: readonly T[],
  cells: (item: T) => string[],
): number {
  headerRow(doc, at.x, at.y, columns, at.size);
  let y = at.y + at.headerStep;
  for (const item of items) {
    row(doc, at.x, y, columns, cells(item), at.size);
    y += at.step;
  }
  return y;
}

/** The account summary's labelled amounts, one `step` apart; the y below the last. */
function summaryRows(
  doc: Doc,
  rows: [string, string][],
  at: { x: number; right: number; y: number; step: number; size?: number },
  bold: (label: string) => boolean = () => false,
): number {
  let y = at.y;
  for (const [label, value] of rows) {
    summaryRow(doc, label, value, at.x, at.right, y, at.size, bold(label));
    y += at.step;
  }
  return y;
}

/** Lines per page: `first` on page 1 (below the summary), `rest` on the others. */
function paginate<T>(items: T[], first: number, rest: number): T[][] {
  const pages: T[][] = [items.slice(0, first)];
  for (let i = first; i < items.length; i += rest) pages.push(items.slice(i, i + rest));
  return pages;
}

const sum = (lines: BillLine[]) => lines.reduce((s, line) => s + lineChargesCents(line), 0);

const ATT_TYPES: Record<BillLineType, string> = {
  voice: "Smartphone",
  mobile_internet: "Tablet",
  wearable: "Wearable",
};
const VZ_TYPES: Record<BillLineType, string> = {
  voice: "Smartphone",
  mobile_internet: "Tablet",
  wearable: "Smartwatch",
};
const TMO_TYPES: Record<BillLineType, string> = {
  voice: "Voice",
  mobile_internet: "Mobile Internet",
  wearable: "Wearable",
};
const GEN_TYPES: Record<BillLineType, string> = {
  voice: "Voice",
  mobile_internet: "Data",
  wearable: "Wearable",
};

function att(doc: Doc, bill: Bill): number[] {
  const t = bill.totals;
  const pages = paginate(bill.lines, 10, 22);
  const columns: Column[] = [
    { label: "Wireless number", width: 62 },
    { label: "User", width: 72 },
    { label: "Cost center", width: 54 },
    { label: "Type", width: 46 },
    { label: "Plan", width: 126 },
    { label: "Monthly charges", width: 60, align: "right" },
    { label: "Data used", width: 40, align: "right" },
    { label: "Device", width: 88 },
    { label: "Installment", width: 46, align: "right" },
    { label: "Balance left", width: 50, align: "right" },
    { label: "Intl", width: 36, align: "right" },
  ];
  const subtotals: number[] = [];
  pages.forEach((lines, index) => {
    if (index > 0) doc.addPage();
    text(doc, "AT&T Business", 36, 30, { size: 16, bold: true });
    text(doc, `Page ${index + 1} of ${pages.length + 1}`, 36, 34, {
      size: 8,
      width: 720,
      align: "right",
    });
    let y = 60;
    if (index === 0) {
      text(doc, "Wireless statement", 36, y, { size: 10 });
      y += 18;
      text(doc, `Account number  ${bill.accountNumber.replace(/(\d{3})(?=\d)/g, "$1 ")}`, 36, y, {
        size: 9,
      });
      const p = parts(bill.period.start);
      const sameYear = p.y === parts(bill.period.end).y;
      const start = sameYear ? `${p.mon} ${Number(p.d)}` : longDate(bill.period.start);
      text(doc, `Bill period  ${start} - ${longDate(bill.period.end)}`, 320, y, { size: 9 });
      y += 22;
      text(doc, "Account summary", 36, y, { size: 10, bold: true });
      y += 16;
      const summary: [string, string][] = [
        ["Previous balance", usd(t.previousBalanceCents)],
        ["Payment - thank you", `-${usd(t.paymentsCents)}`],
        ["Wireless charges", usd(t.lineChargesCents)],
        ["Surcharges, taxes & fees", usd(t.taxesAndFeesCents)],
        ["Total current charges", usd(t.currentChargesCents)],
      ];
      y = summaryRows(doc, summary, { x: 36, right: 300, y, step: 13 });
      summaryRow(doc, "Total due", usd(t.totalDueCents), 36, 300, y, 10, true);
      y += 15;
      summaryRow(doc, "Pay by", longDate(bill.dueDate), 36, 300, y);
      y += 22;
    }
    text(
      doc,
      index === 0 ? "Wireless charges by line" : "Wireless charges by line (continued)",
      36,
      y,
      { size: 10, bold: true },
    );
    y += 16;
    y = table(doc, { x: 36, y, size: 7, headerStep: 14, step: 13 }, columns, lines, (line) => [
      dotted(line.phoneNumber),
      line.user,
      line.department,
      ATT_TYPES[line.lineType],
      line.plan,
      plain(line.planCents),
      `${gb(line.dataGB)} GB`,
      line.device?.name ?? "-",
      line.device ? plain(line.device.monthlyCents) : "-",
      line.device ? plain(line.device.remainingCents) : "-",
      line.internationalCents ? plain(line.internationalCents) : "-",
    ]);
    const subtotal = sum(lines);
    subtotals.push(subtotal);
    y += 4;
    summaryRow(doc, "Subtotal this page", plain(subtotal), 36, 760, y, 8, true);
  });
  doc.addPage();
  text(doc, "AT&T Business", 36, 30, { size: 16, bold: true });
  text(doc, `Page ${pages.length + 1} of ${pages.length + 1}`, 36, 34, {
    size: 8,
    width: 720,
    align: "right",
  });
  let y = 70;
  text(doc, "International usage", 36, y, { size: 10, bold: true });
  y += 16;
  const intl: Column[] = [
    { label: "Wireless number", width: 62 },
    { label: "Countries", width: 180 },
    { label: "Feature", width: 140 },
  ];
  table(
    doc,
    { x: 36, y, size: 7, headerStep: 14, step: 13 },
    intl,
    bill.lines.filter((l) => l.countries.length > 0),
    (line) => [
      dotted(line.phoneNumber),
      line.countries.join(", "),
      line.features.join(", ") || "None",
    ],
  );
  return subtotals;
}

function verizon(doc: Doc, bill: Bill): number[] {
  const t = bill.totals;
  const columns: Column[] = [
    { label: "Mobile number", width: 58 },
    { label: "User name", width: 66 },
    { label: "Department", width: 52 },
    { label: "Type", width: 46 },
    { label: "Plan", width: 102 },
    { label: "Plan charge", width: 42, align: "right" },
    { label: "Data", width: 40, align: "right" },
    { label: "Intl", width: 38, align: "right" },
    { label: "Line total", width: 44, align: "right" },
  ];
  const planX = 36 + columns.slice(0, 4).reduce((s, c) => s + c.width + GAP, 0);
  const height = (line: BillLine) => 12 + (line.device ? 10 : 0) + (line.countries.length ? 10 : 0);
  // Blocks of varying height: a page is full by height, not by count.
  const pages: BillLine[][] = [[]];
  let room = 230;
  for (const line of bill.lines) {
    if (room < height(line)) {
      pages.push([]);
      room = 250;
    }
    pages[pages.length - 1]?.push(line);
    room -= height(line);
  }
  const subtotals: number[] = [];
  pages.forEach((lines, index) => {
    if (index > 0) doc.addPage();
    text(doc, "verizon business", 36, 30, { size: 15, bold: true });
    text(doc, `${index + 1} of ${pages.length}`, 36, 36, { size: 8, width: 540, align: "right" });
    let y = 58;
    if (index === 0) {
      text(doc, `Account number ${bill.accountNumber}`, 36, y, { size: 9 });
      text(doc, `Due by ${shortDate(bill.dueDate)}`, 36, y, {
        size: 9,
        width: 540,
        align: "right",
      });
      y += 14;
      text(
        doc,
        `Billing period: ${shortDate(bill.period.start)} - ${shortDate(bill.period.end)}`,
        36,
        y,
        { size: 9 },
      );
      y += 24;
      text(doc, "Your bill summary", 36, y, { size: 11, bold: true });
      y += 18;
      const summary: [string, string][] = [
        ["Previous balance", usd(t.previousBalanceCents)],
        ["Payments", `(${usd(t.paymentsCents)})`],
        ["Charges by line", usd(t.lineChargesCents)],
        ["Taxes, governmental surcharges and fees", usd(t.taxesAndFeesCents)],
        ["Current charges", usd(t.currentChargesCents)],
      ];
      y = summaryRows(doc, summary, { x: 36, right: 400, y, step: 13 });
      summaryRow(doc, "Total amount due", usd(t.totalDueCents), 36, 400, y, 10, true);
      y += 26;
    }
    text(doc, "Charges by line", 36, y, { size: 11, bold: true });
    y += 16;
    headerRow(doc, 36, y, columns, 7);
    y += 13;
    for (const line of lines) {
      row(
        doc,
        36,
        y,
        columns,
        [
          dashed(line.phoneNumber),
          line.user,
          line.department,
          VZ_TYPES[line.lineType],
          line.plan,
          usd(line.planCents),
          `${gb(line.dataGB)} GB`,
          line.internationalCents ? usd(line.internationalCents) : "--",
          usd(lineChargesCents(line)),
        ],
        7,
      );
      y += 10;
      if (line.device) {
        text(
          doc,
          `Device payment: ${line.device.name}, ${usd(line.device.monthlyCents)}/mo, ${usd(line.device.remainingCents)} remaining`,
          planX,
          y,
          { size: 6.5 },
        );
        y += 10;
      }
      if (line.countries.length) {
        const feature = line.features.length ? line.features.join(", ") : "no travel plan";
        text(doc, `International: ${line.countries.join(", ")}; ${feature}`, planX, y, {
          size: 6.5,
        });
        y += 10;
      }
      y += 2;
    }
    const subtotal = sum(lines);
    subtotals.push(subtotal);
    y += 4;
    summaryRow(doc, "Lines on this page total", usd(subtotal), 36, 576, y, 8, true);
  });
  return subtotals;
}

function tmobile(doc: Doc, bill: Bill): number[] {
  const t = bill.totals;
  text(doc, "T-Mobile for Business", 36, 30, { size: 16, bold: true });
  let y = 58;
  text(doc, `Account ${bill.accountNumber}`, 36, y, { size: 9 });
  text(doc, `Bill close date ${longDate(bill.period.end)}`, 36, y, {
    size: 9,
    width: 540,
    align: "right",
  });
  y += 14;
  text(doc, `Bill period ${longDate(bill.period.start)} to ${longDate(bill.period.end)}`, 36, y, {
    size: 9,
  });
  y += 24;
  const summary: [string, string][] = [
    ["Previous balance", usd(t.previousBalanceCents)],
    ["Payments", `-${usd(t.paymentsCents)}`],
    ["Plans, equipment & services", usd(t.lineChargesCents)],
    ["Taxes & fees", usd(t.taxesAndFeesCents)],
    ["Current charges", usd(t.currentChargesCents)],
  ];
  y = summaryRows(doc, summary, { x: 36, right: 330, y, step: 13 });
  summaryRow(doc, "TOTAL DUE", usd(t.totalDueCents), 36, 330, y, 11, true);
  y += 16;
  text(doc, `Due ${longDate(bill.dueDate)}`, 36, y, { size: 9 });
  y += 28;
  text(doc, "THIS BILL SUMMARY", 36, y, { size: 11, bold: true });
  y += 18;
  const columns: Column[] = [
    { label: "Line", width: 66 },
    { label: "Name", width: 130 },
    { label: "Type", width: 70 },
    { label: "Plans", width: 50, align: "right" },
    { label: "Equipment", width: 52, align: "right" },
    { label: "Services", width: 50, align: "right" },
    { label: "Total", width: 56, align: "right" },
  ];
  const dash = (cents: number) => (cents ? usd(cents) : "-");
  const at = { x: 36, size: 7.5, headerStep: 14, step: 13 };
  y = table(doc, { ...at, y }, columns, bill.lines, (line) => [
    line.phoneNumber,
    `${line.user} (${line.department})`,
    TMO_TYPES[line.lineType],
    usd(line.planCents),
    dash(line.device?.monthlyCents ?? 0),
    dash(line.internationalCents),
    usd(lineChargesCents(line)),
  ]);
  const total = (f: (l: BillLine) => number) => usd(bill.lines.reduce((s, l) => s + f(l), 0));
  row(
    doc,
    36,
    y + 3,
    columns,
    [
      "Totals",
      "",
      "",
      total((l) => l.planCents),
      total((l) => l.device?.monthlyCents ?? 0),
      total((l) => l.internationalCents),
      usd(t.lineChargesCents),
    ],
    7.5,
    true,
  );

  doc.addPage();
  text(doc, "T-Mobile for Business", 36, 30, { size: 16, bold: true });
  y = 64;
  text(doc, "LINE DETAILS", 36, y, { size: 11, bold: true });
  y += 18;
  const details: Column[] = [
    { label: "Line", width: 66 },
    { label: "Plan", width: 140 },
    { label: "Data used", width: 48, align: "right" },
    { label: "Countries", width: 120 },
    { label: "Add-ons", width: 100 },
  ];
  y = table(doc, { ...at, y }, details, bill.lines, (line) => [
    line.phoneNumber,
    line.plan,
    `${gb(line.dataGB)}GB`,
    line.countries.join(", ") || "-",
    line.features.join(", ") || "-",
  ]);
  y += 20;
  text(doc, "EQUIPMENT INSTALLMENT PLANS", 36, y, { size: 11, bold: true });
  y += 18;
  const equipment: Column[] = [
    { label: "Line", width: 66 },
    { label: "Device", width: 140 },
    { label: "Monthly", width: 48, align: "right" },
    { label: "Balance remaining", width: 80, align: "right" },
  ];
  table(
    doc,
    { ...at, y },
    equipment,
    bill.lines.flatMap((line) => (line.device ? [{ line, device: line.device }] : [])),
    ({ line, device }) => [
      line.phoneNumber,
      device.name,
      usd(device.monthlyCents),
      usd(device.remainingCents),
    ],
  );
  return [];
}

const GENERIC_COLUMNS: Column[] = [
  { label: "Phone Number", width: 72 },
  { label: "Employee", width: 70 },
  { label: "Department", width: 60 },
  { label: "Service", width: 44 },
  { label: "Plan", width: 80 },
  { label: "Monthly Fee", width: 50, align: "right" },
  { label: "Data (GB)", width: 42, align: "right" },
  { label: "Device", width: 86 },
  { label: "Device Pmt", width: 50, align: "right" },
  { label: "Device Balance", width: 66, align: "right" },
  { label: "Intl Charges", width: 56, align: "right" },
];

const genericCells = (line: BillLine) => [
  line.phoneNumber,
  line.user,
  line.department,
  GEN_TYPES[line.lineType],
  line.plan,
  plain(line.planCents),
  gb(line.dataGB),
  line.device?.name ?? "",
  line.device ? plain(line.device.monthlyCents) : "0.00",
  line.device ? plain(line.device.remainingCents) : "0.00",
  plain(line.internationalCents),
];

/**
 * How much of the generic bill is printed: the whole header or only the account number, and the
 * lines on one page or over two (`linesOnPageOne`, each page with its header row and subtotal).
 */
type GenericPrinted = { wholeHeader: boolean; linesOnPageOne?: number };

function generic(doc: Doc, bill: Bill, printed: GenericPrinted = { wholeHeader: true }): number[] {
  const t = bill.totals;
  text(doc, bill.carrierName, 36, 28, { size: 18, bold: true });
  text(doc, "Wireless Services Invoice", 36, 32, { size: 11, width: 720, align: "right" });
  let y = 62;
  text(doc, `Account: ${bill.accountNumber}`, 36, y, { size: 10 });
  if (!printed.wholeHeader) {
    table(
      doc,
      { x: 28, y: y + 22, size: 8, headerStep: 15, step: 14 },
      GENERIC_COLUMNS,
      bill.lines,
      genericCells,
    );
    return [];
  }
  text(doc, `Statement period: ${usDate(bill.period.start)} - ${usDate(bill.period.end)}`, 260, y, {
    size: 10,
  });
  text(doc, `Payment due date: ${usDate(bill.dueDate)}`, 36, y, {
    size: 10,
    width: 720,
    align: "right",
  });
  y += 22;
  const summary: [string, string][] = [
    ["Balance forward", plain(t.previousBalanceCents)],
    ["Payments received", `${plain(t.paymentsCents)} CR`],
    ["Service charges", plain(t.lineChargesCents)],
    ["Taxes and fees", plain(t.taxesAndFeesCents)],
    ["Current charges", plain(t.currentChargesCents)],
    ["Amount due", plain(t.totalDueCents)],
  ];
  y = summaryRows(
    doc,
    summary,
    { x: 36, right: 280, y, step: 14, size: 10 },
    (label) => label === "Amount due",
  );
  y += 12;
  const split = printed.linesOnPageOne;
  const pages =
    split === undefined ? [bill.lines] : [bill.lines.slice(0, split), bill.lines.slice(split)];
  pages.forEach((lines, index) => {
    if (index > 0) {
      doc.addPage();
      text(doc, "Lines (continued)", 36, 30, { size: 11, bold: true });
      y = 52;
    }
    y = table(
      doc,
      { x: 28, y, size: 8, headerStep: 15, step: 14 },
      GENERIC_COLUMNS,
      lines,
      genericCells,
    );
    y += 4;
    summaryRow(doc, "Line charges subtotal", plain(sum(lines)), 36, 756, y, 9, true);
    y += 24;
  });
  text(doc, "International usage", 36, y, { size: 10, bold: true });
  y += 15;
  const intl: Column[] = [
    { label: "Phone Number", width: 72 },
    { label: "Countries", width: 160 },
    { label: "Add-on", width: 120 },
  ];
  table(
    doc,
    { x: 36, y, size: 8, headerStep: 14, step: 13 },
    intl,
    bill.lines.filter((l) => l.countries.length > 0),
    (line) => [line.phoneNumber, line.countries.join(", "), line.features.join(", ") || "None"],
  );
  return pages.map(sum);
}

const LAYOUTS = { att, verizon, tmobile, generic } as const;
const LANDSCAPE = { att: true, verizon: false, tmobile: false, generic: true } as const;

/** Scanned pages: a page's number to the PNG that stands for it. */
export type ScannedPages = ReadonlyMap<number, Uint8Array>;

/**
 * The bill as `draw` lays it out, and its truth with the page subtotals it printed. A page in
 * `scans` carries its scan and no text, as in a PDF put together from the carrier's pages and an
 * office scanner's: the reader recognises it while it reads the others' text (a "mixed" read).
 * The layout still draws that page; its drawing is dropped, since pdfkit cannot take back what a
 * page holds, only not write it.
 */
async function render(
  bill: Bill,
  draw: (doc: Doc) => number[],
  scans: ScannedPages = new Map(),
): Promise<{ pdf: Uint8Array; truth: Bill }> {
  const { doc, done } = startDocument(LANDSCAPE[bill.carrier]);
  if (scans.size > 0) {
    const write = doc.addContent.bind(doc);
    let page = 1;
    let placing = false;
    doc.addContent = (data: unknown) => (scans.has(page) && !placing ? doc : write(data));
    const placeScan = () => {
      const scan = scans.get(page);
      if (!scan) return;
      placing = true;
      doc.image(Buffer.from(scan), 0, 0, { width: doc.page.width, height: doc.page.height });
      placing = false;
    };
    doc.on("pageAdded", () => {
      page += 1;
      placeScan();
    });
    placeScan();
  }
  const pageSubtotalsCents = draw(doc);
  doc.end();
  return { pdf: await done, truth: { ...bill, totals: { ...bill.totals, pageSubtotalsCents } } };
}

/** The bill printed in its carrier's layout, and its truth with the page subtotals it printed. */
export function renderSamplePdf(bill: Bill): Promise<{ pdf: Uint8Array; truth: Bill }> {
  return render(bill, (doc) => LAYOUTS[bill.carrier](doc, bill));
}

/**
 * A generic bill whose line table goes on over a second page after `linesOnPageOne` lines, each
 * page with its header row and subtotal; pages in `scans` are scanned (see `render`).
 */
export function renderTwoPageGenericPdf(
  bill: Bill,
  linesOnPageOne: number,
  scans?: ScannedPages,
): Promise<{ pdf: Uint8Array; truth: Bill }> {
  return render(bill, (doc) => generic(doc, bill, { wholeHeader: true, linesOnPageOne }), scans);
}

/**
 * A generic bill of which only the account number and the line table are left, as when the top
 * of a scanned page is lost: no period, due date, summary of charges or subtotal. Its analysis
 * must say what it could not read, and that its total is the lines added up.
 */
export async function renderPartialSamplePdf(bill: Bill): Promise<Uint8Array> {
  const { doc, done } = startDocument(true);
  generic(doc, bill, { wholeHeader: false });
  doc.end();
  return done;
}
