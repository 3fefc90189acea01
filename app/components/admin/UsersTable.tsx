import { Link } from "react-router";
import { LocalTime } from "#app/components/ui/local-time.tsx";
import { type CompanyUserRow, ROLE_LABELS, type UserListQuery } from "#app/lib/schemas/users.ts";
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

const HEADINGS = ["User", "Email", "Role", "Status", "Two-factor", "Last sign-in", "Actions"];

/** The company's users, a row each, with what the admin can do to each one. */
export function UsersTable(props: { rows: CompanyUserRow[]; me: string; busy: boolean }) {
  const { rows, me, busy } = props;
  return (
    <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white dark:border-slate-800 dark:bg-slate-900">
      <table className="w-full min-w-[900px] text-left text-sm">
        <thead className="border-b border-slate-200 bg-slate-50 text-xs uppercase tracking-wider text-slate-500 dark:border-slate-800 dark:bg-slate-800/50 dark:text-slate-400">
          <tr>
            {HEADINGS.map((h) => (
              <th key={h} scope="col" className="px-4 py-2">
                {h}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200 align-top dark:divide-slate-800">
          {rows.map((u) => (
            <tr key={u.id}>
              <td className="px-4 py-3">
                <p className="font-medium">{u.username}</p>
                <p className="text-xs text-slate-500 dark:text-slate-400">{u.name}</p>
              </td>
              <td className="px-4 py-3">{u.email}</td>
              <td className="px-4 py-3">{ROLE_LABELS[u.role]}</td>
              <td className="px-4 py-3">
                {u.banned ? (
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
                )}
              </td>
              <td className="px-4 py-3">
                <Factors factors={u.factors} />
              </td>
              <td className="px-4 py-3 whitespace-nowrap">
                {u.lastSignInAt ? (
                  <LocalTime date={u.lastSignInAt} />
                ) : (
                  <span className="text-slate-500 dark:text-slate-400">-</span>
                )}
              </td>
              <td className="px-4 py-3">
                <UserActions user={u} self={u.id === me} busy={busy} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** How many users the search found, and the pages before and after this one. */
export function UsersPager(props: { total: number; pages: number; query: UserListQuery }) {
  const { total, pages, query } = props;
  const pageLink = (page: number) => {
    const params = new URLSearchParams();
    if (query.q) params.set("q", query.q);
    if (page > 1) params.set("page", String(page));
    const search = params.toString();
    return search ? `?${search}` : ".";
  };
  const links = [
    { page: query.page - 1, label: "Previous page", shown: query.page > 1 },
    { page: query.page + 1, label: "Next page", shown: query.page < pages },
  ];
  return (
    <nav
      aria-label="Pages"
      className="mt-3 flex flex-wrap items-center gap-3 text-sm text-slate-600 dark:text-slate-400"
    >
      <span>
        {total.toLocaleString("en-US")} {total === 1 ? "user" : "users"}
        {pages > 1 ? ` · page ${query.page} of ${pages}` : ""}
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
