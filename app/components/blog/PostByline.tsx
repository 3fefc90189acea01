import type { DisplayDated, PostSummary } from "#app/lib/blog.ts";

type Props = {
  post: Pick<DisplayDated<PostSummary>, "author" | "isoDate" | "date" | "longDate" | "readTime">;
  /** The post page writes the month in full ("March 5, 2025"); lists abbreviate it. */
  longDate?: boolean;
  className?: string;
};

/** Author · date · "N min read", as the card and the post page both show it. */
export function PostByline({ post, longDate = false, className = "" }: Props) {
  return (
    <p
      className={`flex flex-wrap items-center gap-x-2 gap-y-1 text-sm text-slate-500 dark:text-slate-400 ${className}`}
    >
      <span className="font-medium text-slate-700 dark:text-slate-300">{post.author}</span>
      <span aria-hidden="true">·</span>
      <time dateTime={post.isoDate}>{longDate ? post.longDate : post.date}</time>
      <span aria-hidden="true">·</span>
      <span>{`${post.readTime} min read`}</span>
    </p>
  );
}
