import { z } from "zod";
import { hasControlCharacters } from "#app/lib/control-characters.ts";
import type { RatePlanView } from "#app/lib/schemas/rate-plan.ts";
import { text } from "#app/lib/schemas/text.ts";
import { CARRIERS } from "./domain.ts";
import { filterChoice, searchText } from "./schemas/fields.ts";
import { searchedText } from "./search-text.ts";

export const MAX_COMPARED_PLANS = 3;

/** The plan screen's view, read from the URL so a view can be shared; bad values fall back. */
export const planViewSchema = z.object({
  q: searchText(),
  carrier: filterChoice(CARRIERS),
  type: text().max(100).catch("all"),
  sort: z.enum(["price", "type"]).catch("price"),
  dir: z.enum(["asc", "desc"]).catch("asc"),
  // Every id as asked: which are plans is known only beside the list (`comparedPlans`), and
  // cutting to three here first let an unknown id take the place of a real plan.
  compare: z
    .string()
    .transform((v) => v.split(",").filter(Boolean))
    .catch([]),
});

export type PlanView = z.output<typeof planViewSchema>;

/** A text filter as `text().max(max).catch(fallback)` reads it. */
function textOr(value: string | null, max: number, fallback: string): string {
  return value !== null && value.length <= max && !hasControlCharacters(value) ? value : fallback;
}

function oneOf<const T extends string>(values: readonly T[], value: string | null, fallback: T): T {
  return values.find((one) => one === value) ?? fallback;
}

/**
 * The view as `planViewSchema` reads it, written out: the plan screen filters in the browser,
 * and zod cost it 25 KB of script (decision 0036). The unit test holds the two to the same
 * answers; a change to the schema belongs here too.
 */
export function readPlanView(params: URLSearchParams): PlanView {
  const compare = params.get("compare");
  return {
    q: searchedText(params.get("q")),
    carrier: oneOf(["all", ...CARRIERS], params.get("carrier"), "all"),
    type: textOr(params.get("type"), 100, "all"),
    sort: oneOf(["price", "type"], params.get("sort"), "price"),
    dir: oneOf(["asc", "desc"], params.get("dir"), "asc"),
    compare: compare === null ? [] : compare.split(",").filter(Boolean),
  };
}

/**
 * The plans compared, in the order the ids name them: ids of no plan (a shared link naming a plan
 * since removed, a typo) and repeats are dropped first, then at most MAX_COMPARED_PLANS taken.
 */
export function comparedPlans(
  plans: readonly RatePlanView[],
  ids: readonly string[],
): RatePlanView[] {
  const byId = new Map(plans.map((p) => [p.id, p]));
  const chosen: RatePlanView[] = [];
  for (const id of new Set(ids)) {
    const plan = byId.get(id);
    if (plan) chosen.push(plan);
    if (chosen.length === MAX_COMPARED_PLANS) break;
  }
  return chosen;
}

/** The plan types present in the data, for the filter (portal spec: built from loaded data). */
export function planTypes(plans: readonly RatePlanView[]): string[] {
  return [...new Set(plans.map((p) => p.planType))].sort((a, b) => a.localeCompare(b));
}

export function filterPlans(plans: readonly RatePlanView[], view: PlanView): RatePlanView[] {
  const needle = view.q.trim().toLowerCase();
  const matches = plans.filter(
    (p) =>
      (view.carrier === "all" || p.carrier === view.carrier) &&
      (view.type === "all" || p.planType === view.type) &&
      (needle === "" ||
        [p.plan, p.planType, p.premiumData, p.hotspot, p.videoStreaming].some((f) =>
          f?.toLowerCase().includes(needle),
        )),
  );
  const sign = view.dir === "asc" ? 1 : -1;
  return matches.sort((a, b) => {
    const primary =
      view.sort === "price"
        ? a.pricePerLineCents - b.pricePerLineCents
        : a.planType.localeCompare(b.planType);
    return sign * primary || a.plan.localeCompare(b.plan);
  });
}
