import { type MouseEvent, useEffect, useRef } from "react";
import { data, Link, useNavigate, useNavigation } from "react-router";
import { PostCard } from "#app/components/blog/PostCard.tsx";
import { ErrorAlert } from "#app/components/ui/alert.tsx";
import { buttonClass } from "#app/components/ui/button.tsx";
import { BLOG_MESSAGES, BLOG_SUBTITLE, BLOG_TITLE, withIsoDate } from "#app/lib/blog.ts";
import { BLOG_MAX_SHOWN, readBlogListQuery } from "#app/lib/schemas/blog-list.ts";
import { seoMeta } from "#app/lib/seo.ts";
import { canWriteBlog, databaseAnswers, listPublishedPosts } from "#server/site/index.ts";
import { servicesOf } from "#server/web/context.ts";
import { optionalUser } from "#server/web/guard.ts";
import type { Route } from "./+types/index";

export const meta: Route.MetaFunction = (args) => {
  const page = args.loaderData?.page ?? 1;
  return [
    ...seoMeta(args, {
      title: page > 1 ? `Blog, page ${page} | Carrierline` : `Blog: ${BLOG_TITLE} | Carrierline`,
      description: BLOG_SUBTITLE,
      path: page > 1 ? `/blog?page=${page}` : "/blog",
    }),
    {
      tagName: "link",
      rel: "alternate",
      type: "application/rss+xml",
      title: "Carrierline Blog",
      href: "/blog/rss.xml",
    },
  ];
};

export async function loader({ request, context }: Route.LoaderArgs) {
  const query = readBlogListQuery(new URL(request.url).searchParams);
  // Pages 1..shown gathered by "Load More Posts", or the one page asked for.
  const page = query.shown > 1 ? 1 : query.page;
  const shown = query.shown > 1 ? query.shown : 1;
  const ctx = await servicesOf(context);
  try {
    const [list, user] = await Promise.all([
      listPublishedPosts(ctx, page, shown),
      optionalUser(request, context),
    ]);
    return {
      page,
      shown,
      posts: list.posts.map(withIsoDate),
      hasMore: list.hasMore,
      // Only those who may write see the way to (decision 0043): every reseller's agent is signed in.
      canWrite: canWriteBlog(user),
      error: null,
    };
  } catch (error) {
    ctx.ports.logger.error({ err: error, page }, "the blog list could not be read");
    // The spec's connection test, run only when it can explain a failure.
    const answers = await databaseAnswers(ctx);
    return data(
      {
        page,
        shown,
        posts: [],
        hasMore: false,
        canWrite: false,
        error: answers ? BLOG_MESSAGES.fetchFailed : BLOG_MESSAGES.unreachable,
      },
      { status: answers ? 500 : 503 },
    );
  }
}

const isPlainClick = (e: MouseEvent) =>
  e.button === 0 && !e.metaKey && !e.ctrlKey && !e.shiftKey && !e.altKey;

export default function BlogIndex({ loaderData }: Route.ComponentProps) {
  const navigation = useNavigation();
  const go = useNavigate();
  const { posts } = loaderData;
  const loading = navigation.state !== "idle" && navigation.location?.pathname === "/blog";
  // The list keeps what was loaded in its URL (pages 1..N), replacing the entry, so Back from a
  // post and a reload render the same posts and the browser can put the scroll back.
  const gathered = loaderData.page === 1 && loaderData.shown < BLOG_MAX_SHOWN;
  // Past the cap the list goes on a page at a time, from the page after the last one gathered.
  const next = gathered
    ? `/blog?shown=${loaderData.shown + 1}`
    : `/blog?page=${loaderData.page + loaderData.shown}`;

  // Keyboard and screen reader users continue at the first post that was just added.
  const firstNewAt = useRef<number | null>(null);
  useEffect(() => {
    const at = firstNewAt.current;
    if (at === null || posts.length <= at) return;
    firstNewAt.current = null;
    document.getElementById(`post-${posts[at]?.id}`)?.focus();
  }, [posts]);

  const loadMore = (e: MouseEvent<HTMLAnchorElement>) => {
    if (!gathered || !isPlainClick(e)) return;
    e.preventDefault();
    if (loading) return;
    firstNewAt.current = posts.length;
    void go(next, { replace: true, preventScrollReset: true });
  };

  return (
    <main className="mx-auto max-w-6xl px-4 py-16 sm:px-6 md:py-20">
      <header className="flex flex-col gap-6 md:flex-row md:items-end md:justify-between">
        <div className="max-w-2xl">
          <p className="text-sm font-semibold uppercase tracking-wider text-brand-600 dark:text-brand-400">
            Carrierline Blog
          </p>
          <h1 className="mt-2 text-4xl font-bold tracking-tight sm:text-5xl">{BLOG_TITLE}</h1>
          <p className="mt-4 text-lg text-slate-600 dark:text-slate-300">{BLOG_SUBTITLE}</p>
        </div>
        {loaderData.canWrite ? (
          <Link
            to="/blog/new"
            className={buttonClass("primary", "self-start px-5 py-2.5 md:self-auto")}
          >
            Create New Post
          </Link>
        ) : null}
      </header>

      {loaderData.page > 1 ? (
        <p className="mt-10">
          <Link
            to={loaderData.page === 2 ? "/blog" : `/blog?page=${loaderData.page - 1}`}
            className="text-sm font-medium text-brand-600 hover:underline dark:text-brand-400"
          >
            ← Newer posts
          </Link>
        </p>
      ) : null}

      {posts.length > 0 ? (
        <ul className="mt-10 grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
          {posts.map((post) => (
            <li key={post.id} className="flex">
              <PostCard post={post} />
            </li>
          ))}
        </ul>
      ) : null}

      {loaderData.error ? <ErrorAlert className="mt-10">{loaderData.error}</ErrorAlert> : null}

      {posts.length === 0 && !loaderData.error ? (
        <div className="mt-10 rounded-2xl border border-dashed border-slate-300 px-6 py-16 text-center dark:border-slate-700">
          <p className="text-lg font-medium">No posts found.</p>
          {loaderData.canWrite ? (
            <Link
              to="/blog/new"
              className="mt-3 inline-block font-semibold text-brand-600 hover:underline dark:text-brand-400"
            >
              Create your first post!
            </Link>
          ) : null}
        </div>
      ) : null}

      {loaderData.hasMore && !loaderData.error ? (
        <div className="mt-12 flex justify-center">
          {/* A real link: without JavaScript it opens the next page; with it, the page is appended. */}
          <Link
            to={next}
            onClick={loadMore}
            aria-disabled={loading || undefined}
            className={buttonClass(
              "secondary",
              `px-6 py-3 text-base ${loading ? "pointer-events-none opacity-70" : ""}`,
            )}
          >
            {loading ? "Loading posts..." : "Load More Posts"}
          </Link>
        </div>
      ) : null}
      <p role="status" className="sr-only">
        {loading ? "Loading posts..." : loaderData.shown > 1 ? `${posts.length} posts shown` : ""}
      </p>
    </main>
  );
}
