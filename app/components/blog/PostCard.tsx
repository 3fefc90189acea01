import { Link } from "react-router";
import { blogPostPath, type IsoDated, type PostSummary } from "#app/lib/blog.ts";
import { PostByline } from "./PostByline.tsx";

/** One post in the blog's grid; the whole card is clickable through its title link. */
export function PostCard({ post }: { post: IsoDated<PostSummary> }) {
  return (
    <article className="group relative flex flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition hover:-translate-y-0.5 hover:border-brand-500/60 hover:shadow-md has-[a:focus-visible]:border-brand-500 has-[a:focus-visible]:ring-2 has-[a:focus-visible]:ring-brand-500/40 dark:border-slate-800 dark:bg-slate-900 dark:hover:border-brand-400/60">
      <h2 className="text-lg font-semibold leading-snug tracking-tight text-slate-900 dark:text-white">
        <Link
          id={`post-${post.id}`}
          to={blogPostPath(post.slug)}
          className="after:absolute after:inset-0 after:rounded-2xl after:content-[''] focus-visible:outline-none group-hover:text-brand-700 dark:group-hover:text-brand-400"
        >
          {post.title}
        </Link>
      </h2>
      {/* The wrapper takes the spare height; a clamped paragraph that grew would show a fifth line. */}
      <div className="mt-3 flex-1">
        <p className="line-clamp-4 text-sm leading-6 text-slate-600 dark:text-slate-300">
          {post.excerpt}
        </p>
      </div>
      <PostByline
        post={post}
        className="mt-5 border-t border-slate-100 pt-4 dark:border-slate-800"
      />
    </article>
  );
}
