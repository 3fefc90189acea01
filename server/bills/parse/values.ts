// The bill's printed values read back strictly: a cell that does not have the shape of an amount,
// a phone number or a date is not guessed at (OCR swaps digits and drops decimals; a wrong value
// read as right is worse than one reported missing).

const MONTHS = ["jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec"];

/** "(212) 555-0123" from any of the carriers' formats, or null when it is not ten digits. */
export function phoneNumber(text: string): string | null {
  if (!/^[\s()+.\-\d]+$/.test(text)) return null;
  let digits = text.replace(/\D/g, "");
  if (digits.length === 11 && digits.startsWith("1")) digits = digits.slice(1);
  if (digits.length !== 10) return null;
  return `(${digits.slice(0, 3)}) ${digits.slice(3, 6)}-${digits.slice(6)}`;
}

/**
 * An amount cell without what a scan adds around it: stray quotes and dots at its ends, a colon
 * read for the decimal point. What is left must still have an amount's exact shape.
 */
export function cleanAmount(text: string): string {
  return text
    .trim()
    .replace(/^["'‘’“”`.,:;]+|["'‘’“”`.,:;]+$/g, "")
    .replace(/(\d):(\d{2})$/, "$1.$2");
}

/** A name or label without the quotes and dots a scan adds at its ends ("\"iPhone 15", "Pro."). */
export function cleanText(text: string): string {
  return text
    .trim()
    .replace(/^["'‘’“”`.,:;]+|["'‘’“”`,:;.]+$/g, "")
    .trim();
}

const AMOUNT = /\(?-?\$?\d{1,3}(?:,\d{3})*\.\d{2}\)?(?:\s*CR\b)?/i;

/** The first amount in a summary row's text ("674.78 i cel" → 67478), or null. */
export function firstAmount(text: string): number | null {
  const whole = money(cleanAmount(text));
  if (whole !== null) return whole;
  const found = AMOUNT.exec(text);
  return found ? money(found[0]) : null;
}

/** Blank, "-" and "--" mean nothing charged. */
const isNil = (text: string) => /^(|-|--|—|none|n\/a)$/i.test(text.trim());

/**
 * Cents from "$1,234.56", "1,234.56", "-$1.00", "($1.00)" or "1.00 CR" (credits negative); 0 for
 * "-", "--" or blank; null for anything else.
 */
export function money(text: string): number | null {
  const t = text.trim();
  if (isNil(t)) return 0;
  const match = /^(\()?(-)?\$?(\d{1,3}(?:,\d{3})*|\d+)\.(\d{2})(\))?(\s*CR)?$/i.exec(t);
  if (!match) return null;
  const [, open, minus, whole = "", fraction = "", close, credit] = match;
  if (Boolean(open) !== Boolean(close)) return null;
  const cents = Number(whole.replace(/,/g, "")) * 100 + Number(fraction);
  return open || minus || credit ? -cents : cents;
}

/** GB from "3.42 GB", "3.42GB" or "3.42"; null for anything else. */
export function gigabytes(text: string): number | null {
  const match = /^(\d{1,4}(?:\.\d{1,3})?)\s*(GB)?$/i.exec(text.trim());
  return match ? Number(match[1]) : null;
}

const pad = (n: number) => String(n).padStart(2, "0");
const iso = (y: number, m: number, d: number) =>
  m >= 1 && m <= 12 && d >= 1 && d <= 31 ? `${y}-${pad(m)}-${pad(d)}` : null;

/** ISO date from "Oct 27, 2026", "10/27/26" or "10/27/2026"; null otherwise. */
export function date(text: string): string | null {
  const t = text.trim();
  const named = /^([A-Za-z]{3})[a-z]*\.? (\d{1,2}),? (\d{4})$/.exec(t);
  if (named) {
    const month = MONTHS.indexOf((named[1] ?? "").toLowerCase()) + 1;
    return month ? iso(Number(named[3]), month, Number(named[2])) : null;
  }
  const numeric = /^(\d{1,2})\/(\d{1,2})\/(\d{2}|\d{4})$/.exec(t);
  if (numeric) {
    const year = Number(numeric[3]);
    return iso(year < 100 ? 2000 + year : year, Number(numeric[1]), Number(numeric[2]));
  }
  return null;
}

/**
 * A bill period: "10/15/26 - 11/14/26", "Oct 15, 2026 to Nov 14, 2026", or AT&T's "Oct 15 -
 * Nov 14, 2026", whose start takes the end's year (the year before when it runs over New Year).
 */
export function period(text: string): { start: string; end: string } | null {
  let [first = "", second = "", ...rest] = text.trim().split(/\s+(?:-|–|to)\s+/);
  if (rest.length > 0) return null;
  // A scan may lose the dash between two whole dates: "02/15/2026 03/14/2026".
  const bare = /^(\d{1,2}\/\d{1,2}\/\d{2,4})\s+(\d{1,2}\/\d{1,2}\/\d{2,4})$/.exec(first);
  if (!second && bare) [, first = "", second = ""] = bare;
  const end = date(second);
  if (!end) return null;
  const start = date(first);
  if (start) return { start, end };
  const partial = /^([A-Za-z]{3})[a-z]*\.? (\d{1,2})$/.exec(first.trim());
  if (!partial) return null;
  const month = MONTHS.indexOf((partial[1] ?? "").toLowerCase()) + 1;
  const endYear = Number(end.slice(0, 4));
  const endMonth = Number(end.slice(5, 7));
  const guess = iso(month > endMonth ? endYear - 1 : endYear, month, Number(partial[2]));
  return guess ? { start: guess, end } : null;
}
