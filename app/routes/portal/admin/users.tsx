import { Form, useNavigation } from "react-router";
import { PendingInvitations } from "#app/components/admin/PendingInvitations.tsx";
import { ShownOnceLink } from "#app/components/admin/ShownOnceLink.tsx";
import { CreateUserForm, InviteForm } from "#app/components/admin/UserForms.tsx";
import { UsersPager, UsersTable } from "#app/components/admin/UsersTable.tsx";
import { AdminErrorBoundary } from "#app/components/portal/AdminOnly.tsx";
import { EmptyState } from "#app/components/portal/Catalog.tsx";
import { PageBar } from "#app/components/portal/PageBar.tsx";
import { ErrorAlert, SuccessAlert } from "#app/components/ui/alert.tsx";
import { Button } from "#app/components/ui/button.tsx";
import { SearchInput } from "#app/components/ui/search-input.tsx";
import { nextSort, sortParams } from "#app/lib/schemas/sort.ts";
import { USER_DEFAULT_SORT, USER_SORT_COLUMNS } from "#app/lib/schemas/user-constants.ts";
import { type UsersAnswer, userActionSchema } from "#app/lib/schemas/users.ts";
import { useAnswerFocus } from "#app/lib/use-answer-focus.ts";
import { useUrlFilters } from "#app/lib/use-url-filters.ts";
import { userCtx } from "#server/web/context.ts";
import { parseForm } from "#server/web/forms.ts";
import { requireRole } from "#server/web/guard.ts";
import { runIntent } from "#server/web/intents.ts";
import type { Route } from "./+types/users";
import { invalidUsersForm, loadUsers, USER_INTENTS } from "./users.server.ts";

export const meta: Route.MetaFunction = () => [{ title: "Users | Carrierline" }];

export const middleware: Route.MiddlewareFunction[] = [requireRole("admin")];

export async function loader({ request, context }: Route.LoaderArgs) {
  return loadUsers(userCtx(context), new URL(request.url));
}

/** One intent per button of the screen, each answered by its own function (users.server.ts). */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await parseForm(request, userActionSchema);
  if (!form.ok) return invalidUsersForm(form.fields, form.fieldErrors);
  const { intent } = form.data;
  return runIntent(USER_INTENTS, intent, userCtx(context), form.data, request.headers);
}

export function ErrorBoundary() {
  return <AdminErrorBoundary message="Failed to load users" />;
}

export default function Users({ loaderData, actionData }: Route.ComponentProps) {
  const { rows, total, page, pages, query, me, invitations } = loaderData;
  const navigation = useNavigation();
  const busy = navigation.state === "submitting";
  const submitting = (intent: string) => busy && navigation.formData?.get("intent") === intent;
  const result: UsersAnswer | undefined = actionData;
  // A revoked invitation or a deleted user takes the row whose button had focus with it.
  const notice = useAnswerFocus<HTMLDivElement>(result, loaderData);
  const { update } = useUrlFilters();
  const sort = { column: query.sort, dir: query.dir };
  const sortBy = (column: string) => {
    const sortable = USER_SORT_COLUMNS.find((c) => c === column);
    if (sortable) update(sortParams(nextSort(sort, sortable), USER_DEFAULT_SORT), ["page"]);
  };

  return (
    <main className="mx-auto max-w-7xl px-4 py-8 sm:px-6">
      <PageBar title="Users">
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Everyone with an account in your company. Changes apply at once, also to sessions already
          signed in.
        </p>
      </PageBar>

      <div ref={notice} tabIndex={-1} className="focus:outline-none">
        {result ? (
          result.ok ? (
            <SuccessAlert className="mb-4">{result.message}</SuccessAlert>
          ) : (
            <ErrorAlert className="mb-4">{result.message}</ErrorAlert>
          )
        ) : null}
      </div>
      {result?.link ? <ShownOnceLink link={result.link} /> : null}

      <div className="mb-6 grid items-start gap-4 lg:grid-cols-2">
        <InviteForm answer={result} busy={busy} submitting={submitting("invite")} />
        <CreateUserForm answer={result} busy={busy} submitting={submitting("create")} />
      </div>

      <PendingInvitations rows={invitations} busy={busy} />

      <Form method="get" role="search" className="mb-4 flex max-w-md gap-2">
        <SearchInput
          label="Search users"
          name="q"
          placeholder="Name, username or email"
          defaultValue={query.q}
          className="flex-1"
        />
        {/* A new search keeps the table's sort. */}
        {sort.column !== USER_DEFAULT_SORT.column ? (
          <input type="hidden" name="sort" value={sort.column} />
        ) : null}
        {sort.dir !== USER_DEFAULT_SORT.dir ? (
          <input type="hidden" name="dir" value={sort.dir} />
        ) : null}
        <Button type="submit" variant="secondary">
          Search
        </Button>
      </Form>

      {rows.length === 0 ? (
        <EmptyState>{query.q ? "No users match your search" : "No users yet"}</EmptyState>
      ) : (
        <UsersTable rows={rows} me={me} busy={busy} sort={{ state: sort, onSort: sortBy }} />
      )}
      <UsersPager total={total} page={page} pages={pages} />
    </main>
  );
}
