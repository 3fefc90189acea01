import { useEffect, useId, useState } from "react";
import { data, type FetcherWithComponents, Link, redirect, useFetcher } from "react-router";
import {
  type ProposalRecipient,
  SendProposalDialog,
} from "#app/components/quotes/SendProposalDialog.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { CalendarClock, Tag, TrendingUp } from "#app/components/ui/icons.ts";
import { LocalTime } from "#app/components/ui/local-time.tsx";
import { Modal } from "#app/components/ui/modal.tsx";
import { TextareaField, TextField } from "#app/components/ui/text-field.tsx";
import { toast } from "#app/components/ui/toast.tsx";
import { CALENDAR_LAST_DAY } from "#app/lib/calendar-range.ts";
import {
  ATTENTION_LABELS,
  type AttentionReasonView,
  attentionDetail,
  dataOverageMessage,
  promotionEndingMessage,
  RENEWAL_WINDOW_DAYS,
  renewalDueMessage,
} from "#app/lib/dashboard.ts";
import { formatCents, formatDate, formatIsoDate } from "#app/lib/format.ts";
import { CHECK_IN_NOTE_MAX, quickActionSchema } from "#app/lib/schemas/dashboard.ts";
import {
  CHECK_IN_DAYS,
  completeCheckIn,
  dueCheckIns,
  getDashboardSummary,
  scheduleCheckIn,
  today,
} from "#server/dashboard/index.ts";
import { statusOf } from "#server/http/errors.ts";
import type { FieldErrors } from "#server/platform/errors.ts";
import { isDomainError } from "#server/platform/errors.ts";
import { addDays, sendProposal, versionQuote } from "#server/quotes/index.ts";
import { invalidForm } from "#server/web/answers.ts";
import { userCtx } from "#server/web/context.ts";
import { parseForm } from "#server/web/forms.ts";
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = () => [{ title: "Dashboard | Carrierline" }];

export async function loader({ context }: Route.LoaderArgs) {
  const ctx = userCtx(context);
  const [summary, checkIns] = await Promise.all([getDashboardSummary(ctx), dueCheckIns(ctx)]);
  const day = today(ctx);
  // The dialog's dates come from the server's clock, so the default and the minimum agree with
  // the day the reminders are swept on.
  return { ...summary, checkIns, today: day, checkInDefault: addDays(day, CHECK_IN_DAYS) };
}

type QuickActionAnswer = { ok: boolean; message: string; fieldErrors?: FieldErrors };

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = userCtx(context);
  const parsed = await parseForm(request, quickActionSchema);
  if (!parsed.ok) return invalidForm(parsed.fieldErrors, "That request was not valid.");
  const input = parsed.data;
  // Each is answered beside the row's button (a toast), not thrown to the error boundary: the
  // rest of the dashboard stays usable.
  try {
    switch (input.intent) {
      case "check-in": {
        const message = await scheduleCheckIn(ctx, {
          customerId: input.customerId,
          dueOn: input.dueOn,
          note: input.note,
        });
        return { ok: true, message } satisfies QuickActionAnswer;
      }
      case "check-in-done":
        await completeCheckIn(ctx, { id: input.reminderId });
        return { ok: true, message: "Check-in marked done." } satisfies QuickActionAnswer;
      case "send-proposal": {
        const { to } = await sendProposal(ctx, { id: input.quoteId });
        return { ok: true, message: `Proposal sent to ${to}` } satisfies QuickActionAnswer;
      }
      case "requote": {
        const made = await versionQuote(ctx, { id: input.quoteId });
        return redirect(`/dashboard/quotes/${made.id}`);
      }
    }
  } catch (error) {
    if (!isDomainError(error)) throw error;
    return data<QuickActionAnswer>(
      { ok: false, message: error.message },
      { status: statusOf(error.kind) },
    );
  }
}

type Alert = Route.ComponentProps["loaderData"]["alerts"][number];

function alertKey(alert: Alert): string {
  if (alert.kind === "promotion_ending") return `promotion-${alert.promotionId}`;
  if (alert.kind === "renewal_due") return `renewal-${alert.dealId}`;
  return `overage-${alert.customerId}`;
}

/** An alert's icon and words; a renewal links to its deal. */
function AlertText({ alert }: { alert: Alert }) {
  const icon = "size-4 shrink-0 translate-y-0.5";
  switch (alert.kind) {
    case "data_overage":
      return (
        <>
          <Icon icon={TrendingUp} className={icon} />
          {dataOverageMessage(alert.customerName, alert.percentOver)}
        </>
      );
    case "promotion_ending":
      return (
        <>
          <Icon icon={Tag} className={icon} />
          {promotionEndingMessage(alert.title, alert.endsOn, alert.openQuotes)}
        </>
      );
    case "renewal_due":
      return (
        <>
          <Icon icon={CalendarClock} className={icon} />
          <Link to={`/dashboard/deals/${alert.dealId}`} className="hover:underline">
            <LocalTime
              date={alert.contractEnd}
              format={(end) => renewalDueMessage(alert.customerName, end)}
            />
          </Link>
        </>
      );
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

// At least 40 px tall on a phone, where they are tapped; on one line, so a row's three
// actions do not wrap one under the other.
const QUICK_BUTTON =
  "inline-flex min-h-10 items-center justify-center whitespace-nowrap rounded-lg border border-slate-300 px-2.5 py-1 text-xs font-semibold sm:min-h-0 text-slate-700 hover:bg-slate-50 disabled:opacity-60 dark:border-slate-600 dark:text-slate-200 dark:hover:bg-slate-800";

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
  /** Whom Send Proposal emails: asked first, since a sent email cannot be taken back. */
  confirmWith?: ProposalRecipient;
}) {
  const fetcher = useFetcher<QuickActionAnswer>();
  const [confirming, setConfirming] = useState(false);
  const busy = fetcher.state !== "idle";
  useAnswerToast(fetcher.data);
  const { confirmWith } = props;
  return (
    <>
      {/* A form, so that the action works before the page's script has loaded; once it has,
          Send Proposal asks first. */}
      <fetcher.Form
        method="post"
        className="inline-flex"
        onSubmit={(event) => {
          if (!confirmWith) return;
          event.preventDefault();
          setConfirming(true);
        }}
      >
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
      {confirmWith ? (
        <SendProposalDialog
          open={confirming}
          onOpenChange={setConfirming}
          recipient={confirmWith}
          onSend={() =>
            fetcher.submit({ intent: props.intent, quoteId: props.quoteId }, { method: "post" })
          }
        />
      ) : null}
    </>
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
  const quote = row.latestQuote;
  if (!quote) {
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
        quoteId={quote.id}
        label="Send Proposal"
        busyLabel="Sending..."
        accessibleName={sendName}
        confirmWith={quote}
      />
      <QuoteActionButton
        intent="requote"
        quoteId={quote.id}
        label="Requote"
        busyLabel="Pricing..."
        accessibleName={requoteName}
      />
    </>
  );
}

/**
 * Schedule Check-in: a small dialog with the day (a week from today unless changed) and an
 * optional note; the reminder becomes a notification on that day and shows under Check-ins Due.
 */
function CheckInButton(props: {
  customerId: string;
  customer: string;
  defaultDay: string;
  minDay: string;
}) {
  const fetcher = useFetcher<QuickActionAnswer>();
  const [open, setOpen] = useState(false);
  const busy = fetcher.state !== "idle";
  const answer = fetcher.data;
  useEffect(() => {
    if (!answer) return;
    if (answer.ok) {
      setOpen(false);
      toast.success(answer.message);
    } else if (!answer.fieldErrors) toast.error(answer.message);
  }, [answer]);
  const errors = answer && !answer.ok ? answer.fieldErrors : undefined;
  return (
    <>
      <Button
        onClick={() => setOpen(true)}
        aria-label={`Schedule Check-in with ${props.customer}`}
        className="min-h-10 whitespace-nowrap px-2.5! py-1! text-xs sm:min-h-0"
      >
        Schedule Check-in
      </Button>
      <Modal
        open={open}
        onOpenChange={setOpen}
        title={`Check in with ${props.customer}`}
        description="On the day, the reminder comes as a notification and waits under Check-ins Due until you mark it done."
      >
        <fetcher.Form method="post" action="/dashboard?index" className="space-y-4">
          <input type="hidden" name="intent" value="check-in" />
          <input type="hidden" name="customerId" value={props.customerId} />
          <TextField
            label="Day"
            name="dueOn"
            type="date"
            required
            min={props.minDay}
            max={CALENDAR_LAST_DAY}
            defaultValue={props.defaultDay}
            error={errors?.dueOn}
          />
          <TextareaField
            label="Note (optional)"
            name="note"
            rows={3}
            maxLength={CHECK_IN_NOTE_MAX}
            error={errors?.note}
          />
          <div className="flex justify-end gap-2">
            <Button variant="secondary" onClick={() => setOpen(false)}>
              Cancel
            </Button>
            <Button type="submit" disabled={busy}>
              {busy ? "Scheduling..." : "Schedule"}
            </Button>
          </div>
        </fetcher.Form>
      </Modal>
    </>
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

// A customer may have two contracts up for renewal: each reason is keyed by its own record.
function reasonKey(reason: QuickAction["reasons"][number]): string {
  if (reason.kind === "renewal_due") return reason.dealId;
  if (reason.kind === "quote_unanswered") return reason.quoteId;
  return reason.billId;
}

function AttentionDetail({ reason }: { reason: AttentionReasonView }) {
  const { lead, date, tail } = attentionDetail(reason);
  return (
    <>
      {lead}
      {date ? <LocalTime date={date} format={formatDate} /> : null}
      {tail}
    </>
  );
}

/** Why the customer needs attention: a badge and a line for each reason. */
function Reasons({ row }: { row: QuickAction }) {
  return (
    <ul className="space-y-1.5">
      {row.reasons.map((reason) => (
        <li key={reasonKey(reason)} className="text-xs">
          <span className="inline-block rounded-full bg-amber-100 px-2 py-0.5 font-semibold whitespace-nowrap text-amber-800 dark:bg-amber-900/40 dark:text-amber-200">
            {ATTENTION_LABELS[reason.kind]}
          </span>
          <span className="mt-0.5 block text-slate-600 dark:text-slate-400">
            <AttentionDetail reason={reason} />
          </span>
        </li>
      ))}
    </ul>
  );
}

type Days = { defaultDay: string; minDay: string };

type CheckIn = Route.ComponentProps["loaderData"]["checkIns"][number];

/** Marks one check-in done through the list's fetcher, which also shows the answer. */
function DoneButton({
  checkIn,
  fetcher,
}: {
  checkIn: CheckIn;
  fetcher: FetcherWithComponents<QuickActionAnswer>;
}) {
  const saving = fetcher.state !== "idle" && fetcher.formData?.get("reminderId") === checkIn.id;
  return (
    <fetcher.Form method="post" action="/dashboard?index" className="inline-flex">
      <input type="hidden" name="intent" value="check-in-done" />
      <input type="hidden" name="reminderId" value={checkIn.id} />
      <button
        type="submit"
        // One at a time: a second would cancel the first's answer on its way back.
        disabled={fetcher.state !== "idle"}
        aria-label={`Mark the check-in with ${checkIn.customer} done`}
        className={QUICK_BUTTON}
      >
        {saving ? "Saving..." : "Mark done"}
      </button>
    </fetcher.Form>
  );
}

/** The agent's check-ins that fell due, until each is marked done. */
function CheckInsDue({ checkIns, today }: { checkIns: CheckIn[]; today: string }) {
  // The list's one fetcher, not one a row: a check-in marked done leaves the list, and its row
  // with it, and on a busy machine that can be the very render that brings the answer; an
  // effect of the row's own would then never run, and the agent would see no confirmation.
  const done = useFetcher<QuickActionAnswer>();
  useAnswerToast(done.data);
  return (
    <section
      aria-labelledby="check-ins-heading"
      className="rounded-2xl border border-slate-200 bg-white shadow-sm dark:border-slate-800 dark:bg-slate-900"
    >
      <h2 id="check-ins-heading" className="px-6 pt-5 text-lg font-semibold">
        Check-ins Due
      </h2>
      {checkIns.length === 0 ? (
        <p className="px-6 py-6 text-sm text-slate-500 dark:text-slate-400">
          No check-in is due. Schedule one from Quick Actions.
        </p>
      ) : (
        <ul className="divide-y divide-slate-100 px-6 pb-2 dark:divide-slate-800">
          {checkIns.map((checkIn) => (
            <li
              key={checkIn.id}
              className="flex flex-wrap items-center justify-between gap-x-4 gap-y-2 py-3"
            >
              <div className="min-w-0">
                <p className="font-medium">
                  {checkIn.customer}
                  <span className="font-normal text-slate-600 dark:text-slate-400">
                    {" "}
                    · {checkIn.contactName}
                  </span>
                </p>
                <p className="text-sm text-slate-600 dark:text-slate-400">
                  <span
                    className={
                      checkIn.dueOn < today
                        ? "font-semibold text-amber-700 dark:text-amber-300"
                        : ""
                    }
                  >
                    {checkIn.dueOn < today ? "Overdue since" : "Due"} {formatIsoDate(checkIn.dueOn)}
                  </span>
                  {checkIn.note ? <span className="block break-words">{checkIn.note}</span> : null}
                </p>
              </div>
              <DoneButton checkIn={checkIn} fetcher={done} />
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function RowActions({
  row,
  days,
  className = "",
}: {
  row: QuickAction;
  days: Days;
  className?: string;
}) {
  return (
    <div className={`flex flex-wrap items-start gap-2 ${className}`}>
      <QuoteButtons row={row} />
      <CheckInButton customerId={row.customerId} customer={row.customer} {...days} />
    </div>
  );
}

export default function DashboardHome({ loaderData }: Route.ComponentProps) {
  const { mrrCents, pipeline, alerts, quickActions, renewals, checkIns } = loaderData;
  const days: Days = { defaultDay: loaderData.checkInDefault, minDay: loaderData.today };
  return (
    <main className="mx-auto max-w-7xl space-y-8 px-4 py-8 sm:px-6">
      <h2 className="text-3xl font-bold tracking-tight">Your Telecom at a Glance</h2>

      {/* The two figures side by side and the alerts under them at full width: the alerts are as
          many as the data raises, and beside a long list the figures' cards stood mostly blank. */}
      <div className="grid gap-4 md:grid-cols-2">
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
      </div>
      <SummaryCard title="AI Alerts">
        {alerts.length === 0 ? (
          <p className="text-sm text-slate-500 dark:text-slate-400">
            No alerts. No bill is over its data plan, no promotion your quotes use is ending, and no
            renewal is due.
          </p>
        ) : (
          <ul className="grid gap-2 md:grid-cols-2">
            {alerts.map((alert) => (
              <li
                key={alertKey(alert)}
                className="flex gap-2 rounded-lg bg-amber-50 p-3 text-sm text-amber-900 dark:bg-amber-950/40 dark:text-amber-200"
              >
                <AlertText alert={alert} />
              </li>
            ))}
          </ul>
        )}
      </SummaryCard>

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
            No customer needs attention: no renewal is due, every sent quote has its answer, and
            every bill's savings are quoted.
          </p>
        ) : (
          <>
            {/* A phone has no room for four columns: each customer is a card there. */}
            <ul className="mt-3 divide-y divide-slate-200 border-t border-slate-200 md:hidden dark:divide-slate-800 dark:border-slate-800">
              {quickActions.map((row) => (
                <li key={row.customerId} className="px-6 py-4">
                  <div className="flex items-start justify-between gap-3">
                    <CustomerName row={row} />
                  </div>
                  <p className="mt-2 text-sm">{row.services}</p>
                  <div className="mt-2">
                    <Reasons row={row} />
                  </div>
                  <RowActions row={row} days={days} className="mt-3" />
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
                      <Reasons row={row} />
                    </td>
                    <td className="px-6 py-4">
                      <RowActions row={row} days={days} />
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </>
        )}
      </section>
      <CheckInsDue checkIns={checkIns} today={loaderData.today} />
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
                  Ends <LocalTime date={renewal.contractEnd} format={formatDate} /> ·{" "}
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
