import { describe, expect, it } from "vitest";
import { appendPage, applyMove, type BoardColumn, type DealCard } from "./deal-board.ts";

const card = (id: string, status: DealCard["status"], valueCents: number): DealCard => ({
  id,
  title: `Deal ${id}`,
  status,
  customerCompany: "Acme",
  valueCents,
  probability: 20,
  closeDate: null,
  createdAt: `2026-01-0${id.length}T00:00:00.000Z`,
  assignee: null,
});

const board = (): BoardColumn[] => [
  {
    status: "lead",
    count: 2,
    valueCents: 300,
    monthlyRevenueCents: 30,
    cards: [card("a", "lead", 200), card("b", "lead", 100)],
    hasMore: false,
  },
  {
    status: "qualified",
    count: 2,
    valueCents: 800,
    monthlyRevenueCents: 80,
    cards: [card("c", "qualified", 500), card("d", "qualified", 50)],
    hasMore: true,
  },
];

describe("applyMove", () => {
  it("moves the card into its place in the sort and takes the server's totals", () => {
    const totals = [
      { status: "lead" as const, count: 1, valueCents: 100, monthlyRevenueCents: 10 },
      { status: "qualified" as const, count: 3, valueCents: 1_000, monthlyRevenueCents: 100 },
    ];
    const moved = applyMove(board(), { dealId: "a", to: "qualified" }, totals, "value");
    expect(moved[0]?.cards.map((c) => c.id)).toEqual(["b"]);
    expect(moved[1]?.cards.map((c) => c.id)).toEqual(["c", "a", "d"]);
    expect(moved[1]?.cards[1]?.status).toBe("qualified");
    expect(moved[0]).toMatchObject({ count: 1, valueCents: 100, monthlyRevenueCents: 10 });
    expect(moved[1]).toMatchObject({ count: 3, valueCents: 1_000, monthlyRevenueCents: 100 });
  });
});

describe("appendPage", () => {
  it("adds the next page without a card twice, and takes its hasMore", () => {
    const page = {
      status: "qualified" as const,
      cards: [card("a", "qualified", 40), card("e", "qualified", 10)],
      hasMore: false,
    };
    const next = appendPage(board(), page);
    expect(next[1]?.cards.map((c) => c.id)).toEqual(["c", "d", "e"]);
    expect(next[1]?.hasMore).toBe(false);
    expect(next[0]?.cards.map((c) => c.id)).toEqual(["a", "b"]);
  });
});
