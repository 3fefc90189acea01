import { Link } from "react-router";

export function BackToBlog() {
  return (
    <Link
      to="/blog"
      className="inline-flex items-center gap-1.5 rounded-lg text-sm font-medium text-slate-600 hover:text-brand-700 dark:text-slate-400 dark:hover:text-brand-400"
    >
      <span aria-hidden="true">←</span> Back to Blog
    </Link>
  );
}
