import type { ReactNode } from "react";
import { LocalTime } from "#app/components/ui/local-time.tsx";
import type { IsoDated, PostSummary } from "#app/lib/blog.ts";
import { formatDate, formatLongDate } from "#app/lib/format.ts";

type Props = {
  post: Pick<IsoDated<PostSummary>, "author" | "isoDate" | "readTime">;
  /** The post page writes the month in full ("March 5, 2025"); lists abbreviate it. */
  longDate?: boolean;
  className?: string;
};

/**
 * One part of the byline with the "·" before it. The list is pulled left by the dot's width and
 * clips what sticks out, so the dot of a part that starts a line is cut off instead of dangling.
 */
function Part({ first = false, children }: { first?: boolean; children: ReactNode }) {
  return (
    <span className="whitespace-nowrap">
      <span aria-hidden="true" className="inline-block w-4 text-center">
        {first ? null : "·"}
      </span>
      {children}
    </span>
  );
}

/** Author · date · "N min read", as the card and the post page both show it. */
export function PostByline({ post, longDate = false, className = "" }: Props) {
  return (
    <p className={`overflow-hidden text-sm text-slate-500 dark:text-slate-400 ${className}`}>
      <span className="-ml-4 flex flex-wrap gap-y-1">
        <Part first>
          <span className="font-medium text-slate-700 dark:text-slate-300">{post.author}</span>
        </Part>
        <Part>
          <LocalTime
            date={Date.parse(post.isoDate)}
            format={longDate ? formatLongDate : formatDate}
          />
        </Part>
        <Part>
          <span>{`${post.readTime} min read`}</span>
        </Part>
      </span>
    </p>
  );
}
