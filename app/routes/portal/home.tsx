import { TrendingUp } from "lucide-react";
import { useEffect, useId } from "react";
import { data, Link, redirect, useFetcher } from "react-router";
import { z } from "zod";
import { Icon } from "#app/components/ui/icon.tsx";
import { toast } from "#app/components/ui/toast.tsx";
import { dataOverageMessage } from "#app/lib/dashboard.ts";
import { formatCents, formatDate } from "#app/lib/format.ts";
import { getDashboardSummary, scheduleCheckIn } from "#server/dashboard/index.ts";
import { renewalsDue } from "#server/deals/index.ts";
import { statusOf } from "#server/http/errors.ts";
import { isDomainError } from "#server/platform/errors.ts";
import { sendProposal, versionQuote } from "#server/quotes/index.ts";
import { invalidForm } from "#server/web/answers.ts";
import { userCtx } from "#server/web/context.ts";
import { parseForm } from "#server/web/forms.ts";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = () => [{ title: "Dashboard | Carrierline" }];

/** Renewals shown on the home: won contracts ending within this many days. */
const RENEWAL_WINDOW_DAYS = 120;

export async function loader({ context }: Route.LoaderArgs) {
  const ctx = userCtx(context);
  const [summary, renewals] = await Promise.all([
    getDashboardSummary(ctx),
    renewalsDue(ctx, RENEWAL_WINDOW_DAYS),
  ]);
  return { ...summary, renewals };
}

/** The Quick Actions' buttons: a check-in with a customer, or their latest quote sent or requoted. */
const quickActionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("check-in"), customerId: z.uuid() }),
  z.object({ intent: z.literal("send-proposal"), quoteId: z.uuid() }),
  z.object({ intent: z.literal("requote"), quoteId: z.uuid() }),
]);

type QuickActionAnswer = { ok: boolean; message: string };

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = userCtx(context);
  const parsed = await parseForm(request, quickActionSchema);
  if (!parsed.ok) return invalidForm(parsed.fieldErrors, "That request was not valid.");
  const input = parsed.data;
  // Each is answered beside the row's button (a toast), not thrown to the error boundary: the
  // rest of the dashboard stays usable.
  const refused = (error: unknown) => {
    if (!isDomainError(error)) throw error;
    return data<QuickActionAnswer>(
      { ok: false, message: error.message },
      { status: statusOf(error.kind) },
    );
  };
  switch (input.intent) {
    case "check-in": {
      const message = await scheduleCheckIn(ctx, { customerId: input.customerId });
      if (!message)
        return data<QuickActionAnswer>(
          { ok: false, message: "Customer not found." },
          { status: statusOf("not_found") },
        );
      return { ok: true, message } satisfies QuickActionAnswer;
    }
    case "send-proposal":
      try {
        const { to } = await sendProposal(ctx, { id: input.quoteId });
        return { ok: true, message: `Proposal sent to ${to}` } satisfies QuickActionAnswer;
      } catch (error) {
        return refused(error);
      }
    case "requote":
      try {
        const made = await versionQuote(ctx, { id: input.quoteId });
        return redirect(`/dashboard/quotes/${made.id}`);
      } catch (error) {
        return refused(error);
      }
  }
}

function SummaryCard(props: { title: string; children: React.ReactNode }) {
  const headingId = useId();
  return (
    <section
      aria-labelledby={headingId}
      className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id={headingId} className="text-sm font-semibold text-slate-500 dark:text-slate-400">
        {props.title}
      </h2>
      <div className="mt-3">{props.children}</div>
    </section>
  );
}

function Tile(props: { to: string; title: string; text: string; badge?: string }) {
  return (
    <Link
      to={props.to}
      className="group rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition hover:border-brand-400 hover:shadow-md dark:border-slate-800 dark:bg-slate-900"
    >
      <div className="flex flex-wrap items-center gap-2">
        <h3 className="font-semibold group-hover:text-brand-600 dark:group-hover:text-brand-400">
          {props.title}
        </h3>
        {props.badge ? (
          <span className="rounded-full bg-brand-100 px-2 py-0.5 text-xs font-semibold text-brand-700 dark:bg-brand-700/30 dark:text-brand-100">
            {props.badge}
          </span>
        ) : null}
      </div>
      <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">{props.text}</p>
    </Link>
  );
}

const QUICK_BUTTON =
  "rounded-lg border border-slate-300 px-2.5 py-1 text-xs font-semibold text-slate-700 hover:bg-slate-50 disabled:opacity-60 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800";

/** Shows a quick action's answer as a toast, so the table keeps its layout. */
function useAnswerToast(answer: QuickActionAnswer | undefined) {
  useEffect(() => {
    if (!answer) return;
    if (answer.ok) toast.success(answer.message);
    else toast.error(answer.message);
  }, [answer]);
}

/** One of a quote's quick actions, posted to the dashboard's action; its answer is a toast. */
function QuoteActionButton(props: {
  intent: "send-proposal" | "requote";
  quoteId: string;
  label: string;
  busyLabel: string;
  accessibleName: string;
}) {
  const fetcher = useFetcher<QuickActionAnswer>();
  const busy = fetcher.state !== "idle";
  useAnswerToast(fetcher.data);
  return (
    <fetcher.Form method="post" className="inline-flex">
      <input type="hidden" name="intent" value={props.intent} />
      <input type="hidden" name="quoteId" value={props.quoteId} />
      <button
        type="submit"
        disabled={busy}
        aria-label={props.accessibleName}
        className={QUICK_BUTTON}
      >
        {busy ? props.busyLabel : props.label}
      </button>
    </fetcher.Form>
  );
}

/**
 * Send Proposal and Requote act on the customer's latest quote: mail its proposal, or make a new
 * version priced from today's catalog and open it. A customer without a quote gets the Quote
 * Generator with their details filled in, for both.
 */
function QuoteButtons({ row }: { row: QuickAction }) {
  const sendName = `Send Proposal to ${row.customer}`;
  const requoteName = `Requote ${row.customer}`;
  if (!row.latestQuoteId) {
    const to = `/dashboard/quotes/new?customer=${row.customerId}`;
    return (
      <>
        <Link to={to} className={QUICK_BUTTON} aria-label={sendName}>
          Send Proposal
        </Link>
        <Link to={to} className={QUICK_BUTTON} aria-label={requoteName}>
          Requote
        </Link>
      </>
    );
  }
  return (
    <>
      <QuoteActionButton
        intent="send-proposal"
        quoteId={row.latestQuoteId}
        label="Send Proposal"
        busyLabel="Sending..."
        accessibleName={sendName}
      />
      <QuoteActionButton
        intent="requote"
        quoteId={row.latestQuoteId}
        label="Requote"
        busyLabel="Pricing..."
        accessibleName={requoteName}
      />
    </>
  );
}

function CheckInButton({ customerId, customer }: { customerId: string; customer: string }) {
  const fetcher = useFetcher<QuickActionAnswer>();
  const busy = fetcher.state !== "idle";
  useAnswerToast(fetcher.data);
  return (
    <fetcher.Form method="post" className="inline-flex">
      <input type="hidden" name="intent" value="check-in" />
      <input type="hidden" name="customerId" value={customerId} />
      <button
        type="submit"
        disabled={busy}
        aria-label={`Schedule Check-in with ${customer}`}
        className="rounded-lg bg-brand-600 px-2.5 py-1 text-xs font-semibold text-white hover:bg-brand-700 disabled:opacity-60"
      >
        {busy ? "Scheduling..." : "Schedule Check-in"}
      </button>
    </fetcher.Form>
  );
}

type QuickAction = Route.ComponentProps["loaderData"]["quickActions"][number];

function CustomerName({ row }: { row: QuickAction }) {
  return (
    <div>
      <p className="font-medium">{row.customer}</p>
      <p className="text-xs text-slate-500 dark:text-slate-400">{row.contactName}</p>
    </div>
  );
}

function HealthBadge({ health }: { health: QuickAction["health"] }) {
  return (
    <span
      className={`shrink-0 rounded-full px-2 py-0.5 text-xs font-semibold whitespace-nowrap ${
        health === "Healthy"
          ? "bg-emerald-100 text-emerald-800 dark:bg-emerald-900/40 dark:text-emerald-200"
          : "bg-amber-100 text-amber-800 dark:bg-amber-900/40 dark:text-amber-200"
      }`}
    >
      {health}
    </span>
  );
}

function RowActions({ row, className = "" }: { row: QuickAction; className?: string }) {
  return (
    <div className={`flex flex-wrap items-start gap-2 ${className}`}>
      <QuoteButtons row={row} />
      <CheckInButton customerId={row.customerId} customer={row.customer} />
    </div>
  );
}

export default function DashboardHome({ loaderData }: Route.ComponentProps) {
  const { mrrCents, pipeline, alerts, quickActions, renewals } = loaderData;
  return (
    <main className="mx-auto max-w-7xl space-y-8 px-4 py-8 sm:px-6">
      <h2 className="text-3xl font-bold tracking-tight">Your Telecom at a Glance</h2>

      <div className="grid gap-4 md:grid-cols-3">
        <SummaryCard title="MRR Tracker">
          <p className="text-3xl font-bold" data-testid="mrr">
            {formatCents(mrrCents, { whole: true })}
          </p>
          <p className="mt-1 text-sm text-slate-500 dark:text-slate-400">
            Monthly revenue from won deals
          </p>
        </SummaryCard>
        <SummaryCard title="Pipeline Snapshot">
          <dl className="grid grid-cols-3 gap-2 text-center">
            {(
              [
                ["Quotes", pipeline.quotes],
                ["Orders", pipeline.orders],
                ["Installs", pipeline.installs],
              ] as const
            ).map(([label, value]) => (
              <div key={label} className="rounded-xl bg-slate-50 py-2 dark:bg-slate-800/60">
                <dt className="text-xs font-medium text-slate-500 dark:text-slate-400">{label}</dt>
                <dd className="text-2xl font-bold">{value}</dd>
              </div>
            ))}
          </dl>
        </SummaryCard>
        <SummaryCard title="AI Alerts">
          {alerts.length === 0 ? (
            <p className="text-sm text-slate-500 dark:text-slate-400">
              No alerts. Every analysed bill is within its plan.
            </p>
          ) : (
            <ul className="space-y-2">
              {alerts.map((alert) => (
                <li
                  key={alert.customerId}
                  className="flex gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950/40 dark:text-amber-200"
                >
                  <Icon icon={TrendingUp} className="size-4 shrink-0 translate-y-0.5" />
                  {dataOverageMessage(alert.customerName, alert.percentOver)}
                </li>
              ))}
            </ul>
          )}
        </SummaryCard>
      </div>

      <div className="grid gap-4 md:grid-cols-3">
        <Tile
          to="/dashboard/bill-analyzer"
          title="AI Bill Analyzer"
          badge="Quote"
          text="Upload a customer's bill and turn its savings into a quote."
        />
        <Tile
          to="/dashboard/quotes/new"
          title="Create Proposal"
          text="Describe what the customer needs and get a branded proposal."
        />
        <Tile
          to="/dashboard/plans"
          title="Match Offers to a Customer"
          text="Compare carrier plans side by side and pick the best fit."
        />
      </div>

      <section className="rounded-2xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900">
        <h2 className="px-6 pt-5 text-lg font-semibold">Quick Actions</h2>
        {quickActions.length === 0 ? (
          <p className="px-6 py-8 text-sm text-slate-500 dark:text-slate-400">
            Customers with won deals appear here with their next best action.
          </p>
        ) : (
          <>
            {/* A phone has no room for four columns: each customer is a card there. */}
            <ul className="mt-3 divide-y divide-slate-200 border-t border-slate-200 md:hidden dark:divide-slate-800 dark:border-slate-800">
              {quickActions.map((row) => (
                <li key={row.customerId} className="px-6 py-4">
                  <div className="flex items-start justify-between gap-3">
                    <CustomerName row={row} />
                    <HealthBadge health={row.health} />
                  </div>
                  <p className="mt-2 text-sm">{row.services}</p>
                  <RowActions row={row} className="mt-3" />
                </li>
              ))}
            </ul>
            <table className="mt-3 hidden w-full text-left text-sm md:table">
              <thead className="border-y border-slate-200 bg-slate-50 text-xs uppercase tracking-wider text-slate-500 dark:border-slate-800 dark:bg-slate-800/50 dark:text-slate-400">
                <tr>
                  <th scope="col" className="px-6 py-3">
                    Customer
                  </th>
                  <th scope="col" className="px-6 py-3">
                    Services
                  </th>
                  <th scope="col" className="px-6 py-3">
                    Health
                  </th>
                  <th scope="col" className="px-6 py-3">
                    Actions
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
                {quickActions.map((row) => (
                  <tr key={row.customerId}>
                    <td className="px-6 py-4">
                      <CustomerName row={row} />
                    </td>
                    <td className="px-6 py-4">{row.services}</td>
                    <td className="px-6 py-4">
                      <HealthBadge health={row.health} />
                    </td>
                    <td className="px-6 py-4">
                      <RowActions row={row} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        )}
      </section>
      <section
        aria-labelledby="renewals-heading"
        className="rounded-2xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900"
      >
        <h2 id="renewals-heading" className="px-6 pt-5 text-lg font-semibold">
          Renewals Due
        </h2>
        <p className="px-6 text-sm text-slate-500 dark:text-slate-400">
          Won contracts ending in the next {RENEWAL_WINDOW_DAYS} days
        </p>
        {renewals.length === 0 ? (
          <p className="px-6 py-6 text-sm text-slate-500 dark:text-slate-400">
            No contract ends in the next {RENEWAL_WINDOW_DAYS} days.
          </p>
        ) : (
          <ul className="divide-y divide-slate-100 px-6 pb-2 dark:divide-slate-800">
            {renewals.map((renewal) => (
              <li
                key={renewal.dealId}
                className="flex flex-wrap items-center justify-between gap-2 py-3"
              >
                <Link
                  to={`/dashboard/deals/${renewal.dealId}`}
                  className="min-w-0 font-medium text-brand-600 hover:underline dark:text-brand-400"
                >
                  {renewal.customerCompany}
                  <span className="block truncate text-sm font-normal text-slate-600 dark:text-slate-400">
                    {renewal.title}
                  </span>
                </Link>
                <span className="text-sm tabular-nums">
                  Ends {formatDate(renewal.contractEnd)} ·{" "}
                  {formatCents(renewal.monthlyRevenueCents, { whole: true })}/mo
                </span>
              </li>
            ))}
          </ul>
        )}
      </section>
    </main>
  );
}
