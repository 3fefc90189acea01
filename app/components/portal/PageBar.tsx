import type { ReactNode } from "react";
import { Link } from "react-router";

/** The top of a portal screen: Back, the screen's heading and its actions. */
export function PageBar(props: {
  title: string;
  back?: { to: string; label: string };
  actions?: ReactNode;
  children?: ReactNode;
}) {
  const back = props.back ?? { to: "/dashboard", label: "Back to Dashboard" };
  return (
    <div className="mb-6 space-y-3">
      <Link
        to={back.to}
        className="inline-flex items-center gap-1 text-sm font-medium text-brand-600 hover:underline dark:text-brand-400"
      >
        <span aria-hidden="true">←</span> {back.label}
      </Link>
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 className="text-2xl font-bold tracking-tight">{props.title}</h2>
        {props.actions ? (
          <div className="flex flex-wrap items-center gap-2">{props.actions}</div>
        ) : null}
      </div>
      {props.children}
    </div>
  );
}
