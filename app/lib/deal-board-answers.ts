import { z } from "zod";
import { BOARD_STATUSES } from "#app/lib/domain.ts";
import { text } from "#app/lib/schemas/text.ts";

// The board's JSON calls (server/http/deals-api.ts), read back in the browser. Apart from
// deal-board.ts so the board loads zod with the first answer, not with the page (decision 0036).

const boardStatus = z.enum(BOARD_STATUSES);
const cardSchema = z.object({
  id: text(),
  title: text(),
  status: boardStatus,
  customerCompany: text(),
  valueCents: z.number(),
  probability: z.number(),
  closeDate: text().nullable(),
  createdAt: text(),
  assignee: text().nullable(),
});
const totalsSchema = z.object({
  status: boardStatus,
  count: z.number(),
  valueCents: z.number(),
  monthlyRevenueCents: z.number(),
});

/** GET /api/deals/column: the next page of one column. */
export const columnPageAnswerSchema = z.object({
  status: boardStatus,
  cards: z.array(cardSchema),
  hasMore: z.boolean(),
});

/** POST /api/deals/{id}/move: the saved move and the new totals of the columns it touched. */
export const moveAnswerSchema = z.object({
  move: z.object({ dealId: text(), to: boardStatus }),
  totals: z.array(totalsSchema),
});

/** Any refusal of the API: `{ error }`. */
export const apiErrorSchema = z.object({ error: text() });
