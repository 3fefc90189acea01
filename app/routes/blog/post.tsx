import { data, redirect, useNavigation } from "react-router";
import { BackToBlog } from "#app/components/blog/BackToBlog.tsx";
import { PostByline } from "#app/components/blog/PostByline.tsx";
import { ErrorAlert } from "#app/components/ui/alert.tsx";
import { ConfirmForm } from "#app/components/ui/confirm-form.tsx";
import { BLOG_MESSAGES, blogPostPath, withIsoDate } from "#app/lib/blog.ts";
import { markdownToHtml } from "#app/lib/markdown.server.tsx";
import { blogPostActionSchema } from "#app/lib/schemas/blog-post.ts";
import { seoMeta } from "#app/lib/seo.ts";
import { statusOf } from "#server/http/errors.ts";
import { withUser } from "#server/platform/context.ts";
import {
  BLOG_WRITERS_ONLY,
  canWriteBlog,
  deletePost,
  publishedPostBySlug,
} from "#server/site/index.ts";
import { servicesOf } from "#server/web/context.ts";
import { parseForm } from "#server/web/forms.ts";
import { optionalUser } from "#server/web/guard.ts";
import type { Route } from "./+types/post";

export async function loader({ request, params, context }: Route.LoaderArgs) {
  const ctx = await servicesOf(context);
  let post: Awaited<ReturnType<typeof publishedPostBySlug>>;
  let user: Awaited<ReturnType<typeof optionalUser>>;
  try {
    [post, user] = await Promise.all([
      publishedPostBySlug(ctx, params.slug),
      // Who reads only decides whether Delete shows: a session that cannot be read is a reader.
      optionalUser(request, context).catch(() => null),
    ]);
  } catch (error) {
    // Public-site spec §8: any error on the post page sends the reader back to the list.
    ctx.ports.logger.error({ err: error, slug: params.slug }, "a blog post could not be read");
    throw redirect("/blog");
  }
  if (!post) return data({ post: null, canWrite: false }, { status: 404 });
  const { content, ...rest } = post;
  return {
    post: { ...withIsoDate(rest), html: markdownToHtml(content) },
    // Only those who may write see Delete (decision 0043); a visitor's page is the cached one.
    canWrite: canWriteBlog(user),
  };
}

export async function action({ request, params, context }: Route.ActionArgs) {
  // Anyone can post to this URL: the visitor and the reseller's agent are refused before the
  // form is read, and deletePost refuses them again behind this.
  const user = await optionalUser(request, context);
  if (!user) {
    return data(
      { formError: BLOG_MESSAGES.signInToDelete },
      { status: statusOf("unauthenticated") },
    );
  }
  if (!canWriteBlog(user)) {
    return data({ formError: BLOG_WRITERS_ONLY }, { status: statusOf("forbidden") });
  }
  const parsed = await parseForm(request, blogPostActionSchema);
  if (!parsed.ok) {
    return data({ formError: BLOG_MESSAGES.deleteOnly }, { status: statusOf("invalid") });
  }
  // Gone already (another operator, another tab): the list is where either would land.
  await deletePost(withUser(await servicesOf(context), user), params.slug);
  return redirect("/blog");
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

export default function BlogPost({ loaderData, actionData }: Route.ComponentProps) {
  const { post, canWrite } = loaderData;
  const navigation = useNavigation();
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
      <div className="flex flex-wrap items-center justify-between gap-3">
        <BackToBlog />
        {canWrite ? (
          <ConfirmForm
            fields={{ intent: "delete" }}
            danger
            busy={navigation.state !== "idle"}
            title="Delete this post?"
            description="The post is removed from the blog and its RSS feed, and its link stops working. This can't be undone."
            confirmLabel="Delete post"
          >
            Delete post
          </ConfirmForm>
        ) : null}
      </div>
      {actionData?.formError ? (
        <ErrorAlert className="mt-6">{actionData.formError}</ErrorAlert>
      ) : null}
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
