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
