import { CARRIER_LABELS, LINE_KIND_LABELS, LINE_KINDS, type LineKind } from "#app/lib/domain.ts";
import type { OptionSelection, QuoteNeeds, QuoteOption } from "#app/lib/schemas/quote.ts";
import { type CatalogSnapshot, planKind } from "./catalog.ts";
import { assembleOption, type DeviceLine, type PlanPick, pricePlan } from "./price.ts";
import { plural } from "./read-needs.ts";

// An agent's edit of a saved option (issue 15): which plans for how many lines, which devices,
// how they are paid, which credits are left off. Re-pricing reads nothing else from the quote:
// prices, tiers, credits and fees all come from today's catalog, as for a generated quote.

/** An edit that does not fit the catalog (a plan of another carrier, a device no longer sold). */
export class SelectionError extends Error {
  override readonly name = "SelectionError";
}

/** The selection a priced option was built from: what the quote page's editor starts with. */
export function selectionOfOption(option: QuoteOption, needs: QuoteNeeds): OptionSelection {
  const plans: OptionSelection["plans"] = [];
  const devices: OptionSelection["devices"] = [];
  let outright = false;
  for (const item of option.items) {
    if (item.ref.table === "rate_plans" && item.lineKind) {
      plans.push({ lineKind: item.lineKind, ratePlanId: item.ref.id, quantity: item.quantity });
    } else if (item.ref.table === "device_offers") {
      devices.push({ deviceOfferId: item.ref.id, quantity: item.quantity });
      if (item.unitOneTimeCents > 0 && item.unitMonthlyCents === 0) outright = true;
    }
  }
  return {
    carrier: option.carrier,
    label: option.label,
    plans,
    devices,
    devicePayment:
      devices.length > 0 ? (outright ? "outright" : "installments") : needs.devicePayment,
    excludedPromotionIds: [],
  };
}

/**
 * Prices an edited selection from the catalog: the same items, tiers, credits, fees, totals and
 * unmet needs as the pricer gives its own picks. Tiers count every line of the plan's kind in
 * the option, as the pricer's do. Throws SelectionError for a plan or device the carrier does not
 * have (in the catalog of today).
 */
export function priceSelection(
  catalog: CatalogSnapshot,
  needs: QuoteNeeds,
  selection: OptionSelection,
  options: { today: string },
): QuoteOption {
  const { carrier } = selection;
  const carrierName = CARRIER_LABELS[carrier];
  const excluded = new Set(selection.excludedPromotionIds);
  const promotions = catalog.promotions.filter(
    (p) => p.endsOn >= options.today && !excluded.has(p.id),
  );

  const devices: DeviceLine[] = [];
  for (const { deviceOfferId, quantity } of merge(selection.devices, (d) => d.deviceOfferId)) {
    const offer = catalog.deviceOffers.find((o) => o.id === deviceOfferId);
    if (!offer || offer.carrier !== carrier) {
      throw new SelectionError(`${carrierName} no longer offers one of the devices`);
    }
    devices.push({ want: { kind: offer.kind, model: offer.model, quantity }, offer });
  }

  const planRows = merge(selection.plans, (p) => `${p.lineKind}:${p.ratePlanId}`);
  const lines: Record<LineKind, number> = {
    voice: 0,
    mobile_internet: 0,
    hotspot: 0,
    fixed_wireless: 0,
    wearable: 0,
  };
  for (const p of planRows) lines[p.lineKind] += p.quantity;
  refuseDevicesOverLines(devices, lines);
  // Credits that ask for another kind of line, and the fees, count the option's own lines.
  const edited: QuoteNeeds = { ...needs, lines, devicePayment: selection.devicePayment };

  const picks: PlanPick[] = planRows.map(({ lineKind, ratePlanId, quantity }) => {
    const plan = catalog.plans.find((p) => p.id === ratePlanId);
    if (!plan || plan.carrier !== carrier) {
      throw new SelectionError(`${carrierName} no longer has one of the plans`);
    }
    if (planKind(plan.planType) !== lineKind) {
      throw new SelectionError(`${plan.plan} is not a plan for this kind of line`);
    }
    return {
      kind: lineKind,
      quantity,
      choice: pricePlan(plan, lineKind, quantity, lines[lineKind], edited, devices, promotions),
    };
  });

  return assembleOption({
    carrier,
    label: selection.label,
    needs: edited,
    catalog,
    picks,
    devices,
    unmet: [],
  });
}

/**
 * A device is priced for a line of its kind, so an option has at most as many devices of a kind
 * as lines of that kind: 15 phones on 12 voice lines would bill 3 installments with no line.
 */
function refuseDevicesOverLines(devices: readonly DeviceLine[], lines: Record<LineKind, number>) {
  for (const kind of LINE_KINDS) {
    const count = devices
      .filter((d) => d.want.kind === kind)
      .reduce((sum, d) => sum + d.want.quantity, 0);
    if (count <= lines[kind]) continue;
    const name = LINE_KIND_LABELS[kind].toLowerCase();
    throw new SelectionError(
      `${plural(count, `${name} device`, `${name} devices`)} for ${plural(lines[kind], `${name} line`, `${name} lines`)}: each device needs a line. Add lines or take devices off.`,
    );
  }
}

/** Rows naming the same thing twice become one, quantities added, in first-seen order. */
function merge<T extends { quantity: number }>(rows: readonly T[], key: (row: T) => string): T[] {
  const out = new Map<string, T>();
  for (const row of rows) {
    const k = key(row);
    const seen = out.get(k);
    out.set(k, seen ? { ...seen, quantity: seen.quantity + row.quantity } : { ...row });
  }
  return [...out.values()];
}
