import { describe, expect, it } from "vitest";
import {
  type AttentionReasonView,
  attentionDetail,
  dataOverageMessage,
  promotionEndingMessage,
  renewalDueMessage,
} from "./dashboard.ts";
import { formatDate } from "./format.ts";

describe("the dashboard's words", () => {
  it("word each AI alert", () => {
    expect(dataOverageMessage("Summit Dental Group", 20)).toBe(
      "Summit Dental Group is 20% over data usage. Upgrade recommended.",
    );
    expect(promotionEndingMessage("iPhone trade-in", "2026-12-01", 1)).toBe(
      "iPhone trade-in ends Dec 1, 2026; 1 open quote relies on it. Send or requote before then.",
    );
    expect(promotionEndingMessage("iPhone trade-in", "2026-12-01", 3)).toBe(
      "iPhone trade-in ends Dec 1, 2026; 3 open quotes rely on it. Send or requote before then.",
    );
    expect(renewalDueMessage("Harbor Logistics", new Date(2027, 0, 29))).toBe(
      "Harbor Logistics's contract ends Jan 29, 2027. Time to talk renewal.",
    );
  });

  it("say why a customer needs attention", () => {
    // As the page draws it: the date between the words, here in this process's time zone.
    const line = (reason: AttentionReasonView) => {
      const { lead, date, tail } = attentionDetail(reason);
      return `${lead}${date ? formatDate(date) : ""}${tail}`;
    };
    expect(line({ kind: "renewal_due", contractEnd: new Date(2027, 0, 29) })).toBe(
      "Contract ends Jan 29, 2027",
    );
    expect(line({ kind: "quote_unanswered", sentAt: new Date(2026, 10, 5) })).toBe(
      "Quote sent Nov 5, 2026, not answered",
    );
    expect(line({ kind: "savings_not_quoted", annualSavingsCents: 420_000 })).toBe(
      "Bill saves $4,200/yr, not quoted yet",
    );
  });
});
