import { type DragEvent, useRef, useState } from "react";
import { Form, Link, redirect, useNavigation } from "react-router";
import { BillStatusBadge } from "#app/components/bills/BillStatus.tsx";
import { DeleteAnalysis } from "#app/components/bills/DeleteAnalysis.tsx";
import { CarrierBadge } from "#app/components/portal/CarrierBadge.tsx";
import { PageBar } from "#app/components/portal/PageBar.tsx";
import { RouteError } from "#app/components/portal/RouteError.tsx";
import { ErrorAlert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { type DataColumn, DataTable } from "#app/components/ui/data-table.tsx";
import { EmptyState } from "#app/components/ui/empty-state.tsx";
import { Icon } from "#app/components/ui/icon.tsx";
import { FileSearch, Upload } from "#app/components/ui/icons.ts";
import { LocalTime } from "#app/components/ui/local-time.tsx";
import { countOnPage, Pager } from "#app/components/ui/page-link.tsx";
import { formatCents, formatDate } from "#app/lib/format.ts";
import {
  BILL_FILE_ACCEPT,
  billAnalyzerActionSchema,
  billFileProblem,
  DEMO_BILLS,
} from "#app/lib/schemas/bill-analyzer.ts";
import {
  billAnalysesPageSchema,
  MAX_BILL_BYTES,
  UPLOAD_A_BILL_FIRST,
} from "#app/lib/schemas/bills.ts";
import { readFilters } from "#app/lib/schemas/catalog-filters.ts";
import { useUrlFilters } from "#app/lib/use-url-filters.ts";
import {
  BILL_ANALYSES_PAGE_SIZE,
  deleteAnalysis,
  limitBillUploads,
  listAnalyses,
  submitBill,
  submitDemoBill,
} from "#server/bills/index.ts";
import { invalidInput } from "#server/platform/errors.ts";
import { answerAction, invalidForm, refusedAction } from "#server/web/answers.ts";
import { runtimeOf, userCtx } from "#server/web/context.ts";
import { formFields, parseFields, readForm } from "#server/web/forms.ts";
import type { Route } from "./+types/analyzer";

export const meta: Route.MetaFunction = () => [{ title: "Bill Analyzer | Carrierline" }];

export const handle = { title: "Bill Analyzer" };

export async function loader({ request, context }: Route.LoaderArgs) {
  const ctx = userCtx(context);
  const { page } = readFilters(billAnalysesPageSchema, new URL(request.url).searchParams);
  return { analyses: await listAnalyses(ctx, { page }), pageSize: BILL_ANALYSES_PAGE_SIZE };
}

export async function action({ request, context }: Route.ActionArgs) {
  const ctx = userCtx(context);
  const form = await readForm(request);
  const parsed = parseFields(formFields(form), billAnalyzerActionSchema);
  if (!parsed.ok) return invalidForm(parsed.fieldErrors, Object.values(parsed.fieldErrors)[0]);
  const input = parsed.data;
  if (input.intent === "delete") {
    return answerAction(async () => {
      await deleteAnalysis(ctx, { id: input.id });
      return { ok: true as const, message: "Analysis deleted" };
    });
  }
  const file = form.get("file");
  const uploaded = file instanceof File && file.size > 0 ? file : null;
  // Refused before the rate limit: an empty form is no upload to count.
  if (input.intent === "upload" && !uploaded) {
    return refusedAction(invalidInput(UPLOAD_A_BILL_FIRST));
  }
  const limited = await limitBillUploads(ctx);
  if (limited) return refusedAction(limited);
  const runtime = await runtimeOf(context);
  return answerAction(async () => {
    const submitted = async () => {
      if (input.intent === "sample") return submitDemoBill(ctx, { name: input.sample });
      if (!uploaded) throw invalidInput(UPLOAD_A_BILL_FIRST);
      return submitBill(ctx, {
        fileName: uploaded.name,
        bytes: new Uint8Array(await uploaded.arrayBuffer()),
        customerId: input.customerId,
      });
    };
    const { id } = await submitted();
    runtime.billJobs.wake();
    return redirect(`/dashboard/bill-analyzer/${id}`);
  });
}

export function ErrorBoundary() {
  return <RouteError message="Failed to load bill analyses" />;
}

type Row = Route.ComponentProps["loaderData"]["analyses"]["items"][number];

const LINK = "font-medium text-brand-600 hover:underline dark:text-brand-400";

export default function BillAnalyzer({ loaderData, actionData }: Route.ComponentProps) {
  const { analyses } = loaderData;
  const url = useUrlFilters();
  const navigation = useNavigation();
  const busyIntent =
    navigation.state !== "idle" ? navigation.formData?.get("intent")?.toString() : undefined;
  const deleted = actionData?.ok === true ? actionData.message : null;

  const columns: readonly DataColumn<Row>[] = [
    {
      key: "file",
      header: "File",
      primary: true,
      cell: (row) => (
        <Link to={`/dashboard/bill-analyzer/${row.id}`} className={`${LINK} wrap-anywhere`}>
          {row.fileName}
        </Link>
      ),
    },
    {
      key: "carrier",
      header: "Carrier",
      priority: 2,
      cell: (row) =>
        row.carrier ? (
          <CarrierBadge carrier={row.carrier} />
        ) : row.status === "completed" ? (
          "Other"
        ) : (
          "—"
        ),
    },
    {
      key: "total",
      header: "Monthly total",
      cell: (row) => (row.totalMonthlyCents === null ? "—" : formatCents(row.totalMonthlyCents)),
      className: "whitespace-nowrap tabular-nums @min-[40rem]:text-right",
    },
    { key: "status", header: "Status", cell: (row) => <BillStatusBadge status={row.status} /> },
    {
      key: "customer",
      header: "Customer",
      priority: 3,
      cell: (row) =>
        row.customerId && row.customerName ? (
          <Link to={`/dashboard/customers/${row.customerId}`} className={LINK}>
            {row.customerName}
          </Link>
        ) : (
          "—"
        ),
    },
    {
      key: "date",
      header: "Uploaded",
      cell: (row) => <LocalTime date={row.createdAt} format={formatDate} />,
      className: "whitespace-nowrap",
      priority: 2,
    },
    {
      key: "actions",
      header: "Actions",
      actions: true,
      cell: (row) => (
        <DeleteAnalysis analysis={row} action="/dashboard/bill-analyzer?index" named />
      ),
    },
  ];

  return (
    <main className="mx-auto max-w-6xl px-4 py-8 sm:px-6">
      <PageBar title="Bill Analyzer">
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Upload a customer's carrier bill: we list its lines, find what they pay for and do not
          use, and price the same lines from our catalog.
        </p>
      </PageBar>
      <div className="grid gap-6 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
        <UploadCard
          serverError={actionData && !actionData.ok ? actionData.message : null}
          busy={busyIntent === "upload"}
        />
        <SampleCard busy={busyIntent === "sample" ? navigation.formData?.get("sample") : null} />
      </div>

      <section aria-labelledby="past-analyses" className="mt-10">
        <h3 id="past-analyses" className="mb-3 text-lg font-semibold">
          Past analyses
        </h3>
        {deleted ? (
          <p role="status" className="mb-3 text-sm text-emerald-700 dark:text-emerald-400">
            {deleted}
          </p>
        ) : null}
        {analyses.total === 0 ? (
          <EmptyState
            icon={FileSearch}
            title="No bills analyzed yet"
            description="Upload a bill or try a sample: each analysis is kept here to reopen."
          />
        ) : (
          <>
            <DataTable
              label="Past analyses"
              columns={columns}
              rows={analyses.items}
              rowKey={(row) => row.id}
            />
            <div className="mt-4 flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600 dark:text-slate-400">
              <p>
                {countOnPage(analyses.total, ["analysis", "analyses"], {
                  ...analyses,
                  pageSize: loaderData.pageSize,
                  shown: analyses.items.length,
                })}
              </p>
              <Pager page={analyses.page} pageCount={analyses.pageCount} params={url.params} />
            </div>
          </>
        )}
      </section>
    </main>
  );
}

const CARD =
  "rounded-2xl border border-slate-200 bg-white p-6 shadow-sm dark:border-slate-800 dark:bg-slate-900";

/**
 * Pick or drop one bill. The browser's check is for quick feedback only; the server reads the
 * bytes. A new file clears the last error, as the spec's states ask.
 */
function UploadCard(props: { serverError: string | null; busy: boolean }) {
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [localError, setLocalError] = useState<string | null>(null);
  // The server's answer belongs to the file it was about: a new choice hides it.
  const [answered, setAnswered] = useState<string | null>(null);
  const [dragging, setDragging] = useState(false);
  const error = localError ?? (props.serverError !== answered ? props.serverError : null);

  function choose(chosen: File | null) {
    setAnswered(props.serverError);
    setFile(chosen);
    setLocalError(chosen ? billFileProblem(chosen, MAX_BILL_BYTES) : null);
  }

  function drop(event: DragEvent<HTMLLabelElement>) {
    event.preventDefault();
    setDragging(false);
    const files = event.dataTransfer.files;
    if (input.current && files.length > 0) {
      input.current.files = files;
      choose(files[0] ?? null);
    }
  }

  return (
    <section aria-labelledby="upload-bill" className={CARD}>
      <h3 id="upload-bill" className="text-lg font-semibold">
        Upload a bill
      </h3>
      <Form
        method="post"
        action="/dashboard/bill-analyzer?index"
        encType="multipart/form-data"
        noValidate
        className="mt-4 space-y-4"
        onSubmit={(event) => {
          if (!file) {
            event.preventDefault();
            setAnswered(props.serverError);
            setLocalError(UPLOAD_A_BILL_FIRST);
          } else if (localError) {
            event.preventDefault();
          }
        }}
      >
        <input type="hidden" name="intent" value="upload" />
        {/* Visually hidden, so the box shows its keyboard focus instead: the input comes first
            for the box's peer-focus-visible classes. */}
        <input
          ref={input}
          id="bill-file"
          name="file"
          type="file"
          accept={BILL_FILE_ACCEPT}
          aria-label="Bill file"
          className="peer sr-only"
          onChange={(event) => choose(event.currentTarget.files?.[0] ?? null)}
        />
        <label
          htmlFor="bill-file"
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={drop}
          data-testid="bill-drop-zone"
          className={`flex cursor-pointer flex-col items-center justify-center gap-2 rounded-xl border-2 border-dashed px-4 py-8 text-center transition-colors peer-focus-visible:border-brand-500 peer-focus-visible:outline-2 peer-focus-visible:outline-offset-2 peer-focus-visible:outline-brand-500 ${
            dragging
              ? "border-brand-500 bg-brand-50 dark:bg-brand-950/40"
              : "border-slate-300 hover:border-brand-400 dark:border-slate-700"
          }`}
        >
          <Icon icon={Upload} className="size-7 text-brand-600 dark:text-brand-400" />
          <span className="font-medium">{file ? file.name : "Choose a bill or drop it here"}</span>
          <span className="text-xs text-slate-600 dark:text-slate-400">
            PDF, PNG or JPEG, up to 10 MB
          </span>
        </label>
        {error ? <ErrorAlert>{error}</ErrorAlert> : null}
        <Button type="submit" disabled={props.busy} className="w-full sm:w-auto">
          {props.busy ? "Uploading..." : "Analyze Bill"}
        </Button>
      </Form>
    </section>
  );
}

function SampleCard(props: { busy: FormDataEntryValue | null | undefined }) {
  return (
    <section aria-labelledby="sample-bills" className={CARD}>
      <h3 id="sample-bills" className="text-lg font-semibold">
        Try a sample bill
      </h3>
      <p className="mt-1 text-sm text-slate-600 dark:text-slate-400">
        Made-up bills in each carrier's layout, to see what an analysis gives.
      </p>
      <ul className="mt-4 space-y-2">
        {DEMO_BILLS.map((sample) => (
          <li key={sample.name}>
            <Form method="post" action="/dashboard/bill-analyzer?index">
              <input type="hidden" name="intent" value="sample" />
              <input type="hidden" name="sample" value={sample.name} />
              <Button
                type="submit"
                variant="secondary"
                className="w-full justify-start"
                disabled={props.busy !== null && props.busy !== undefined}
              >
                <Icon icon={FileSearch} className="size-4" />
                {props.busy === sample.name ? "Uploading..." : sample.label}
              </Button>
            </Form>
          </li>
        ))}
      </ul>
    </section>
  );
}
