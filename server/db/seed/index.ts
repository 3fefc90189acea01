import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { and, eq, inArray, isNull, sql } from "drizzle-orm";
import type { BillAnalysisResult } from "#app/lib/bill-analysis.ts";
import { dealFigures } from "#app/lib/deal-figures.ts";
import type { Auth } from "#server/auth/index.ts";
import type { Database } from "#server/db/client.ts";
import {
  activities,
  agent_users,
  billAnalyses,
  blogPosts as blogPostsTable,
  carrierFees as carrierFeesTable,
  certifiedDevices as certifiedDevicesTable,
  companies,
  customers,
  deals,
  deviceOffers as deviceOffersTable,
  notifications,
  promotions as promotionsTable,
  ratePlans as ratePlansTable,
  ratePlanTiers as ratePlanTiersTable,
  salesResources as salesResourcesTable,
} from "#server/db/schema/index.ts";
import type { AppConfig } from "#server/platform/config.ts";
import type { FileStorage } from "#server/platform/files.ts";
import type { Logger } from "#server/platform/logger.ts";
import { SEED_FILES_DIR } from "#server/platform/paths.ts";
import {
  addDays,
  insertPricedQuote,
  loadCatalogSnapshot,
  priceQuote,
  readNeeds,
} from "#server/quotes/index.ts";
import { blogPosts } from "./data/blog-posts.ts";
import { carrierFees } from "./data/carrier-fees.ts";
import { deviceOffers } from "./data/device-offers.ts";
import { certifiedDevices } from "./data/devices.ts";
import { promotions } from "./data/promotions.ts";
import { ratePlans } from "./data/rate-plans.ts";
import { salesResources } from "./data/resources.ts";
import { ensureAccount } from "./demo-accounts.ts";
import { demoDealHistory } from "./demo-history.ts";
import { demoCustomers, demoDeals, demoNotifications, demoQuotes } from "./demo-pipeline.ts";

export const DEMO_COMPANY = { name: "Demo Wireless Partners", slug: "demo-wireless-partners" };

/** The demo agent's verified sign-in phone, so code sign-in by text can be tried (codes land in the outbox). */
export const DEMO_AGENT_SIGN_IN_PHONE = "+15555550100";

const DAY_MS = 24 * 60 * 60 * 1000;
const MIME_BY_FILE_TYPE = {
  PDF: "application/pdf",
  Excel: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet",
  PowerPoint: "application/vnd.openxmlformats-officedocument.presentationml.presentation",
} as const;

export type SeedDeps = {
  db: Database;
  auth: Auth;
  storage: FileStorage;
  config: Pick<AppConfig, "demoAccounts">;
  logger?: Logger;
  now?: Date;
};

export type SeedResult = { companyId: string; agentId: string; adminId: string };

const daysAgo = (now: Date, days: number) => new Date(now.getTime() - days * DAY_MS);
const isoDate = (d: Date) => d.toISOString().slice(0, 10);

async function isEmpty(
  db: Database,
  table:
    | typeof certifiedDevicesTable
    | typeof promotionsTable
    | typeof salesResourcesTable
    | typeof ratePlanTiersTable
    | typeof deviceOffersTable
    | typeof carrierFeesTable,
) {
  const rows = await db.select({ n: sql<number>`count(*)::int` }).from(table);
  return (rows[0]?.n ?? 0) === 0;
}

/** The shared catalog: rate plans, devices, promotions, sales resources and blog posts. */
export async function seedCatalog(deps: SeedDeps): Promise<void> {
  const { db, storage } = deps;
  const now = deps.now ?? new Date();

  await db
    .insert(ratePlansTable)
    .values(ratePlans.map(({ tiers: _tiers, ...p }) => ({ ...p })))
    .onConflictDoNothing({ target: [ratePlansTable.carrier, ratePlansTable.plan] });

  if (await isEmpty(db, certifiedDevicesTable)) {
    for (let i = 0; i < certifiedDevices.length; i += 500) {
      await db
        .insert(certifiedDevicesTable)
        .values(certifiedDevices.slice(i, i + 500).map((d) => ({ ...d })));
    }
  }

  if (await isEmpty(db, promotionsTable)) {
    await db.insert(promotionsTable).values(
      promotions.map(({ endsInDays, requirements, credit, ...p }) => ({
        ...p,
        ...promotionCreditColumns(credit),
        requirements: [...requirements],
        endsOn: isoDate(new Date(now.getTime() + endsInDays * DAY_MS)),
      })),
    );
  }

  await seedQuotePricing(db);

  if (await isEmpty(db, salesResourcesTable)) {
    for (const r of salesResources) {
      const bytes = new Uint8Array(await readFile(join(SEED_FILES_DIR, r.fileName)));
      const fileKey = `resources/${r.fileName}`;
      await storage.put(fileKey, bytes);
      await db.insert(salesResourcesTable).values({
        title: r.title,
        description: r.description,
        type: r.type,
        carrier: r.carrier,
        deviceType: r.deviceType,
        fileKey,
        fileName: r.fileName,
        fileType: r.fileType,
        mimeType: MIME_BY_FILE_TYPE[r.fileType],
        sizeBytes: bytes.byteLength,
        downloads: r.downloads,
        tags: [...r.tags],
        addedAt: daysAgo(now, r.addedDaysAgo),
      });
    }
  }

  await db
    .insert(blogPostsTable)
    .values(
      blogPosts.map(({ publishedDaysAgo, ...p }) => ({
        ...p,
        published: true,
        createdAt: daysAgo(now, publishedDaysAgo),
      })),
    )
    .onConflictDoNothing({ target: blogPostsTable.slug });
}

function promotionCreditColumns(credit: (typeof promotions)[number]["credit"]) {
  if (!credit) return {};
  return {
    ...credit,
    qualifyingPlans: [...credit.qualifyingPlans],
    qualifyingDevices: [...credit.qualifyingDevices],
  };
}

/**
 * What the quote engine prices with (decision 0019): plan tiers, device offers and fees, each
 * added when its table is empty. A database seeded before them also gets the sample plans'
 * international and 5G columns and the sample promotions' credits, once, with the tiers.
 */
async function seedQuotePricing(db: Database): Promise<void> {
  if (await isEmpty(db, ratePlanTiersTable)) {
    const plans = await db
      .select({ id: ratePlansTable.id, carrier: ratePlansTable.carrier, plan: ratePlansTable.plan })
      .from(ratePlansTable);
    const idOf = new Map(plans.map((p) => [`${p.carrier}\u0000${p.plan}`, p.id]));
    const tiers = ratePlans.flatMap((p) => {
      const ratePlanId = idOf.get(`${p.carrier}\u0000${p.plan}`);
      return ratePlanId ? (p.tiers ?? []).map((t) => ({ ...t, ratePlanId })) : [];
    });
    for (const p of ratePlans) {
      await db
        .update(ratePlansTable)
        .set({ international: p.international, fiveG: p.fiveG })
        .where(
          and(
            eq(ratePlansTable.carrier, p.carrier),
            eq(ratePlansTable.plan, p.plan),
            isNull(ratePlansTable.international),
            isNull(ratePlansTable.fiveG),
          ),
        );
    }
    for (const p of promotions) {
      if (!p.credit) continue;
      await db
        .update(promotionsTable)
        .set(promotionCreditColumns(p.credit))
        .where(
          and(
            eq(promotionsTable.carrier, p.carrier),
            eq(promotionsTable.title, p.title),
            isNull(promotionsTable.creditCentsPerLine),
          ),
        );
    }
    if (tiers.length > 0) await db.insert(ratePlanTiersTable).values(tiers);
  }

  if (await isEmpty(db, deviceOffersTable)) {
    const models = [...new Set(deviceOffers.map((o) => o.model))];
    const listed = await db
      .select({
        id: certifiedDevicesTable.id,
        carrier: certifiedDevicesTable.carrier,
        manufacturer: certifiedDevicesTable.manufacturer,
        model: certifiedDevicesTable.model,
      })
      .from(certifiedDevicesTable)
      .where(inArray(certifiedDevicesTable.model, models))
      .orderBy(certifiedDevicesTable.id);
    const deviceIdOf = new Map<string, number>();
    for (const d of listed) {
      const key = `${d.carrier}\u0000${d.manufacturer}\u0000${d.model}`;
      if (!deviceIdOf.has(key)) deviceIdOf.set(key, d.id);
    }
    await db.insert(deviceOffersTable).values(
      deviceOffers.map((o) => ({
        ...o,
        certifiedDeviceId:
          deviceIdOf.get(`${o.carrier}\u0000${o.manufacturer}\u0000${o.model}`) ?? null,
      })),
    );
  }

  if (await isEmpty(db, carrierFeesTable)) {
    await db.insert(carrierFeesTable).values(carrierFees.map((f) => ({ ...f })));
  }
}

/**
 * An agent only the second-factor browser test (tests/e2e/two-factor.spec.ts) signs in as: it
 * enrolls an authenticator app, which no other test may find on its account.
 */
export const MFA_DEMO_ACCOUNT = {
  username: "mfa_demo",
  password: "violet-harbor-lantern-7",
  email: "mfa.demo@demowireless.example",
  name: "Riley Chen",
  role: "agent",
  phone: "",
} as const;

/**
 * An agent only the sign-out-scopes browser test signs in as: that test ends every session of
 * its user, which would sign out any other test sharing the account.
 */
export const SCOPES_DEMO_ACCOUNT = {
  username: "scopes_demo",
  password: "Harbor-lantern-42",
  email: "scopes.demo@demowireless.example",
  name: "Riley Scopes",
  role: "agent",
  phone: "",
} as const;

/** The demo company with its accounts and a book of business. */
export async function seedDemoCompany(deps: SeedDeps): Promise<SeedResult> {
  const { db, auth, config } = deps;
  const now = deps.now ?? new Date();

  await db.insert(companies).values(DEMO_COMPANY).onConflictDoNothing({ target: companies.slug });
  const [company] = await db.select().from(companies).where(eq(companies.slug, DEMO_COMPANY.slug));
  if (!company) throw new Error("Seed: demo company missing after insert");

  const agentId = await ensureAccount(db, auth, company.id, company.name, {
    ...config.demoAccounts.agent,
    email: "demo.agent@demowireless.example",
    name: "Jordan Avery",
    role: "agent",
    phone: "(555) 010-2040",
  });
  await db
    .update(agent_users)
    .set({ phoneNumber: DEMO_AGENT_SIGN_IN_PHONE, phoneNumberVerified: true })
    .where(and(eq(agent_users.id, agentId), isNull(agent_users.phoneNumber)));
  const adminId = await ensureAccount(db, auth, company.id, company.name, {
    ...config.demoAccounts.admin,
    email: "admin@demowireless.example",
    name: "Morgan Lee",
    role: "admin",
    phone: "(555) 010-2000",
  });
  await ensureAccount(db, auth, company.id, company.name, MFA_DEMO_ACCOUNT);
  await ensureAccount(db, auth, company.id, company.name, SCOPES_DEMO_ACCOUNT);

  const existing = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(customers)
    .where(eq(customers.companyId, company.id));
  if ((existing[0]?.n ?? 0) > 0) return { companyId: company.id, agentId, adminId };

  await db.transaction(async (tx) => {
    const customerIds = new Map<string, string>();
    for (const c of demoCustomers) {
      const { key, addedDaysAgo, ...fields } = c;
      const [row] = await tx
        .insert(customers)
        .values({
          ...fields,
          companyId: company.id,
          createdBy: agentId,
          assignedTo: agentId,
          createdAt: daysAgo(now, addedDaysAgo),
          updatedAt: daysAgo(now, addedDaysAgo),
        })
        .returning({ id: customers.id });
      if (!row) throw new Error("Seed: customer insert returned nothing");
      customerIds.set(key, row.id);
    }
    const customerId = (key: string) => {
      const id = customerIds.get(key);
      if (!id) throw new Error(`Seed: unknown customer ${key}`);
      return id;
    };

    for (const d of demoDeals) {
      const figures = dealFigures({
        voiceLines: d.voiceLines,
        mobileInternetLines: d.mobileInternetLines,
        fixedWirelessLines: d.fixedWirelessLines,
        monthlyRateCents: d.monthlyRateCents,
        contractTerm: d.contractTerm,
        oneTimeRevenueCents: d.oneTimeRevenueCents,
      });
      const closeDate =
        d.closeInDays === null ? null : isoDate(new Date(now.getTime() + d.closeInDays * DAY_MS));
      const closedAt =
        d.closeInDays === null
          ? now
          : new Date(now.getTime() + Math.min(d.closeInDays, 0) * DAY_MS);
      const createdAt = daysAgo(now, d.createdDaysAgo);
      const installedAt =
        d.fulfilment === "installed" ? new Date(closedAt.getTime() + 14 * DAY_MS) : null;
      const history = demoDealHistory({
        status: d.status,
        createdAt,
        closedAt,
        lostReason: d.lostReason,
        notes: d.notes,
        now,
      });
      // The reports place a deal in a period by its last change (decision 0028), so an unset
      // updated_at (the seed's start) would put every demo deal in every period. A deal last
      // changed with its last move on the board, or when it was installed.
      const updatedAt = installedAt ?? history.lastMoveAt;
      const [deal] = await tx
        .insert(deals)
        .values({
          companyId: company.id,
          customerId: customerId(d.customerKey),
          title: d.title,
          description: d.description,
          status: d.status,
          stage: d.stage,
          probability: d.probability,
          carrier: d.carrier,
          productType: d.productType,
          contractTerm: d.contractTerm,
          voiceLines: d.voiceLines,
          mobileInternetLines: d.mobileInternetLines,
          fixedWirelessLines: d.fixedWirelessLines,
          useCase: d.useCase,
          monthlyRateCents: d.monthlyRateCents,
          valueCents: figures.valueCents,
          monthlyRevenueCents: figures.monthlyRevenueCents,
          oneTimeRevenueCents: d.oneTimeRevenueCents,
          totalRevenueCents: figures.totalRevenueCents,
          closeDate,
          wonAt: d.status === "closed_won" ? closedAt : null,
          lostReason: d.lostReason ?? null,
          orderedAt: d.fulfilment ? closedAt : null,
          installedAt,
          createdBy: agentId,
          assignedTo: agentId,
          createdAt,
          updatedAt,
        })
        .returning({ id: deals.id });
      if (!deal) throw new Error("Seed: deal insert returned nothing");
      await tx.insert(activities).values(
        history.entries.map(({ at, details: { kind, ...details } }) => ({
          companyId: company.id,
          actorId: agentId,
          kind,
          dealId: deal.id,
          details,
          createdAt: at,
        })),
      );
    }

    // Real priced quotes: read and priced by the engine from the seeded catalog on the day each
    // was made, and stored by the same insert as Save Quote, so their pages show real options.
    const catalog = await loadCatalogSnapshot({ db: tx }, now.toISOString().slice(0, 10));
    for (const q of demoQuotes) {
      const c = demoCustomers.find((x) => x.key === q.customerKey);
      if (!c) throw new Error(`Seed: unknown customer ${q.customerKey}`);
      const createdAt = daysAgo(now, q.createdDaysAgo);
      const pricedOn = createdAt.toISOString().slice(0, 10);
      const quoteId = await insertPricedQuote(tx, {
        companyId: company.id,
        agentId,
        customerId: customerId(q.customerKey),
        customerInfo: {
          companyName: c.companyName,
          companyWebsite: c.companyWebsite,
          contactName: c.name,
          contactEmail: c.email,
        },
        description: q.description,
        quote: priceQuote(catalog, readNeeds(q.description), {
          today: pricedOn,
          source: "description",
        }),
        validUntil: addDays(pricedOn, company.quoteValidityDays),
        status: q.status,
        createdAt,
        // The Performance Report counts a quote as sent by its sent_at; a demo quote was sent the
        // day it was made.
        ...(q.status === "sent" ? { sentAt: createdAt } : {}),
      });
      // Generated a few minutes before it was saved, and (a sent one) emailed as it was saved,
      // as the Quote Generator and Send Proposal log them.
      const entry = { companyId: company.id, actorId: agentId, createdAt };
      const about = { company: c.companyName };
      const generatedAt = new Date(createdAt.getTime() - 10 * 60 * 1000);
      await tx.insert(activities).values([
        { ...entry, kind: "quote_generated", details: about, createdAt: generatedAt },
        {
          ...entry,
          kind: "quote_saved",
          quoteId,
          customerId: customerId(q.customerKey),
          details: about,
        },
        ...(q.status === "sent"
          ? [
              {
                ...entry,
                kind: "quote_sent" as const,
                quoteId,
                customerId: customerId(q.customerKey),
                details: { ...about, to: c.email },
              },
            ]
          : []),
      ]);
    }

    const [summit] = await tx
      .insert(billAnalyses)
      .values({
        companyId: company.id,
        customerId: customerId("summit"),
        uploadedBy: agentId,
        fileName: "summit-dental-october-bill.pdf",
        mimeType: "application/pdf",
        sizeBytes: 184_320,
        status: "completed",
        result: summitBill,
        readSource: "text",
        carrier: "tmobile",
        totalMonthlyCents: Math.round(summitBill.totalMonthlyBill * 100),
        totalDataUsageGb: summitBill.totalDataUsageGB,
        dataAllowanceGb: 200,
        annualSavingsCents: Math.round(summitBill.potentialSavings.annualSavings * 100),
        createdAt: daysAgo(now, 2),
        completedAt: daysAgo(now, 2),
      })
      .returning({ id: billAnalyses.id, fileName: billAnalyses.fileName });
    // Logged as the analysis job logs a completion: the Activity Report counts bills from the log.
    if (summit) {
      await tx.insert(activities).values({
        companyId: company.id,
        actorId: agentId,
        kind: "bill_analyzed",
        details: { analysisId: summit.id, fileName: summit.fileName },
        createdAt: daysAgo(now, 2),
      });
    }

    for (const n of demoNotifications) {
      await tx.insert(notifications).values({
        companyId: company.id,
        userId: agentId,
        type: n.type,
        title: n.title,
        message: n.message,
        createdAt: new Date(now.getTime() - n.hoursAgo * 60 * 60 * 1000),
      });
    }
  });

  deps.logger?.info({ companyId: company.id }, "seeded demo company");
  return { companyId: company.id, agentId, adminId };
}

/** Idempotent: safe on every start and by `npm run db:seed`; it only adds what is missing. */
export async function seedDemoData(deps: SeedDeps): Promise<SeedResult> {
  await seedCatalog(deps);
  return seedDemoCompany(deps);
}

/**
 * The bill's 50 lines, one row each, adding up to its department breakdown: every line at $79.75
 * (the cost per employee), Clinical 30 phones with 150 GB, Front Office 10 phones with 30 GB,
 * Mobile 10 hotspot-carrying tablets with 60 GB. Usage varies around each department's mean and
 * sums to its total exactly (tenths of a GB).
 */
function summitLines(): BillAnalysisResult["lines"] {
  const departments = [
    { department: "Clinical", lineType: "voice", count: 30, dataGB: 150 },
    { department: "Front Office", lineType: "voice", count: 10, dataGB: 30 },
    { department: "Mobile", lineType: "mobile_internet", count: 10, dataGB: 60 },
  ] as const;
  const lines: BillAnalysisResult["lines"] = [];
  for (const d of departments) {
    const meanTenths = (d.dataGB * 10) / d.count;
    for (let i = 0; i < d.count; i++) {
      // Pairs above and below the mean (+k, -k), so each department's total stays exact.
      const swing = i % 2 === 0 ? (i % 7) + 3 : -(((i - 1) % 7) + 3);
      lines.push({
        lineType: d.lineType,
        phoneNumber: `(303) 555-${String(201 + lines.length).padStart(4, "0")}`,
        department: d.department,
        planCost: 79.75,
        dataUsageGB: (meanTenths + swing) / 10,
      });
    }
  }
  return lines;
}

/** 240 GB used on a 200 GB pool: 20% over plan, the dashboard's sample AI alert. */
const summitBill: BillAnalysisResult = {
  totalMonthlyBill: 3987.5,
  dueDate: "2026-11-28",
  totalDataUsageGB: 240,
  businessMetrics: {
    costPerEmployee: 79.75,
    complianceStatus: { policyCompliant: true, issues: [] },
    internationalUsage: { cost: 0, countries: [] },
  },
  potentialSavings: {
    annualSavings: 4200,
    enterpriseOpportunities: [
      "Move hygienist hotspots to a pooled data plan",
      "Apply the dental association discount",
    ],
  },
  departmentBreakdown: {
    Clinical: { lines: 30, cost: 2392.5, dataUsage: 150 },
    "Front Office": { lines: 10, cost: 797.5, dataUsage: 30 },
    Mobile: { lines: 10, cost: 797.5, dataUsage: 60 },
  },
  lines: summitLines(),
  competitiveAnalysis: {
    currentProvider: "T-Mobile",
    marketComparison: {
      costDifference: -350,
      featureGaps: ["No pooled hotspot data"],
      advantages: ["5G coverage at every clinic"],
    },
    enterpriseDiscounts: {
      available: true,
      potentialSavings: 4200,
      requirements: ["50+ lines", "24-month agreement"],
    },
  },
};
