import { formatCents, formatDate, formatIsoDate } from "./format.ts";

// The dashboard's words for its signals; the server sends data only (server/dashboard).

/** Won contracts ending within this many days are renewals due (issue 18). */
export const RENEWAL_WINDOW_DAYS = 120;

/** The AI alert for a customer whose analysed bill uses more data than its plan. */
export function dataOverageMessage(customerName: string, percentOver: number): string {
  return `${customerName} is ${percentOver}% over data usage. Upgrade recommended.`;
}

/** The AI alert for a promotion, ending soon, that open quotes price in. */
export function promotionEndingMessage(title: string, endsOn: string, openQuotes: number): string {
  const quotes = openQuotes === 1 ? "1 open quote relies" : `${openQuotes} open quotes rely`;
  return `${title} ends ${formatIsoDate(endsOn)}; ${quotes} on it. Send or requote before then.`;
}

/** The AI alert for a won contract coming up for renewal. */
export function renewalDueMessage(customerName: string, contractEnd: Date | number): string {
  return `${customerName}'s contract ends ${formatDate(contractEnd)}. Time to talk renewal.`;
}

/** Why a customer is in the Quick Actions, as its row says it. */
export type AttentionReasonView =
  | { kind: "renewal_due"; contractEnd: Date }
  | { kind: "quote_unanswered"; sentAt: Date }
  | { kind: "savings_not_quoted"; annualSavingsCents: number };

export const ATTENTION_LABELS: Record<AttentionReasonView["kind"], string> = {
  renewal_due: "Renewal due",
  quote_unanswered: "No answer",
  savings_not_quoted: "Savings to quote",
};

/**
 * Why a customer is in the Quick Actions, as its row says it. The date, where there is one, comes
 * apart from the words around it, so that the page writes it in the agent's own time zone.
 */
export function attentionDetail(reason: AttentionReasonView): {
  lead: string;
  date: Date | null;
  tail: string;
} {
  switch (reason.kind) {
    case "renewal_due":
      return { lead: "Contract ends ", date: reason.contractEnd, tail: "" };
    case "quote_unanswered":
      return { lead: "Quote sent ", date: reason.sentAt, tail: ", not answered" };
    case "savings_not_quoted":
      return {
        lead: `Bill saves ${formatCents(reason.annualSavingsCents, { whole: true })}/yr, not quoted yet`,
        date: null,
        tail: "",
      };
  }
}
