import { data, redirect } from "react-router";
import { BackToBlog } from "#app/components/blog/BackToBlog.tsx";
import { PostByline } from "#app/components/blog/PostByline.tsx";
import { BLOG_MESSAGES, blogPostPath, withDisplayDates } from "#app/lib/blog.ts";
import { markdownToHtml } from "#app/lib/markdown.server.tsx";
import { seoMeta } from "#app/lib/seo.ts";
import { publishedPostBySlug } from "#server/site/index.ts";
import { servicesOf } from "#server/web/context.ts";
import type { Route } from "./+types/post";

export async function loader({ params, context }: Route.LoaderArgs) {
  const ctx = await servicesOf(context);
  let post: Awaited<ReturnType<typeof publishedPostBySlug>>;
  try {
    post = await publishedPostBySlug(ctx, params.slug);
  } catch (error) {
    // Public-site spec §8: any error on the post page sends the reader back to the list.
    ctx.ports.logger.error({ err: error, slug: params.slug }, "a blog post could not be read");
    throw redirect("/blog");
  }
  if (!post) return data({ post: null }, { status: 404 });
  const { content, ...rest } = post;
  return { post: { ...withDisplayDates(rest), html: markdownToHtml(content) } };
}

export const meta: Route.MetaFunction = (args) => {
  const post = args.loaderData?.post;
  if (!post) {
    return [
      { title: `${BLOG_MESSAGES.notFound} | Carrierline` },
      { name: "robots", content: "noindex" },
    ];
  }
  return [
    ...seoMeta(args, {
      title: `${post.title} | Carrierline Blog`,
      description: post.excerpt,
      path: blogPostPath(post.slug),
      type: "article",
    }),
    { property: "article:published_time", content: post.isoDate },
    { property: "article:author", content: post.author },
  ];
};

export default function BlogPost({ loaderData }: Route.ComponentProps) {
  const { post } = loaderData;
  if (!post) {
    return (
      <main className="mx-auto flex min-h-[50dvh] max-w-3xl flex-col items-start gap-6 px-4 py-16 sm:px-6">
        <BackToBlog />
        <h1 className="text-3xl font-bold tracking-tight">{BLOG_MESSAGES.notFound}</h1>
        <p className="text-slate-600 dark:text-slate-400">
          This post does not exist or is no longer published.
        </p>
      </main>
    );
  }
  return (
    <main className="mx-auto max-w-3xl px-4 py-12 sm:px-6 md:py-16">
      <BackToBlog />
      <article className="mt-8">
        <header className="border-b border-slate-200 pb-8 dark:border-slate-800">
          <h1 className="text-3xl font-bold leading-tight tracking-tight text-balance sm:text-5xl">
            {post.title}
          </h1>
          <PostByline post={post} longDate className="mt-5 text-base" />
        </header>
        {/* The server made this HTML from the markdown tree with React (see markdown.server.tsx);
            the post's own raw HTML is never part of it. */}
        <div
          className="mt-8 break-words"
          // biome-ignore lint/security/noDangerouslySetInnerHtml: React-rendered markdown, no raw HTML.
          dangerouslySetInnerHTML={{ __html: post.html }}
        />
      </article>
    </main>
  );
}
