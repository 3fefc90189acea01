import { useEffect, useState } from "react";
import { Form, Link, redirect, useNavigation, useRevalidator } from "react-router";
import { AnalysisTabs } from "#app/components/bills/AnalysisTabs.tsx";
import { BillProgress, BillStatusBadge } from "#app/components/bills/BillStatus.tsx";
import { DeleteAnalysis } from "#app/components/bills/DeleteAnalysis.tsx";
import { ReadSourceNote, UnreadNote } from "#app/components/bills/ReadSourceNote.tsx";
import { CustomerPicker } from "#app/components/deals/CustomerPicker.tsx";
import { PageBar } from "#app/components/portal/PageBar.tsx";
import { RouteError } from "#app/components/portal/RouteError.tsx";
import { ErrorAlert, SuccessAlert } from "#app/components/ui/alert.tsx";
import { Button, buttonClass } from "#app/components/ui/button.tsx";
import { Dropdown } from "#app/components/ui/dropdown.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { Download, FileText } from "#app/components/ui/icons.ts";
import { LocalTime } from "#app/components/ui/local-time.tsx";
import { formatDate } from "#app/lib/format.ts";
import { billAnalysisActionSchema } from "#app/lib/schemas/bill-analyzer.ts";
import { ANALYZE_FAILED, BILL_ANALYSIS_NOT_FOUND } from "#app/lib/schemas/bills.ts";
import {
  attachToCustomer,
  deleteAnalysis,
  getAnalysisView,
  quoteFromBill,
} from "#server/bills/index.ts";
import { answerAction, answerLoader, invalidForm } from "#server/web/answers.ts";
import { userCtx } from "#server/web/context.ts";
import { parseForm, recordIdParam } from "#server/web/forms.ts";
import type { Route } from "./+types/analysis";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.analysis.fileName ?? "Bill analysis"} | Carrierline` },
];

export const handle = { title: "Bill Analyzer" };

/** How often a running analysis is asked again. */
const POLL_MS = 1000;

export async function loader({ params, context }: Route.LoaderArgs) {
  const ctx = userCtx(context);
  const id = recordIdParam(params.analysisId, BILL_ANALYSIS_NOT_FOUND);
  return { analysis: await answerLoader(() => getAnalysisView(ctx, { id })) };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const ctx = userCtx(context);
  const id = recordIdParam(params.analysisId, BILL_ANALYSIS_NOT_FOUND);
  const parsed = await parseForm(request, billAnalysisActionSchema);
  if (!parsed.ok) return invalidForm(parsed.fieldErrors, Object.values(parsed.fieldErrors)[0]);
  const input = parsed.data;
  return answerAction(async () => {
    switch (input.intent) {
      case "attach":
        await attachToCustomer(ctx, { id, customerId: input.customerId });
        return { ok: true as const, message: "Bill attached to the customer" };
      case "quote": {
        const quote = await quoteFromBill(ctx, { id });
        return redirect(`/dashboard/quotes/${quote.id}`);
      }
      case "delete":
        await deleteAnalysis(ctx, { id });
        return redirect("/dashboard/bill-analyzer");
    }
  });
}

export function ErrorBoundary() {
  return (
    <RouteError
      message="Failed to load the bill analysis"
      missing={{
        title: BILL_ANALYSIS_NOT_FOUND,
        back: { to: "/dashboard/bill-analyzer", label: "Back to Bill Analyzer" },
      }}
    />
  );
}

const CARD =
  "rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900";
const LINK = "font-medium text-brand-600 hover:underline dark:text-brand-400";

export default function BillAnalysisPage({ loaderData, actionData }: Route.ComponentProps) {
  const { analysis } = loaderData;
  const running = analysis.status === "pending" || analysis.status === "processing";
  const revalidator = useRevalidator();
  const navigation = useNavigation();
  const busy =
    navigation.state === "submitting" ? navigation.formData?.get("intent")?.toString() : undefined;

  // Asks again every second while the worker has the bill; the id is in the URL, so leaving
  // and coming back picks the analysis up where it is.
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => {
      if (revalidator.state === "idle" && document.visibilityState === "visible") {
        void revalidator.revalidate();
      }
    }, POLL_MS);
    return () => clearInterval(timer);
  }, [running, revalidator]);

  const base = `/dashboard/bill-analyzer/${analysis.id}`;
  return (
    <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      <PageBar
        title="Bill Analysis"
        back={{ to: "/dashboard/bill-analyzer", label: "Back to Bill Analyzer" }}
        actions={
          analysis.status === "completed" ? (
            <>
              <Form method="post">
                <input type="hidden" name="intent" value="quote" />
                <Button type="submit" disabled={busy !== undefined}>
                  <Icon icon={FileText} className="size-4" />
                  {busy === "quote" ? "Pricing..." : "Quote from this bill"}
                </Button>
              </Form>
              <ExportMenu base={base} />
              <DeleteAnalysis analysis={analysis} action={base} />
            </>
          ) : running ? null : (
            <DeleteAnalysis analysis={analysis} action={base} />
          )
        }
      >
        {/* Dots between the facts only where they sit on one line; wrapped on a phone, a dot was
            left hanging at a line's end. */}
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-600 dark:text-slate-400">
          <span className="wrap-anywhere font-medium text-slate-900 dark:text-slate-100">
            {analysis.fileName}
          </span>
          <span aria-hidden="true" className="hidden sm:inline">
            ·
          </span>
          <span>
            Uploaded <LocalTime date={analysis.createdAt} format={formatDate} />
          </span>
          <span aria-hidden="true" className="hidden sm:inline">
            ·
          </span>
          <BillStatusBadge status={analysis.status} />
          {analysis.customerId && analysis.customerName ? (
            <>
              <span aria-hidden="true" className="hidden sm:inline">
                ·
              </span>
              <span>
                For{" "}
                <Link to={`/dashboard/customers/${analysis.customerId}`} className={LINK}>
                  {analysis.customerName}
                </Link>
              </span>
            </>
          ) : null}
        </p>
      </PageBar>

      {actionData?.ok ? <SuccessAlert className="mb-4">{actionData.message}</SuccessAlert> : null}
      {actionData && !actionData.ok ? (
        <ErrorAlert className="mb-4">{actionData.message}</ErrorAlert>
      ) : null}

      {running ? (
        <section className={CARD} aria-labelledby="analysis-running">
          <h3 id="analysis-running" className="mb-4 text-lg font-semibold">
            Analyzing the bill
          </h3>
          <BillProgress
            stage={analysis.stage}
            progress={analysis.progress}
            waiting={analysis.status === "pending"}
          />
          <p className="mt-4 text-sm text-slate-600 dark:text-slate-400">
            A text PDF takes a second or two; a scanned page can take a little longer. You can leave
            this page and come back: the analysis carries on.
          </p>
        </section>
      ) : null}

      {analysis.status === "failed" ? (
        <section className={CARD} aria-labelledby="analysis-failed">
          <h3 id="analysis-failed" className="text-lg font-semibold text-red-700 dark:text-red-400">
            {ANALYZE_FAILED}
          </h3>
          {analysis.error && analysis.error !== ANALYZE_FAILED ? (
            <p className="mt-2 text-sm" data-testid="bill-error">
              {analysis.error}
            </p>
          ) : null}
          <Link to="/dashboard/bill-analyzer" className={`${buttonClass("primary")} mt-4`}>
            Upload another bill
          </Link>
        </section>
      ) : null}

      {analysis.status === "completed" && analysis.result ? (
        <div className="space-y-6">
          <AttachCustomer
            customerName={analysis.customerName}
            busy={busy === "attach"}
            key={analysis.customerId ?? "none"}
          />
          {/* Right above the figures it is about, whichever tab is open. */}
          <ReadSourceNote source={analysis.readSource} />
          <UnreadNote result={analysis.result} />
          <AnalysisTabs result={analysis.result} />
        </div>
      ) : null}
    </main>
  );
}

/** The report downloads: built by their own routes, fetched as documents rather than data. */
function ExportMenu({ base }: { base: string }) {
  return (
    <Dropdown
      summaryClassName={buttonClass("secondary")}
      summary={
        <>
          <Icon icon={Download} className="size-4" /> Export Analysis Report
        </>
      }
      panelClassName="absolute right-0 z-20 mt-2 w-56 rounded-lg border border-slate-200 bg-white py-1 shadow-lg dark:border-slate-700 dark:bg-slate-900"
    >
      <a
        href={`${base}/report.pdf`}
        download
        className="block px-3 py-2 text-sm hover:bg-slate-50 dark:hover:bg-slate-800"
      >
        Report (PDF)
      </a>
      <a
        href={`${base}/lines.xlsx`}
        download
        className="block px-3 py-2 text-sm hover:bg-slate-50 dark:hover:bg-slate-800"
      >
        Lines (Excel workbook)
      </a>
    </Dropdown>
  );
}

/** Files the analysis under one of the company's customers; a quote from it goes to them. */
function AttachCustomer(props: { customerName: string | null; busy: boolean }) {
  const [open, setOpen] = useState(props.customerName === null);
  const [picked, setPicked] = useState(false);
  return (
    <section className={CARD} aria-labelledby="attach-customer">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h3 id="attach-customer" className="font-semibold">
          {props.customerName ? `Customer: ${props.customerName}` : "Attach to customer"}
        </h3>
        {props.customerName && !open ? (
          <Button variant="secondary" onClick={() => setOpen(true)}>
            Change customer
          </Button>
        ) : null}
      </div>
      {props.customerName ? null : (
        <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
          Attach the bill to the customer it belongs to, then quote from it.
        </p>
      )}
      {open ? (
        <Form method="post" className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-start">
          <input type="hidden" name="intent" value="attach" />
          <div className="min-w-0 flex-1">
            <CustomerPicker pickOnly onPick={(customer) => setPicked(customer !== null)} />
          </div>
          {/* Beside the box, below its label (text-sm and mb-1.5: 1.625rem); the hint under the box
              would pull an end-aligned button below it. */}
          <Button
            type="submit"
            variant="secondary"
            className="sm:mt-[1.625rem]"
            disabled={!picked || props.busy}
          >
            {props.busy ? "Attaching..." : "Attach to customer"}
          </Button>
        </Form>
      ) : null}
    </section>
  );
}
