import { describe, expect, it } from "vitest";
import { demoDealHistory } from "./demo-history.ts";

const NOW = new Date("2026-11-27T15:00:00Z");
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 24 * 60 * 60 * 1000);
const moves = (entries: ReturnType<typeof demoDealHistory>["entries"]) =>
  entries.flatMap((e) =>
    e.details.kind === "deal_status_changed" ? [`${e.details.from}>${e.details.to}`] : [],
  );

describe("a demo deal's history", () => {
  it("walks a won deal up the board, the last move on the day it closed", () => {
    const { entries, lastMoveAt } = demoDealHistory({
      status: "closed_won",
      createdAt: daysAgo(55),
      closedAt: daysAgo(12),
      now: NOW,
    });
    expect(entries[0]).toEqual({ at: daysAgo(55), details: { kind: "deal_created" } });
    expect(moves(entries)).toEqual([
      "lead>qualified",
      "qualified>proposal",
      "proposal>negotiation",
      "negotiation>closed_won",
    ]);
    expect(lastMoveAt).toEqual(daysAgo(12));
    expect(entries.at(-1)?.at).toEqual(daysAgo(12));
    const times = entries.map((e) => e.at.getTime());
    expect(times).toEqual([...times].sort((a, b) => a - b));
  });

  it("gives a lost deal's last move its reason", () => {
    const { entries } = demoDealHistory({
      status: "closed_lost",
      createdAt: daysAgo(80),
      closedAt: daysAgo(50),
      lostReason: "Chose the incumbent",
      now: NOW,
    });
    expect(entries.at(-1)?.details).toEqual({
      kind: "deal_status_changed",
      from: "proposal",
      to: "closed_lost",
      reason: "Chose the incumbent",
    });
  });

  it("moves an open deal a column every three days after it opened, and dates its notes", () => {
    const { entries, lastMoveAt } = demoDealHistory({
      status: "negotiation",
      createdAt: daysAgo(40),
      closedAt: NOW,
      notes: [{ daysAgo: 33, body: "Site survey done." }],
      now: NOW,
    });
    expect(moves(entries)).toEqual([
      "lead>qualified",
      "qualified>proposal",
      "proposal>negotiation",
    ]);
    // Still older than 30 days: the deal stays out of the Last 30 Days reports.
    expect(lastMoveAt).toEqual(daysAgo(31));
    expect(entries).toContainEqual({
      at: daysAgo(33),
      details: { kind: "deal_note", body: "Site survey done." },
    });
  });

  it("leaves a new lead as it was created", () => {
    const { entries, lastMoveAt } = demoDealHistory({
      status: "lead",
      createdAt: daysAgo(4),
      closedAt: NOW,
      now: NOW,
    });
    expect(entries).toEqual([{ at: daysAgo(4), details: { kind: "deal_created" } }]);
    expect(lastMoveAt).toEqual(daysAgo(4));
  });
});
