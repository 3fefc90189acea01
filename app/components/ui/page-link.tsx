import { Link } from "react-router";

/** Real links, so paging works before JavaScript loads and pages can be opened in a new tab. */
export function PageLink(props: {
  page: number;
  disabled: boolean;
  params: URLSearchParams;
  label: string;
}) {
  if (props.disabled) {
    return (
      <span
        aria-disabled="true"
        className="rounded-lg border border-slate-200 px-3 py-1.5 text-slate-500 dark:border-slate-800 dark:text-slate-400"
      >
        {props.label}
      </span>
    );
  }
  const next = new URLSearchParams(props.params);
  if (props.page <= 1) next.delete("page");
  else next.set("page", String(props.page));
  return (
    <Link
      to={`?${next}`}
      preventScrollReset
      className="rounded-lg border border-slate-300 px-3 py-1.5 font-medium hover:bg-slate-100 dark:border-slate-700 dark:hover:bg-slate-800"
    >
      {props.label}
    </Link>
  );
}

/** Previous, "Page n of m", Next: a list's pages, shown only when there is more than one. */
export function Pager(props: { page: number; pageCount: number; params: URLSearchParams }) {
  if (props.pageCount <= 1) return null;
  return (
    <nav aria-label="Pages" className="flex items-center gap-2">
      <PageLink
        page={props.page - 1}
        disabled={props.page <= 1}
        params={props.params}
        label="Previous"
      />
      <span>
        Page {props.page} of {props.pageCount.toLocaleString("en-US")}
      </span>
      <PageLink
        page={props.page + 1}
        disabled={props.page >= props.pageCount}
        params={props.params}
        label="Next"
      />
    </nav>
  );
}

/** "120 customers (25–48 on this page)": how many, and which of them this page shows. */
export function countOnPage(
  total: number,
  noun: readonly [one: string, many: string],
  range: { page: number; pageCount: number; pageSize: number; shown: number },
): string {
  const first = (range.page - 1) * range.pageSize + 1;
  const last = first + range.shown - 1;
  const count = `${total.toLocaleString("en-US")} ${total === 1 ? noun[0] : noun[1]}`;
  return range.pageCount > 1
    ? `${count} (${first.toLocaleString("en-US")}–${last.toLocaleString("en-US")} on this page)`
    : count;
}
