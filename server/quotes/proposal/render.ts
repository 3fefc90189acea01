import { CARRIER_LABELS, type QuoteItemKind, type QuoteSource } from "#app/lib/domain.ts";
import { formatCents } from "#app/lib/format.ts";
import { PRODUCT_BRAND_COLOR } from "#app/lib/schemas/company-settings.ts";
import type { QuoteItem, QuoteOption, QuoteSaving } from "#app/lib/schemas/quote.ts";
import { INK, readableOnWhite } from "#server/platform/pdf/colors.ts";
import {
  artifact,
  CONTENT_WIDTH,
  type Doc,
  FONTS,
  figureBoxes,
  heading,
  list,
  note,
  openPdf,
  PAGE,
  paragraph,
  type Struct,
  type TableRow,
  table,
} from "#server/platform/pdf/document.ts";

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

/** The branded proposal of one quote option, as PDF bytes (tagged, US Letter, English). */
export async function renderProposalPdf(view: ProposalView): Promise<Uint8Array<ArrayBuffer>> {
  const title = `Proposal for ${view.customer.companyName} — ${view.reseller.name}`;
  const { doc, root, finish } = await openPdf({
    title,
    author: `${view.agent.name}, ${view.reseller.name}`,
    subject: `Quote ${view.quote.reference}, version ${view.quote.version}`,
  });
  const brand = view.reseller.brandColor ?? PRODUCT_BRAND_COLOR;
  drawHeader(doc, root, view, brand);
  drawSummary(doc, root, view, brand);
  drawItems(doc, root, view, brand);
  drawNotes(doc, root, view);
  // The reference stays whole; a long company name gives way.
  return finish(view.reseller.name, ` · Proposal ${view.quote.reference}`);
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
  figureBoxes(doc, section, boxes, brand);

  const { saving } = view;
  if (saving) {
    const current = formatCents(saving.currentMonthlyCents);
    const text =
      saving.monthlyCents >= 0
        ? `You save ${formatCents(saving.monthlyCents)} per month (${formatCents(saving.yearlyCents)} per year) against the plan charges on your current bill, ${current} per month, before taxes.`
        : `This costs ${formatCents(-saving.monthlyCents)} more per month (${formatCents(-saving.yearlyCents)} per year) than the plan charges on your current bill, ${current} per month, before taxes.`;
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

function rowsOf(view: ProposalView): TableRow[][] {
  const term = view.quote.termMonths;
  const groups = GROUPS.map(({ kind, label }) => ({
    label,
    items: view.option.items.filter((item) => item.kind === kind),
  })).filter((group) => group.items.length > 0);
  const itemRow = (item: ProposalItem): TableRow => ({
    kind: "item",
    cells: [
      clip(item.description, DESCRIPTION_MAX),
      String(item.quantity),
      money(item.quantity * item.unitMonthlyCents),
      money(item.quantity * item.unitOneTimeCents),
      // Months count a monthly charge; a one-time charge has none.
      item.unitMonthlyCents === 0 && item.unitOneTimeCents !== 0
        ? "—"
        : String(item.months ?? term),
    ],
  });
  // Each group's heading travels with its first item: never alone at the foot of a page.
  const blocks = groups.map((group) => [
    { kind: "group", cells: [group.label, "", "", "", ""] } satisfies TableRow,
    ...group.items.map(itemRow),
  ]);
  const total: TableRow = {
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

function drawItems(doc: Doc, root: Struct, view: ProposalView, brand: string) {
  const section = doc.struct("Sect");
  root.add(section);
  heading(doc, section, "What is included");
  note(doc, section, "Amounts are for the whole row: the quantity times the unit price.", 9);
  doc.moveDown(0.5);
  table(doc, section, { columns: COLUMNS, blocks: rowsOf(view), headerFill: brand });
  section.end();
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
