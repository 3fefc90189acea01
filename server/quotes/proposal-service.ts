import { eq } from "drizzle-orm";
import { CARRIER_LABELS } from "#app/lib/domain.ts";
import { formatCents } from "#app/lib/format.ts";
import { proposalReseller } from "#server/accounts/index.ts";
import { recordActivity } from "#server/activity/index.ts";
import { quotes } from "#server/db/schema/index.ts";
import type { UserContext } from "#server/platform/context.ts";
import { conflict } from "#server/platform/errors.ts";
import { fileNameSlug } from "#server/platform/files.ts";
import { customerAssumption } from "./engine/read-needs.ts";
import { quoteDay } from "./generate.ts";
import { formatProposalDate, type ProposalView, renderProposalPdf } from "./proposal/render.ts";
import { getQuote, lockQuote, type SavedQuote, type SavedQuoteOption } from "./saved.ts";

// A saved quote as a branded PDF (issue 15): downloaded from the quote page, or mailed to the
// contact through the mail port, which keeps the PDF with the message in the outbox.

export const PROPOSAL_TEMPLATE = "quote-proposal";

/** The option a proposal shows: the one the customer took, else the recommended one. */
export function proposalOption(quote: SavedQuote): SavedQuoteOption {
  const option =
    quote.options.find((o) => o.chosen) ??
    quote.options.find((o) => o.recommended) ??
    quote.options[0];
  if (!option) {
    throw conflict("This quote has no priced options. Make a new version to price it first.");
  }
  return option;
}

function refuseUnsendable(quote: SavedQuote): void {
  if (quote.status === "expired") {
    throw conflict("This quote has expired. Make a new version to send current prices.");
  }
  if (quote.status === "declined") throw conflict("This quote was marked lost.");
}

/** "Q-1A2B3C4D": the short reference the agent and the customer use. */
export function quoteReference(quote: Pick<SavedQuote, "id" | "rootQuoteId">): string {
  return `Q-${(quote.rootQuoteId ?? quote.id).slice(0, 8).toUpperCase()}`;
}

/** `proposal-acme-dental-q-1a2b3c4d-v2.pdf`: ASCII, so every mail client and browser keeps it. */
export function proposalFileName(quote: SavedQuote): string {
  const company = fileNameSlug(quote.companyName);
  return `proposal-${company || "customer"}-${quoteReference(quote).toLowerCase()}-v${quote.version}.pdf`;
}

async function viewOf(ctx: UserContext, quote: SavedQuote): Promise<ProposalView> {
  const option = proposalOption(quote);
  const today = quoteDay(ctx);
  const { id: _id, chosen: _chosen, items, ...rest } = option;
  return {
    reseller: await proposalReseller(ctx),
    customer: {
      companyName: quote.companyName,
      contactName: quote.contactName,
      contactEmail: quote.contactEmail,
      companyWebsite: quote.companyWebsite,
    },
    quote: {
      reference: quoteReference(quote),
      version: quote.version,
      createdOn: quote.createdAt.toISOString().slice(0, 10),
      validUntil: quote.validUntil ?? today,
      pricedOn: quote.pricedOn ?? today,
      termMonths: quote.termMonths,
      source: quote.source,
    },
    option: {
      ...rest,
      items: items.map(({ id: _item, ratePlanId: _plan, ref: _ref, ...item }) => item),
    },
    saving: quote.saving,
    assumptions: quote.assumptions.map(customerAssumption),
    agent: { name: ctx.user.name || ctx.user.username, email: ctx.user.email },
  };
}

/** The proposal PDF of a quote the acting user may see. */
export async function proposalPdf(
  ctx: UserContext,
  input: { id: string },
): Promise<{ fileName: string; bytes: Uint8Array<ArrayBuffer> }> {
  const quote = await getQuote(ctx, input);
  const bytes = await renderProposalPdf(await viewOf(ctx, quote));
  return { fileName: proposalFileName(quote), bytes };
}

/**
 * Mails the proposal to the quote's contact with the PDF attached, marks the quote sent and logs
 * it on the timeline, all in one transaction; the message leaves the outbox after it commits.
 */
export const QUOTE_CHANGED_WHILE_SENDING =
  "The quote changed while its proposal was being made, so nothing was sent. Check it and send it again.";

export async function sendProposal(
  ctx: UserContext,
  input: { id: string },
): Promise<{ to: string }> {
  const quote = await getQuote(ctx, input);
  refuseUnsendable(quote);
  const view = await viewOf(ctx, quote);
  const bytes = await renderProposalPdf(view);
  const option = proposalOption(quote);
  const reseller = view.reseller.name;
  const text = [
    `Hello ${quote.contactName},`,
    "",
    `Attached is ${reseller}'s proposal for ${quote.companyName}: ${CARRIER_LABELS[option.carrier]}, ${option.totals.lines} ${option.totals.lines === 1 ? "line" : "lines"}.`,
    "",
    `Monthly: ${formatCents(option.totals.monthlyCents)}`,
    `One-time: ${formatCents(option.totals.oneTimeCents)}`,
    `Over ${option.totals.termMonths} months: ${formatCents(option.totals.termCents)}`,
    "",
    `Prices are valid until ${formatProposalDate(view.quote.validUntil)}. Reply to this email with any questions.`,
    "",
    view.agent.name,
    reseller,
  ].join("\n");
  const outboxId = await ctx.db.transaction(async (tx) => {
    const txCtx = { ...ctx, db: tx };
    // The PDF was drawn outside this transaction; the quote it was drawn from must still be the
    // quote being marked sent (a re-price or another option chosen meanwhile would not be).
    await lockQuote(txCtx, quote.id);
    const current = await getQuote(txCtx, input);
    if (
      current.storedStatus !== quote.storedStatus ||
      JSON.stringify(proposalOption(current)) !== JSON.stringify(option)
    ) {
      throw conflict(QUOTE_CHANGED_WHILE_SENDING);
    }
    const id = await ctx.ports.mail.record(tx, {
      to: quote.contactEmail,
      subject: `Your wireless proposal from ${reseller} (${view.quote.reference})`,
      text,
      template: PROPOSAL_TEMPLATE,
      companyId: ctx.user.companyId,
      attachments: [
        { filename: proposalFileName(quote), contentType: "application/pdf", content: bytes },
      ],
    });
    const now = ctx.ports.clock.now();
    await tx
      .update(quotes)
      .set({
        // An accepted quote stays accepted when it is sent again; a draft becomes sent.
        ...(quote.storedStatus === "draft" ? { status: "sent" as const } : {}),
        sentAt: now,
        updatedAt: now,
      })
      .where(eq(quotes.id, quote.id));
    await recordActivity(txCtx, {
      quoteId: quote.id,
      ...(quote.customerId ? { customerId: quote.customerId } : {}),
      details: { kind: "quote_sent", company: quote.companyName, to: quote.contactEmail },
    });
    return id;
  });
  await ctx.ports.mail.deliver(outboxId);
  return { to: quote.contactEmail };
}
