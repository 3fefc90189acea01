import { Form, useNavigation } from "react-router";
import { z } from "zod";
import { AdminErrorBoundary } from "#app/components/portal/AdminOnly.tsx";
import { EmptyState } from "#app/components/portal/Catalog.tsx";
import { PageBar } from "#app/components/portal/PageBar.tsx";
import { ErrorAlert, SuccessAlert } from "#app/components/ui/alert.tsx";
import { Button, buttonClass } from "#app/components/ui/button.tsx";
import { LocalTime } from "#app/components/ui/local-time.tsx";
import { SearchInput } from "#app/components/ui/search-input.tsx";
import { Select } from "#app/components/ui/select.tsx";
import { readFilters } from "#app/lib/schemas/catalog-filters.ts";
import { inviteSchema, ROLE_LABELS, USER_ROLES } from "#app/lib/schemas/users.ts";
import { WAITLIST_CSV_HEADERS } from "#app/lib/schemas/waitlist.ts";
import { useUrlFilters } from "#app/lib/use-url-filters.ts";
import { inviteUser } from "#server/accounts/index.ts";
import { listSignups, signupCountsBySource, WAITLIST_PAGE_SIZE } from "#server/site/index.ts";
import { invalidForm, refusedAction } from "#server/web/answers.ts";
import { userCtx } from "#server/web/context.ts";
import { parseForm } from "#server/web/forms.ts";
import { requireRole } from "#server/web/guard.ts";
import type { Route } from "./+types/waitlist";

const querySchema = z.object({
  q: z.string().trim().max(100).catch(""),
  page: z.coerce.number().int().min(1).max(10_000).catch(1),
});

export const meta: Route.MetaFunction = () => [{ title: "Waitlist | Carrierline" }];

export const middleware: Route.MiddlewareFunction[] = [requireRole("admin")];

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = readFilters(querySchema, new URL(request.url).searchParams);
  const ctx = userCtx(context);
  const [list, bySource] = await Promise.all([listSignups(ctx, query), signupCountsBySource(ctx)]);
  return {
    ...list,
    bySource,
    query,
    pages: Math.max(1, Math.ceil(list.total / WAITLIST_PAGE_SIZE)),
  };
}

/** Invite: a sign-up becomes an invitation into the admin's company. */
export async function action({ request, context }: Route.ActionArgs) {
  // Asked first: for anyone but an admin it is the 403, before the form is even read.
  const ctx = userCtx(context);
  const parsed = await parseForm(request, inviteSchema);
  if (!parsed.ok) return invalidForm(parsed.fieldErrors, "Enter a valid email address and role.");
  const outcome = await inviteUser(ctx, parsed.data);
  return outcome.ok
    ? { ok: true, message: `Invitation sent to ${outcome.value.email}.` }
    : refusedAction(outcome);
}

const ROLE_OPTIONS = USER_ROLES.map((r) => ({ value: r, label: ROLE_LABELS[r] }));

/** The export's column names, less the last submission time the table has no room for. */
const TABLE_HEADERS = [
  ...WAITLIST_CSV_HEADERS.filter((h) => h !== "Last Submitted"),
  "Invite",
] as const;

function InviteForm({ email, name }: { email: string; name: string }) {
  const navigation = useNavigation();
  const sending = navigation.state === "submitting" && navigation.formData?.get("email") === email;
  return (
    <Form method="post" className="flex items-center gap-2">
      <input type="hidden" name="email" value={email} />
      <Select
        label={`Role for ${name}`}
        hideLabel
        name="role"
        options={ROLE_OPTIONS}
        defaultValue="agent"
        className="w-28"
      />
      <Button type="submit" variant="secondary" className="py-1.5" disabled={sending}>
        {sending ? "Inviting..." : "Invite"}
        <span className="sr-only"> {name}</span>
      </Button>
    </Form>
  );
}

export function ErrorBoundary() {
  return <AdminErrorBoundary message="Failed to load the waitlist" />;
}

export default function Waitlist({ loaderData, actionData }: Route.ComponentProps) {
  const { rows, total, bySource, query, pages } = loaderData;
  const { update } = useUrlFilters();
  return (
    <main className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <PageBar
        title="Waitlist"
        actions={
          <a href="/api/admin/waitlist.csv" className={buttonClass("primary")} download>
            Export CSV
          </a>
        }
      />
      {actionData ? (
        actionData.ok ? (
          <SuccessAlert className="mb-4">{actionData.message}</SuccessAlert>
        ) : (
          <ErrorAlert className="mb-4">{actionData.message}</ErrorAlert>
        )
      ) : null}
      <section aria-label="Sign-ups by source" className="mb-6 flex flex-wrap gap-3">
        {bySource.length === 0
          ? null
          : bySource.map((s) => (
              <div
                key={s.source}
                className="rounded-xl border border-slate-200 bg-white px-4 py-2 dark:border-slate-800 dark:bg-slate-900"
              >
                <p className="text-xs text-slate-500 dark:text-slate-400">{s.source}</p>
                <p className="text-xl font-bold">{s.count}</p>
              </div>
            ))}
      </section>
      <SearchInput
        label="Search sign-ups"
        placeholder="Search by name, email or company..."
        defaultValue={query.q}
        onChange={(e) => update({ q: e.target.value }, ["page"])}
        className="mb-4 max-w-md"
      />
      {rows.length === 0 ? (
        <EmptyState>
          {query.q ? "No sign-ups match your search" : "No one has signed up yet"}
        </EmptyState>
      ) : (
        <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
          <table className="w-full min-w-[1000px] text-left text-sm">
            <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wider text-slate-500 dark:border-slate-800 dark:bg-slate-800/50 dark:text-slate-400">
              <tr>
                {TABLE_HEADERS.map((h) => (
                  <th key={h} scope="col" className="px-4 py-2">
                    {h}
                  </th>
                ))}
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-200 dark:divide-slate-800">
              {rows.map((r) => (
                <tr key={r.id}>
                  <td className="px-4 py-2 font-medium">{r.name}</td>
                  <td className="px-4 py-2">
                    <a
                      className="text-brand-600 hover:underline dark:text-brand-400"
                      href={`mailto:${r.email}`}
                    >
                      {r.email}
                    </a>
                  </td>
                  <td className="px-4 py-2">{r.company}</td>
                  <td className="px-4 py-2">{r.phone ?? "-"}</td>
                  <td className="px-4 py-2">{r.source}</td>
                  <td className="px-4 py-2">{r.submissionCount}</td>
                  <td className="px-4 py-2 whitespace-nowrap">
                    <LocalTime date={r.createdAt} />
                  </td>
                  <td className="px-4 py-2">
                    <InviteForm email={r.email} name={r.name} />
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      <p className="mt-3 text-sm text-slate-600 dark:text-slate-400">
        {total.toLocaleString("en-US")} {total === 1 ? "sign-up" : "sign-ups"}
        {pages > 1 ? ` · page ${query.page} of ${pages}` : ""}
      </p>
    </main>
  );
}
