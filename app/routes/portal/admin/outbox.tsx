import { useSearchParams } from "react-router";
import { z } from "zod";
import { AdminErrorBoundary } from "#app/components/portal/AdminOnly.tsx";
import { EmptyState } from "#app/components/portal/Catalog.tsx";
import { PageBar } from "#app/components/portal/PageBar.tsx";
import { LocalTime } from "#app/components/ui/local-time.tsx";
import { Pager } from "#app/components/ui/page-link.tsx";
import { readFilters } from "#app/lib/schemas/catalog-filters.ts";
import { pageNumber } from "#app/lib/schemas/fields.ts";
import { listOutbox } from "#server/platform/outbox.ts";
import { userCtx } from "#server/web/context.ts";
import { requireRole } from "#server/web/guard.ts";
import type { Route } from "./+types/outbox";

const querySchema = z.object({ page: pageNumber(10_000) });

export const meta: Route.MetaFunction = () => [{ title: "Outbox | Carrierline" }];

// A company's admin reads their company's mail, an operator the waitlist's (server/platform/outbox.ts).
export const middleware: Route.MiddlewareFunction[] = [requireRole("admin", "operator")];

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = readFilters(querySchema, new URL(request.url).searchParams);
  return listOutbox(userCtx(context), query);
}

export function ErrorBoundary() {
  return <AdminErrorBoundary message="Failed to load the outbox" />;
}

export default function Outbox({ loaderData }: Route.ComponentProps) {
  const { rows, total, page, pageCount } = loaderData;
  const [params] = useSearchParams();
  return (
    <main className="mx-auto max-w-5xl px-4 py-8 sm:px-6">
      <PageBar title="Outbox">
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Every email and text the platform sends is kept here. Without a mail relay (SMTP_URL) they
          stay queued; with one, they show as sent or failed.
        </p>
      </PageBar>
      {rows.length === 0 ? (
        <EmptyState>No messages yet</EmptyState>
      ) : (
        <ul className="space-y-3">
          {rows.map((m) => (
            <li
              key={m.id}
              className="rounded-2xl border border-slate-200 bg-white p-4 dark:border-slate-800 dark:bg-slate-900"
            >
              <details>
                <summary className="flex cursor-pointer flex-wrap items-center gap-x-3 gap-y-1">
                  <span className="font-medium">{m.subject ?? "(text message)"}</span>
                  {/* An address breaks anywhere if it must: a long one widened a phone's page. */}
                  <span className="min-w-0 text-sm wrap-anywhere text-slate-600 dark:text-slate-400">
                    to {m.toAddress}
                  </span>
                  <span className="rounded-full bg-slate-100 px-2 py-0.5 text-xs dark:bg-slate-800">
                    {m.status}
                  </span>
                  <span className="text-xs text-slate-500 dark:text-slate-400">
                    {m.template} · <LocalTime date={m.createdAt} />
                  </span>
                </summary>
                <pre className="mt-3 whitespace-pre-wrap wrap-anywhere rounded-lg bg-slate-50 p-3 font-sans text-sm dark:bg-slate-950">
                  {m.textBody}
                </pre>
                {m.attachments ? (
                  <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
                    {`Attached: ${m.attachments}`}
                  </p>
                ) : null}
                {m.lastError ? <p className="mt-2 text-sm text-red-600">{m.lastError}</p> : null}
              </details>
            </li>
          ))}
        </ul>
      )}
      <div className="mt-3 flex flex-wrap items-center justify-between gap-3 text-sm text-slate-600 dark:text-slate-400">
        <p>
          {total.toLocaleString("en-US")} {total === 1 ? "message" : "messages"}
        </p>
        {/* Past the first 50 messages the outbox had no way on but typing ?page= . */}
        <Pager page={page} pageCount={pageCount} params={params} />
      </div>
    </main>
  );
}
