import { DEAL_STATUS_LABELS, type DealStatus } from "#app/lib/domain.ts";
import { notifyAgent } from "#server/notifications/index.ts";
import type { UserContext } from "#server/platform/context.ts";

/**
 * A deal's status changed: its assignee is told in their notifications, unless they made the
 * change themselves (decision 0016): a bell for what one just did is noise.
 */
export async function tellAssignee(
  ctx: UserContext,
  deal: { assignedTo: string | null; title: string; status: DealStatus },
  to: DealStatus,
): Promise<void> {
  if (!deal.assignedTo || deal.assignedTo === ctx.user.id) return;
  await notifyAgent(ctx, deal.assignedTo, {
    type: to === "closed_won" ? "success" : to === "closed_lost" ? "warning" : "info",
    title: to === "closed_won" ? "Deal won" : to === "closed_lost" ? "Deal lost" : "Deal moved",
    message: `${ctx.user.name} moved "${deal.title}" from ${DEAL_STATUS_LABELS[deal.status]} to ${DEAL_STATUS_LABELS[to]}.`,
  });
}
