import type { GeneratedQuote, QuoteCustomerInfo } from "#app/lib/schemas/quote.ts";

// The Quote Generator's draft (agent-portal spec: "a generated quote is given status draft
// locally and is stored only when Save Quote is pressed"): kept in this tab's sessionStorage, so
// a reload shows it again, and dropped by Start Over.

/** A generated quote as the generator answers it, with the customer it was asked for. */
export type QuoteDraft = GeneratedQuote & { customerInfo: QuoteCustomerInfo | null };

/** The form as typed, every field text. */
export type QuoteFormValues = {
  companyName: string;
  companyWebsite: string;
  contactName: string;
  contactEmail: string;
  description: string;
};

export const EMPTY_QUOTE_FORM: QuoteFormValues = {
  companyName: "",
  companyWebsite: "",
  contactName: "",
  contactEmail: "",
  description: "",
};

export const QUOTE_DRAFT_KEY = "carrierline:quote-draft";

type StoredDraft = { values: QuoteFormValues; quote: QuoteDraft | null };

function storage(): Storage | null {
  try {
    return typeof window === "undefined" ? null : window.sessionStorage;
  } catch {
    // Storage blocked (a privacy setting): the draft lives only on the screen.
    return null;
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}

/** Reads the stored draft; anything that is not one (edited by hand, an older shape) is none. */
export function readQuoteDraft(): StoredDraft | null {
  const raw = storage()?.getItem(QUOTE_DRAFT_KEY);
  if (!raw) return null;
  try {
    const stored: unknown = JSON.parse(raw);
    if (!isRecord(stored) || !isRecord(stored.values)) return null;
    const values = { ...EMPTY_QUOTE_FORM };
    for (const name of Object.keys(EMPTY_QUOTE_FORM) as (keyof QuoteFormValues)[]) {
      const value = stored.values[name];
      if (typeof value === "string") values[name] = value;
    }
    const quote = stored.quote;
    const looksLikeQuote =
      isRecord(quote) &&
      Array.isArray(quote.options) &&
      Array.isArray(quote.unmet) &&
      Array.isArray(quote.assumptions);
    return { values, quote: looksLikeQuote ? (quote as QuoteDraft) : null };
  } catch {
    return null;
  }
}

export function writeQuoteDraft(draft: StoredDraft): void {
  try {
    storage()?.setItem(QUOTE_DRAFT_KEY, JSON.stringify(draft));
  } catch {
    // Full or blocked: the quote stays on the screen, only a reload loses it.
  }
}

export function clearQuoteDraft(): void {
  storage()?.removeItem(QUOTE_DRAFT_KEY);
}
