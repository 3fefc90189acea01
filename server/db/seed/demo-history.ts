import type { ActivityDetails } from "#app/lib/activity.ts";
import type { DealStatus } from "#app/lib/domain.ts";

// The demo deals' timelines, so that a deal's page and the Activity Report show a history like a
// real one: each deal created, moved up the board one column at a time, and (for a few) noted.

const DAY_MS = 24 * 60 * 60 * 1000;
/** An open deal moved up a column every few days after it was opened. */
const OPEN_DEAL_STEP_DAYS = 3;
const BOARD: readonly DealStatus[] = ["lead", "qualified", "proposal", "negotiation"];

export type DemoHistoryEntry = { at: Date; details: ActivityDetails };

/**
 * The board columns a deal passed through to reach its status: lead up to the column it is in,
 * then Won; a lost deal was lost from Proposal.
 */
function pathTo(status: DealStatus): DealStatus[] {
  if (status === "closed_won") return [...BOARD, "closed_won"];
  if (status === "closed_lost") return ["lead", "qualified", "proposal", "closed_lost"];
  return BOARD.slice(0, BOARD.indexOf(status) + 1);
}

/**
 * A deal's entries, oldest first, and when it last changed (its `updated_at`). A closed deal's
 * moves are spread evenly from its creation to its close, the last one on the day it closed; an
 * open deal's come OPEN_DEAL_STEP_DAYS apart after its creation. Notes are dated days ago, and
 * do not change the deal (as adding one in the app does not).
 */
export function demoDealHistory(deal: {
  status: DealStatus;
  createdAt: Date;
  closedAt: Date;
  lostReason?: string | undefined;
  notes?: readonly { daysAgo: number; body: string }[] | undefined;
  now: Date;
}): { entries: DemoHistoryEntry[]; lastMoveAt: Date } {
  const path = pathTo(deal.status);
  const moves = path.length - 1;
  const closed = deal.status === "closed_won" || deal.status === "closed_lost";
  const step = closed
    ? (deal.closedAt.getTime() - deal.createdAt.getTime()) / moves
    : OPEN_DEAL_STEP_DAYS * DAY_MS;
  const entries: DemoHistoryEntry[] = [{ at: deal.createdAt, details: { kind: "deal_created" } }];
  let lastMoveAt = deal.createdAt;
  for (let i = 1; i <= moves; i++) {
    const from = path[i - 1];
    const to = path[i];
    if (!from || !to) continue;
    lastMoveAt = new Date(deal.createdAt.getTime() + Math.round(step * i));
    entries.push({
      at: lastMoveAt,
      details: {
        kind: "deal_status_changed",
        from,
        to,
        ...(to === "closed_lost" ? { reason: deal.lostReason ?? null } : {}),
      },
    });
  }
  for (const note of deal.notes ?? []) {
    entries.push({
      at: new Date(deal.now.getTime() - note.daysAgo * DAY_MS),
      details: { kind: "deal_note", body: note.body },
    });
  }
  entries.sort((a, b) => a.at.getTime() - b.at.getTime());
  return { entries, lastMoveAt };
}
