import {
  CARRIER_LABELS,
  CARRIERS,
  type Carrier,
  LINE_KINDS,
  type LineKind,
} from "#app/lib/domain.ts";
import {
  type DeviceWant,
  type GeneratedQuote,
  type QuoteItem,
  type QuoteNeeds,
  type QuoteOption,
  type QuoteTotals,
  type UnmetNeed,
  VIDEO_QUALITY_LABELS,
  VIDEO_QUALITY_LINES,
} from "#app/lib/schemas/quote.ts";
import {
  type CatalogDeviceOffer,
  type CatalogPlan,
  type CatalogPromotion,
  type CatalogSnapshot,
  deviceName,
  hasText,
  PROMOTION_LINE_KIND,
  planKind,
  readAllowance,
  readVideoLines,
} from "./catalog.ts";

// The pricer (decision 0019): needs + a catalog snapshot + today's date → a quote. Pure and
// deterministic; money in integer cents; every item points at the catalog row it came from.

export type PriceOptions = {
  /** Today (YYYY-MM-DD): promotions that ended before it are not applied. */
  today: string;
  source?: GeneratedQuote["source"];
  /** The current bill's plan charges a month, for the saving (a quote from a bill analysis). */
  currentMonthlyCents?: number | null;
};

const KIND_LABELS: Record<LineKind, string> = {
  voice: "phone",
  mobile_internet: "tablet or mobile internet",
  hotspot: "hotspot",
  fixed_wireless: "fixed wireless",
  wearable: "wearable",
};

/** The kinds of line each feature is asked of; other kinds are priced without it. */
const FEATURE_KINDS = {
  hotspot: ["voice", "mobile_internet"],
  premiumData: ["voice", "mobile_internet", "hotspot"],
  video: ["voice", "mobile_internet"],
  international: ["voice"],
  fiveG: ["voice", "mobile_internet", "hotspot", "fixed_wireless"],
} as const satisfies Record<string, readonly LineKind[]>;

const applies = (feature: keyof typeof FEATURE_KINDS, kind: LineKind) =>
  (FEATURE_KINDS[feature] as readonly LineKind[]).includes(kind);

export function formatCents(cents: number): string {
  const sign = cents < 0 ? "-" : "";
  return `${sign}$${(Math.abs(cents) / 100).toLocaleString("en-US", {
    minimumFractionDigits: 2,
    maximumFractionDigits: 2,
  })}`;
}

const gbText = (gb: number | "unlimited") =>
  gb === "unlimited" ? "unlimited" : gb === 0 ? "any" : `${gb} GB`;

/** The needs a plan does not meet for lines of `kind`, each with why. */
export function planShortfalls(
  plan: CatalogPlan,
  kind: LineKind,
  features: QuoteNeeds["features"],
): UnmetNeed[] {
  const out: UnmetNeed[] = [];
  const name = `${CARRIER_LABELS[plan.carrier]} ${plan.plan}`;
  const wantGb = (need: number | "unlimited") => (need === "unlimited" ? Infinity : need);
  if (features.hotspotGb !== null && applies("hotspot", kind)) {
    const has = readAllowance(plan.hotspot);
    const want = wantGb(features.hotspotGb);
    if (!has.present || has.gb < want) {
      out.push({
        need: "feature.hotspot",
        reason: `${gbText(features.hotspotGb)} hotspot asked; ${name} has ${plan.hotspot ?? "none"}`,
      });
    }
  }
  if (features.premiumDataGb !== null && applies("premiumData", kind)) {
    const has = readAllowance(plan.premiumData);
    const want = wantGb(features.premiumDataGb);
    if (!has.present || has.gb < want || (want === 0 && has.gb === 0)) {
      out.push({
        need: "feature.premiumData",
        reason: `${gbText(features.premiumDataGb)} premium (priority) data asked; ${name} has ${plan.premiumData ?? "none"}`,
      });
    }
  }
  if (features.video !== null && applies("video", kind)) {
    if (readVideoLines(plan.videoStreaming) < VIDEO_QUALITY_LINES[features.video]) {
      out.push({
        need: "feature.video",
        reason: `${VIDEO_QUALITY_LABELS[features.video]} asked; ${name} streams ${plan.videoStreaming ?? "no stated quality"}`,
      });
    }
  }
  if (features.international && applies("international", kind) && !hasText(plan.international)) {
    out.push({ need: "feature.international", reason: `${name} includes nothing abroad` });
  }
  if (features.fiveG && applies("fiveG", kind) && !hasText(plan.fiveG)) {
    out.push({ need: "feature.5g", reason: `${name} does not include 5G` });
  }
  return out;
}

/** The price per line at `lines` lines: the tier with the most `minLines` not above it, else the list price. */
export function tierPrice(
  plan: CatalogPlan,
  lines: number,
): { cents: number; tierId: string | null } {
  let best: { cents: number; tierId: string | null; min: number } = {
    cents: plan.pricePerLineCents,
    tierId: null,
    min: 0,
  };
  for (const t of plan.tiers) {
    if (t.minLines <= lines && t.minLines > best.min) {
      best = { cents: t.pricePerLineCents, tierId: t.id, min: t.minLines };
    }
  }
  return { cents: best.cents, tierId: best.tierId };
}

const words = (s: string) =>
  s
    .toLowerCase()
    .replace(/[^a-z0-9+]+/g, " ")
    .trim()
    .split(" ")
    .filter((w) => w !== "");

/**
 * The carrier's offer for a wanted device: the model named exactly (as the offer spells its
 * model, or maker and model), else the lowest-priced offer whose name holds every word asked
 * ("iPhone" → the cheapest iPhone); with no model, the lowest-priced device of the kind.
 */
export function matchDevice(
  want: DeviceWant,
  offers: readonly CatalogDeviceOffer[],
): CatalogDeviceOffer | null {
  const cheapest = (list: readonly CatalogDeviceOffer[]) =>
    [...list].sort(
      (a, b) =>
        a.fullRetailCents - b.fullRetailCents ||
        a.model.localeCompare(b.model) ||
        a.id.localeCompare(b.id),
    )[0] ?? null;
  if (want.model === null) return cheapest(offers.filter((o) => o.kind === want.kind));
  const asked = words(want.model).map((w) =>
    w.replace(/^(iphone|ipad|pixel|galaxy|pro|max|watch)e?s$/, "$1"),
  );
  const key = asked.join(" ");
  const exact = offers.filter(
    (o) =>
      words(o.model).join(" ") === key || words(`${o.manufacturer} ${o.model}`).join(" ") === key,
  );
  if (exact.length > 0) return cheapest(exact);
  const holding = offers.filter((o) => {
    const have = new Set(words(`${o.manufacturer} ${o.model}`));
    return asked.every((w) => have.has(w));
  });
  const sameKind = holding.filter((o) => o.kind === want.kind);
  return cheapest(sameKind.length > 0 ? sameKind : holding);
}

export type DeviceLine = { want: DeviceWant; offer: CatalogDeviceOffer };

export type Choice = {
  plan: CatalogPlan;
  priceCents: number;
  tierId: string | null;
  shortfalls: UnmetNeed[];
  credits: { promo: CatalogPromotion; quantity: number; months: number; cents: number }[];
  termCents: number;
};

function creditsFor(
  plan: CatalogPlan,
  kind: LineKind,
  quantity: number,
  needs: QuoteNeeds,
  devices: readonly DeviceLine[],
  promotions: readonly CatalogPromotion[],
): Choice["credits"] {
  const out: Choice["credits"] = [];
  for (const promo of promotions) {
    if (promo.carrier !== plan.carrier || promo.creditCentsPerLine === null) continue;
    if (PROMOTION_LINE_KIND[promo.deviceType] !== kind) continue;
    if (promo.qualifyingPlans.length > 0 && !promo.qualifyingPlans.includes(plan.plan)) continue;
    if (promo.requiresTradeIn && !needs.tradeIn) continue;
    if (promo.requiresLineKind && needs.lines[promo.requiresLineKind] === 0) continue;
    let lines = quantity;
    if (promo.qualifyingDevices.length > 0) {
      const models = new Set(promo.qualifyingDevices.map((m) => m.toLowerCase()));
      const withDevice = devices
        .filter((d) => d.offer.kind === kind && models.has(d.offer.model.toLowerCase()))
        .reduce((n, d) => n + d.want.quantity, 0);
      lines = Math.min(lines, withDevice);
    }
    if (lines < promo.minLines || lines === 0) continue;
    out.push({
      promo,
      quantity: lines,
      months: promo.creditMonths ?? 1,
      cents: promo.creditCentsPerLine,
    });
  }
  return out;
}

function choose(
  carrier: Carrier,
  kind: LineKind,
  needs: QuoteNeeds,
  catalog: CatalogSnapshot,
  devices: readonly DeviceLine[],
  promotions: readonly CatalogPromotion[],
): Choice[] {
  const quantity = needs.lines[kind];
  const choices = catalog.plans
    .filter((p) => p.carrier === carrier && planKind(p.planType) === kind)
    // Tiers count the lines of the plan's own kind: tablets and watches do not lower a phone price.
    .map((plan) => pricePlan(plan, kind, quantity, quantity, needs, devices, promotions));
  // When no plan meets every need, the one that comes closest on what was asked, then the cheapest.
  const reach = (c: Choice) => {
    if (c.shortfalls.length === 0) return [0, 0, 0];
    const f = needs.features;
    return [
      f.hotspotGb !== null ? readAllowance(c.plan.hotspot).gb : 0,
      f.premiumDataGb !== null ? readAllowance(c.plan.premiumData).gb : 0,
      f.video !== null ? readVideoLines(c.plan.videoStreaming) : 0,
    ];
  };
  const closer = (a: Choice, b: Choice) => {
    const [ra, rb] = [reach(a), reach(b)];
    for (let i = 0; i < ra.length; i++) {
      const d = (rb[i] ?? 0) - (ra[i] ?? 0);
      if (d !== 0 && !Number.isNaN(d)) return d > 0 ? 1 : -1;
    }
    return 0;
  };
  return choices.sort(
    (a, b) =>
      a.shortfalls.length - b.shortfalls.length ||
      closer(a, b) ||
      a.termCents - b.termCents ||
      a.priceCents - b.priceCents ||
      a.plan.plan.localeCompare(b.plan.plan) ||
      a.plan.id.localeCompare(b.plan.id),
  );
}

type Variant = "cheapest" | "stepUp";

/** A plan chosen for lines of one kind, with its price and credits at that many lines. */
export type PlanPick = { kind: LineKind; quantity: number; choice: Choice };

/** A plan priced for `quantity` lines of `kind` (tiers by `tierLines`), with its credits. */
export function pricePlan(
  plan: CatalogPlan,
  kind: LineKind,
  quantity: number,
  tierLines: number,
  needs: QuoteNeeds,
  devices: readonly DeviceLine[],
  promotions: readonly CatalogPromotion[],
): Choice {
  const term = needs.termMonths;
  const { cents, tierId } = tierPrice(plan, tierLines);
  const credits = creditsFor(plan, kind, quantity, needs, devices, promotions);
  const creditCents = credits.reduce(
    (n, c) => n + c.cents * c.quantity * Math.min(c.months, term),
    0,
  );
  return {
    plan,
    priceCents: cents,
    tierId,
    shortfalls: planShortfalls(plan, kind, needs.features),
    credits,
    termCents: cents * quantity * term - creditCents,
  };
}

function buildOption(
  carrier: Carrier,
  variant: Variant,
  needs: QuoteNeeds,
  catalog: CatalogSnapshot,
  promotions: readonly CatalogPromotion[],
): QuoteOption | null {
  const unmet: UnmetNeed[] = [];
  const label = CARRIER_LABELS[carrier];

  // Devices first: a promotion may ask for one.
  const offers = catalog.deviceOffers.filter((o) => o.carrier === carrier);
  const devices: DeviceLine[] = [];
  for (const want of needs.devices) {
    const offer = matchDevice(want, offers);
    if (!offer) {
      const what = want.model ?? `${KIND_LABELS[want.kind]} device`;
      unmet.push({
        need: `device.${what}`,
        reason: `${label} offers no ${what} in the catalog`,
      });
      continue;
    }
    devices.push({ want, offer });
  }

  let steppedUp = false;
  const picks: PlanPick[] = [];
  for (const kind of LINE_KINDS) {
    const quantity = needs.lines[kind];
    if (quantity === 0) continue;
    const choices = choose(carrier, kind, needs, catalog, devices, promotions);
    const best = choices[0];
    if (!best) {
      unmet.push({
        need: `lines.${kind}`,
        reason: `${label} has no ${KIND_LABELS[kind]} plan in the catalog`,
      });
      continue;
    }
    let pick = best;
    if (variant === "stepUp" && best.shortfalls.length === 0) {
      const up = choices
        .filter((c) => c.shortfalls.length === 0 && c.priceCents > best.priceCents)
        .sort(
          (a, b) =>
            a.priceCents - b.priceCents ||
            a.plan.plan.localeCompare(b.plan.plan) ||
            a.plan.id.localeCompare(b.plan.id),
        )[0];
      if (up) {
        pick = up;
        steppedUp = true;
      }
    }
    picks.push({ kind, quantity, choice: pick });
  }
  if (variant === "stepUp" && !steppedUp) return null;
  return assembleOption({
    carrier,
    label: variant === "stepUp" ? `${label} (step up)` : label,
    needs,
    catalog,
    picks,
    devices,
    unmet,
  });
}

/**
 * An option from its chosen plans and devices: plan items, device items, the credits the picks
 * earned, the carrier's fees, totals, and the needs it leaves unmet (the plans' shortfalls and
 * the budgets). Shared by the pricer's own picks and an agent's edited selection.
 */
export function assembleOption(input: {
  carrier: Carrier;
  label: string;
  needs: QuoteNeeds;
  catalog: CatalogSnapshot;
  picks: readonly PlanPick[];
  devices: readonly DeviceLine[];
  /** Needs found unmet before the plans were priced (a device the carrier does not offer). */
  unmet: readonly UnmetNeed[];
}): QuoteOption {
  const { carrier, needs, catalog, picks, devices } = input;
  const unmet: UnmetNeed[] = [...input.unmet];
  const items: QuoteItem[] = [];
  const lines = LINE_KINDS.reduce<Record<LineKind, number>>(
    (acc, kind) => {
      acc[kind] = picks.filter((p) => p.kind === kind).reduce((n, p) => n + p.quantity, 0);
      return acc;
    },
    { voice: 0, mobile_internet: 0, hotspot: 0, fixed_wireless: 0, wearable: 0 },
  );
  const totalLines = LINE_KINDS.reduce((n, k) => n + lines[k], 0);
  const term = needs.termMonths;

  const creditItems: QuoteItem[] = [];
  for (const { kind, quantity, choice } of picks) {
    for (const shortfall of choice.shortfalls) {
      if (!unmet.some((u) => u.need === shortfall.need && u.reason === shortfall.reason)) {
        unmet.push(shortfall);
      }
    }
    items.push({
      kind: "plan",
      lineKind: kind,
      carrier,
      description: `${choice.plan.plan} (${choice.plan.planType})`,
      quantity,
      unitMonthlyCents: choice.priceCents,
      unitOneTimeCents: 0,
      months: null,
      ref: { table: "rate_plans", id: choice.plan.id, tierId: choice.tierId },
    });
    for (const c of choice.credits) {
      creditItems.push({
        kind: "discount",
        lineKind: kind,
        carrier,
        description: c.promo.title,
        quantity: c.quantity,
        unitMonthlyCents: -c.cents,
        unitOneTimeCents: 0,
        months: c.months,
        ref: { table: "promotions", id: c.promo.id },
      });
    }
  }

  for (const { want, offer } of devices) {
    const outright = needs.devicePayment === "outright";
    items.push({
      kind: "device",
      lineKind: offer.kind,
      carrier,
      description: outright
        ? deviceName(offer)
        : `${deviceName(offer)}, ${offer.installmentMonths} monthly installments`,
      quantity: want.quantity,
      unitMonthlyCents: outright ? 0 : offer.monthlyInstallmentCents,
      unitOneTimeCents: outright ? offer.fullRetailCents : 0,
      months: outright ? null : offer.installmentMonths,
      ref: { table: "device_offers", id: offer.id, certifiedDeviceId: offer.certifiedDeviceId },
    });
  }
  items.push(...creditItems);
  for (const fee of catalog.fees) {
    if (fee.carrier !== carrier) continue;
    const quantity = fee.basis === "account" ? 1 : fee.lineKind ? lines[fee.lineKind] : totalLines;
    if (quantity === 0) continue;
    items.push({
      kind: "fee",
      lineKind: fee.basis === "account" ? null : fee.lineKind,
      carrier,
      description: fee.basis === "account" ? fee.name : `${fee.name}, per line`,
      quantity,
      unitMonthlyCents: 0,
      unitOneTimeCents: fee.amountCents,
      months: null,
      ref: { table: "carrier_fees", id: fee.id },
    });
  }

  const totals = totalsOf(items, term, totalLines);
  const serviceCents = items
    .filter((i) => i.kind === "plan" || i.kind === "discount")
    .reduce((n, i) => n + i.unitMonthlyCents * i.quantity, 0);
  if (needs.budget.perLineCents !== null && totalLines > 0) {
    // Compared without rounding: service × 1 > budget × lines.
    if (serviceCents > needs.budget.perLineCents * totalLines) {
      unmet.push({
        need: "budget.perLine",
        reason: `${formatCents(Math.ceil(serviceCents / totalLines))} a line for service, over the ${formatCents(needs.budget.perLineCents)} budget`,
      });
    }
  }
  if (
    needs.budget.monthlyTotalCents !== null &&
    totals.monthlyCents > needs.budget.monthlyTotalCents
  ) {
    unmet.push({
      need: "budget.monthlyTotal",
      reason: `${formatCents(totals.monthlyCents)} a month, over the ${formatCents(needs.budget.monthlyTotalCents)} budget`,
    });
  }

  return {
    carrier,
    label: input.label,
    recommended: false,
    meetsAllNeeds: unmet.length === 0,
    items,
    totals,
    unmet,
  };
}

export function totalsOf(
  items: readonly QuoteItem[],
  termMonths: number,
  lines: number,
): QuoteTotals {
  let monthlyCents = 0;
  let oneTimeCents = 0;
  let termCents = 0;
  for (const i of items) {
    monthlyCents += i.unitMonthlyCents * i.quantity;
    oneTimeCents += i.unitOneTimeCents * i.quantity;
    termCents +=
      i.unitMonthlyCents * i.quantity * Math.min(i.months ?? termMonths, termMonths) +
      i.unitOneTimeCents * i.quantity;
  }
  return { monthlyCents, oneTimeCents, termCents, termMonths, lines };
}

const carrierOrder = (c: Carrier) => CARRIERS.indexOf(c);

function rank(a: QuoteOption, b: QuoteOption): number {
  return (
    Number(b.meetsAllNeeds) - Number(a.meetsAllNeeds) ||
    a.unmet.length - b.unmet.length ||
    a.totals.termCents - b.totals.termCents ||
    a.totals.monthlyCents - b.totals.monthlyCents ||
    carrierOrder(a.carrier) - carrierOrder(b.carrier)
  );
}

/** Prices needs against a catalog: a recommended option and up to two alternatives. */
export function priceQuote(
  catalog: CatalogSnapshot,
  needs: QuoteNeeds,
  options: PriceOptions,
): GeneratedQuote {
  const assumptions = [...needs.assumptions];
  const promotions = catalog.promotions.filter((p) => p.endsOn >= options.today);
  const allowed = (
    needs.carriers.preferred.length > 0 ? needs.carriers.preferred : CARRIERS
  ).filter((c) => !needs.carriers.excluded.includes(c));
  const ordered = [...new Set(allowed)].sort((a, b) => carrierOrder(a) - carrierOrder(b));

  const cheapest = ordered
    .map((c) => buildOption(c, "cheapest", needs, catalog, promotions))
    .filter((o): o is QuoteOption => o !== null)
    .sort(rank);
  const chosen = cheapest.slice(0, 3);
  if (chosen.length < 3) {
    // Fewer than three carriers to compare: the next plan up of each, best carrier first.
    for (const o of cheapest) {
      if (chosen.length >= 3) break;
      const up = buildOption(o.carrier, "stepUp", needs, catalog, promotions);
      if (up) chosen.push(up);
    }
  }
  const first = chosen[0];
  if (first) first.recommended = true;

  let unmet: UnmetNeed[] = [];
  if (ordered.length === 0) {
    unmet = [{ need: "carriers", reason: "every carrier was excluded: nothing to quote" }];
  } else if (first) {
    const keys = (o: QuoteOption) => new Set(o.unmet.map((u) => u.need));
    const everywhere = chosen.map(keys);
    unmet = first.unmet.filter(
      (u, i, all) =>
        everywhere.every((k) => k.has(u.need)) && all.findIndex((x) => x.need === u.need) === i,
    );
  }

  assumptions.push(
    "plan prices are the catalog's list prices with AutoPay, before taxes and surcharges",
  );
  if (needs.portInCount > 0) {
    assumptions.push(
      `${needs.portInCount} numbers ported in; the catalog lists no charge for porting`,
    );
  }
  const longest = Math.max(
    0,
    ...chosen.flatMap((o) => o.items.filter((i) => i.kind === "device").map((i) => i.months ?? 0)),
  );
  if (longest > needs.termMonths) {
    assumptions.push(
      `device installments run ${longest} months, past the ${needs.termMonths}-month term: the term total counts ${needs.termMonths} of them`,
    );
  }

  let saving: GeneratedQuote["saving"] = null;
  if (options.currentMonthlyCents != null && first) {
    const monthlyCents = options.currentMonthlyCents - first.totals.monthlyCents;
    saving = {
      currentMonthlyCents: options.currentMonthlyCents,
      monthlyCents,
      yearlyCents: monthlyCents * 12,
    };
    assumptions.push(
      "the saving compares the plan charges on the current bill with the recommended option's first month, both before taxes; the bill's device installments and roaming are left out",
    );
  }

  return {
    source: options.source ?? "description",
    pricedOn: options.today,
    needs,
    options: chosen,
    unmet,
    assumptions: [...new Set(assumptions)],
    saving,
  };
}
