import { lazy, Suspense, useDeferredValue, useState } from "react";
import { data, Form, Link, redirect, useNavigation } from "react-router";
import { BackToBlog } from "#app/components/blog/BackToBlog.tsx";
import { Forbidden } from "#app/components/Forbidden.tsx";
import { ErrorAlert } from "#app/components/ui/alert.tsx";
import { Button, buttonClass } from "#app/components/ui/button.tsx";
import { TextareaField, TextField } from "#app/components/ui/text-field.tsx";
import { BLOG_MESSAGES, blogPostPath } from "#app/lib/blog.ts";
import {
  BLOG_POST_FIELDS,
  BLOG_POST_LIMITS,
  BLOG_READ_TIME_DEFAULT,
  type BlogPostField,
  type BlogPostFieldErrors,
  blogPostSchema,
  parseBlogPostForm,
} from "#app/lib/schemas/blog-post.ts";
import { statusOf } from "#server/http/errors.ts";
import { withUser } from "#server/platform/context.ts";
import { isDomainError } from "#server/platform/errors.ts";
import { BLOG_WRITERS_ONLY, canWriteBlog, createPost } from "#server/site/index.ts";
import { servicesOf } from "#server/web/context.ts";
import { parseForm } from "#server/web/forms.ts";
import { optionalUser, requireUserOutsidePortal } from "#server/web/guard.ts";
import type { Route } from "./+types/new";

// The preview's markdown parser loads only when someone opens the preview.
const MarkdownPreview = lazy(() => import("#app/components/blog/MarkdownPreview.tsx"));

export const meta: Route.MetaFunction = () => [
  { title: "Create New Blog Post | Carrierline" },
  { name: "robots", content: "noindex" },
];

export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await requireUserOutsidePortal(request, context);
  // Every reseller's agent is signed in too; the site's own blog is its operators' (decision
  // 0043). Answered as data, not thrown, so the refusal is drawn inside the site's frame.
  if (!canWriteBlog(user)) {
    return data({ refusal: BLOG_WRITERS_ONLY, author: "" }, { status: statusOf("forbidden") });
  }
  // The post is most often the writer's own: their name starts in the Author field.
  return { refusal: null, author: user.name };
}

type ActionData = {
  formError?: string;
  fieldErrors?: BlogPostFieldErrors;
  /** What was sent, so a page rendered without JavaScript keeps the author's text. */
  values?: Partial<Record<BlogPostField, string>>;
};

const sentValues = (fields: Record<string, string>) =>
  Object.fromEntries(BLOG_POST_FIELDS.map((f) => [f, fields[f] ?? ""]));

export async function action({ request, context }: Route.ActionArgs) {
  // Checked here as well as in the loader: anyone can post to this URL directly.
  const user = await optionalUser(request, context);
  if (!user) {
    return data<ActionData>(
      { formError: BLOG_MESSAGES.signInToCreate },
      { status: statusOf("unauthenticated") },
    );
  }
  // createPost refuses too; asked first so a refused form is not read at all.
  if (!canWriteBlog(user)) {
    return data<ActionData>({ formError: BLOG_WRITERS_ONLY }, { status: statusOf("forbidden") });
  }
  // A refused form comes back with what was sent, so a page without JavaScript keeps the text.
  const parsed = await parseForm(request, blogPostSchema);
  const values = sentValues(parsed.fields);
  if (!parsed.ok) {
    return data<ActionData>(
      { fieldErrors: parsed.fieldErrors, values },
      { status: statusOf("invalid") },
    );
  }
  const ctx = withUser(await servicesOf(context), user);
  let slug: string;
  try {
    ({ slug } = await createPost(ctx, parsed.data));
  } catch (error) {
    if (isDomainError(error)) {
      return data<ActionData>(
        { formError: error.message, values },
        { status: statusOf(error.kind) },
      );
    }
    ctx.ports.logger.error({ err: error }, "a blog post could not be created");
    return data<ActionData>({ formError: BLOG_MESSAGES.createFailed, values }, { status: 500 });
  }
  throw redirect(blogPostPath(slug));
}

export default function NewBlogPost({ loaderData, actionData }: Route.ComponentProps) {
  if (loaderData.refusal !== null) return <WritersOnly message={loaderData.refusal} />;
  return <PostForm author={loaderData.author} result={actionData} />;
}

/** A signed-in person who may not write here: why, and the ways on. */
function WritersOnly({ message }: { message: string }) {
  return (
    <Forbidden
      heading="h1"
      message={message}
      hint="Your account works in the portal as before. Posts here are written by the Carrierline team."
    >
      <div className="mt-8 flex justify-center gap-3">
        <Link to="/blog" className={buttonClass("secondary")}>
          Back to Blog
        </Link>
        <Link to="/dashboard" className={buttonClass("primary")}>
          Go to Dashboard
        </Link>
      </div>
    </Forbidden>
  );
}

function PostForm({ author, result }: { author: string; result: ActionData | undefined }) {
  const navigation = useNavigation();
  const busy = navigation.state !== "idle" && navigation.formAction === "/blog/new";
  // Errors found in the browser before sending; the server's answer replaces them.
  const [clientErrors, setClientErrors] = useState<{
    from: unknown;
    errors: BlogPostFieldErrors;
  }>();
  const errors =
    clientErrors && clientErrors.from === result ? clientErrors.errors : result?.fieldErrors;
  const [content, setContent] = useState(result?.values?.content ?? "");
  const [showPreview, setShowPreview] = useState(false);
  const preview = useDeferredValue(content);

  /** Shows what the schema finds wrong with the form; returns the first field to fix, if any. */
  const validate = (form: HTMLFormElement): BlogPostField | undefined => {
    const parsed = parseBlogPostForm(new FormData(form));
    const found = parsed.ok ? {} : parsed.errors;
    setClientErrors({ from: result, errors: found });
    return BLOG_POST_FIELDS.find((f) => found[f]);
  };

  const field = (name: BlogPostField) => ({
    name,
    error: errors?.[name],
    defaultValue: result?.values?.[name],
    // Once a field has shown an error, each edit checks it again, so the message goes as soon as
    // the value is right. (Checked on leaving the field, the message went as the mouse pressed
    // Create Post, the button moved up under the pointer, and the click missed it.)
    onInput: (e: { currentTarget: { form: HTMLFormElement | null } }) => {
      if (errors?.[name] && e.currentTarget.form) validate(e.currentTarget.form);
    },
  });

  return (
    <main className="mx-auto max-w-3xl px-4 py-12 sm:px-6 md:py-16">
      <BackToBlog />
      <h1 className="mt-6 text-3xl font-bold tracking-tight sm:text-4xl">Create New Blog Post</h1>
      <Form
        method="post"
        noValidate
        aria-busy={busy || undefined}
        onSubmit={(e) => {
          const invalid = validate(e.currentTarget);
          if (!invalid) return;
          e.preventDefault();
          // Take the author to the first field to fix rather than leave them at the button.
          const control = e.currentTarget.elements.namedItem(invalid);
          if (control instanceof HTMLElement) control.focus();
        }}
        className="mt-8 space-y-6 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm sm:p-8 dark:border-slate-800 dark:bg-slate-900"
      >
        <TextField label="Title" maxLength={BLOG_POST_LIMITS.title} required {...field("title")} />
        <TextareaField
          label="Excerpt"
          rows={3}
          maxLength={BLOG_POST_LIMITS.excerpt}
          required
          hint="A sentence or two shown on the blog's list."
          {...field("excerpt")}
        />
        <div>
          <TextareaField
            label="Content (Markdown)"
            rows={15}
            required
            controlClassName="font-mono text-sm leading-6"
            hint="Headings, lists, links, code, tables and images. HTML is shown as text."
            {...field("content")}
            onChange={(e) => setContent(e.currentTarget.value)}
          />
          <div className="mt-2 flex justify-end">
            <Button
              variant="ghost"
              className="px-3 py-1.5"
              aria-expanded={showPreview}
              aria-controls="post-preview"
              onClick={() => setShowPreview((v) => !v)}
            >
              {showPreview ? "Hide preview" : "Show preview"}
            </Button>
          </div>
          {showPreview ? (
            <section
              id="post-preview"
              aria-label="Preview"
              className="mt-2 max-h-[32rem] overflow-y-auto rounded-xl border border-slate-200 bg-slate-50 px-5 py-2 dark:border-slate-800 dark:bg-slate-950"
            >
              <Suspense fallback={<p className="my-5 text-sm">Loading preview...</p>}>
                <MarkdownPreview markdown={preview} />
              </Suspense>
            </section>
          ) : null}
        </div>
        <div className="grid gap-6 sm:grid-cols-2">
          <TextField
            label="Author"
            autoComplete="name"
            maxLength={BLOG_POST_LIMITS.author}
            required
            {...field("author")}
            defaultValue={result?.values?.author ?? author}
          />
          <TextField
            label="Read Time (minutes)"
            type="number"
            inputMode="numeric"
            min={BLOG_POST_LIMITS.readTimeMin}
            max={BLOG_POST_LIMITS.readTimeMax}
            step={1}
            required
            {...field("readTime")}
            defaultValue={result?.values?.readTime ?? String(BLOG_READ_TIME_DEFAULT)}
          />
        </div>
        {result?.formError ? <ErrorAlert>{result.formError}</ErrorAlert> : null}
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <Link to="/blog" className={buttonClass("ghost", "py-2.5")}>
            Cancel
          </Link>
          <Button type="submit" className="px-6 py-2.5" disabled={busy}>
            {busy ? "Creating Post..." : "Create Post"}
          </Button>
        </div>
      </Form>
    </main>
  );
}
