import { Link, useSearchParams } from "react-router";
import {
  CellText,
  type DataColumn,
  DataTable,
  type TableSort,
} from "#app/components/ui/data-table.tsx";
import { LocalTime } from "#app/components/ui/local-time.tsx";
import {
  type CompanyUserRow,
  ROLE_LABELS,
  type UserSortColumn,
} from "#app/lib/schemas/user-constants.ts";
import { UserActions } from "./UserActions.tsx";

function Badge({ tone, children }: { tone: "good" | "bad" | "plain"; children: string }) {
  const tones = {
    good: "bg-emerald-100 text-emerald-800 dark:bg-emerald-900/40 dark:text-emerald-300",
    bad: "bg-red-100 text-red-800 dark:bg-red-900/40 dark:text-red-300",
    plain: "bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-300",
  };
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${tones[tone]}`}>
      {children}
    </span>
  );
}

function Factors({ factors }: { factors: CompanyUserRow["factors"] }) {
  const names = [factors.totp ? "TOTP" : null, factors.phone ? "Phone" : null].filter(
    (n): n is string => n !== null,
  );
  return names.length === 0 ? (
    <span className="text-slate-500 dark:text-slate-400">None</span>
  ) : (
    <span className="flex gap-1">
      {names.map((n) => (
        <Badge key={n} tone="plain">
          {n}
        </Badge>
      ))}
    </span>
  );
}

/**
 * User, role, status and Manage always show; the factors (already at 1280 px beside the
 * sidebar), then the last sign-in, then the address fold under the user as the room narrows. A
 * long username or address is cut to one line and shown whole on hover and focus. Manage keeps
 * the width of its open panel, so opening it neither widens the table nor moves the columns.
 */
function userColumns(me: string, busy: boolean): DataColumn<CompanyUserRow, UserColumn>[] {
  return [
    {
      key: "user",
      header: "User",
      primary: true,
      sortable: true,
      cell: (u) => (
        <>
          <CellText text={u.username} className="max-w-32" />
          <span className="block text-xs font-normal text-slate-500 dark:text-slate-400">
            {u.name}
          </span>
        </>
      ),
    },
    {
      key: "email",
      header: "Email",
      priority: 2,
      sortable: true,
      cell: (u) => <CellText text={u.email} className="max-w-72" />,
    },
    { key: "role", header: "Role", sortable: true, cell: (u) => ROLE_LABELS[u.role] },
    {
      key: "status",
      header: "Status",
      sortable: true,
      cell: (u) =>
        u.banned ? (
          <span className="space-y-1">
            <Badge tone="bad">Banned</Badge>
            {u.banReason ? (
              <span className="block text-xs text-slate-500 dark:text-slate-400">
                {u.banReason}
              </span>
            ) : null}
          </span>
        ) : (
          <Badge tone="good">Active</Badge>
        ),
    },
    {
      key: "factors",
      header: "Two-factor",
      priority: 4,
      cell: (u) => <Factors factors={u.factors} />,
    },
    {
      key: "lastSignIn",
      // A non-breaking hyphen: a narrow header wraps as "Last / sign-in", never "sign- / in".
      header: "Last sign\u2011in",
      priority: 3,
      sortable: true,
      cell: (u) =>
        u.lastSignInAt ? (
          <LocalTime date={u.lastSignInAt} />
        ) : (
          <span className="text-slate-500 dark:text-slate-400">-</span>
        ),
    },
    {
      key: "actions",
      header: "Actions",
      actions: true,
      className: "w-48 min-w-48",
      cell: (u) => <UserActions user={u} self={u.id === me} busy={busy} />,
    },
  ];
}

type UserColumn = UserSortColumn | "factors" | "actions";

/** The company's users, a row each, with what the admin can do to each one. */
export function UsersTable(props: {
  rows: CompanyUserRow[];
  me: string;
  busy: boolean;
  sort: TableSort<UserColumn>;
}) {
  return (
    <DataTable
      label="Users"
      columns={userColumns(props.me, props.busy)}
      rows={props.rows}
      rowKey={(u) => u.id}
      sort={props.sort}
    />
  );
}

/** How many users the search found, and the pages before and after this one. */
export function UsersPager(props: { total: number; page: number; pages: number }) {
  const { total, page, pages } = props;
  // The search and the sort stay as they are from page to page.
  const [params] = useSearchParams();
  const pageLink = (page: number) => {
    const next = new URLSearchParams(params);
    if (page > 1) next.set("page", String(page));
    else next.delete("page");
    const search = next.toString();
    return search ? `?${search}` : ".";
  };
  const links = [
    { page: page - 1, label: "Previous page", shown: page > 1 },
    { page: page + 1, label: "Next page", shown: page < pages },
  ];
  return (
    <nav
      aria-label="Pages"
      className="mt-3 flex flex-wrap items-center gap-3 text-sm text-slate-600 dark:text-slate-400"
    >
      <span>
        {total.toLocaleString("en-US")} {total === 1 ? "user" : "users"}
        {pages > 1 ? ` · page ${page} of ${pages}` : ""}
      </span>
      {links
        .filter((link) => link.shown)
        .map((link) => (
          <Link
            key={link.label}
            to={pageLink(link.page)}
            className="font-medium text-brand-600 hover:underline dark:text-brand-400"
          >
            {link.label}
          </Link>
        ))}
    </nav>
  );
}
