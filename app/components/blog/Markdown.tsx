import type { ComponentProps } from "react";
import ReactMarkdown, { type Components } from "react-markdown";
import remarkGfm from "remark-gfm";

const heading2 = "mt-10 mb-4 text-2xl font-bold tracking-tight text-slate-900 dark:text-white";

// Posts are written by agents, not by us: react-markdown builds React elements from the markdown
// tree and shows raw HTML as text, so nothing in a post's content can add markup or run code.
const components: Components = {
  // The page's title is the only h1; a post's own top-level headings sit one level below it.
  h1: ({ node: _, ...props }) => <h2 className={heading2} {...props} />,
  h2: ({ node: _, ...props }) => <h2 className={heading2} {...props} />,
  h3: ({ node: _, ...props }) => (
    <h3 className="mt-8 mb-3 text-xl font-semibold text-slate-900 dark:text-white" {...props} />
  ),
  h4: ({ node: _, ...props }) => (
    <h4 className="mt-6 mb-2 text-lg font-semibold text-slate-900 dark:text-white" {...props} />
  ),
  p: ({ node: _, ...props }) => <p className="my-5" {...props} />,
  a: ({ node: _, ...props }) => (
    <a
      className="font-medium text-brand-600 underline underline-offset-2 hover:text-brand-700 dark:text-brand-400"
      rel="noopener noreferrer nofollow"
      {...props}
    />
  ),
  ul: ({ node: _, ...props }) => <ul className="my-5 list-disc space-y-2 pl-6" {...props} />,
  ol: ({ node: _, ...props }) => <ol className="my-5 list-decimal space-y-2 pl-6" {...props} />,
  blockquote: ({ node: _, ...props }) => (
    <blockquote
      className="my-6 border-l-4 border-brand-500 pl-4 text-slate-600 italic dark:text-slate-400"
      {...props}
    />
  ),
  pre: ({ node: _, ...props }) => (
    <pre
      className="my-6 overflow-x-auto rounded-xl bg-slate-900 p-4 text-sm leading-6 text-slate-100 dark:bg-slate-900/80 [&>code]:bg-transparent [&>code]:p-0 [&>code]:text-inherit"
      {...props}
    />
  ),
  code: ({ node: _, ...props }) => (
    <code
      className="rounded bg-slate-100 px-1.5 py-0.5 font-mono text-[0.875em] text-slate-800 dark:bg-slate-800 dark:text-slate-200"
      {...props}
    />
  ),
  table: ({ node: _, ...props }) => (
    <div className="my-6 overflow-x-auto rounded-xl border border-slate-200 dark:border-slate-800">
      <table className="w-full border-collapse text-left text-sm" {...props} />
    </div>
  ),
  th: ({ node: _, ...props }) => (
    <th
      className="border-b border-slate-200 bg-slate-50 px-4 py-2 font-semibold dark:border-slate-800 dark:bg-slate-900"
      {...props}
    />
  ),
  td: ({ node: _, ...props }) => (
    <td className="border-b border-slate-100 px-4 py-2 dark:border-slate-800/60" {...props} />
  ),
  img: ({ node: _, alt, ...props }) => (
    <img className="my-6 h-auto max-w-full rounded-xl" alt={alt ?? ""} loading="lazy" {...props} />
  ),
  hr: ({ node: _, ...props }) => (
    <hr className="my-10 border-slate-200 dark:border-slate-800" {...props} />
  ),
};

type Props = { children: string } & Pick<ComponentProps<"div">, "className">;

/** A post's markdown (GitHub flavour: tables, task lists, strikethrough) as styled HTML. */
export function Markdown({ children, className = "" }: Props) {
  return (
    <div className={`text-base leading-7 text-slate-700 dark:text-slate-300 ${className}`}>
      <ReactMarkdown remarkPlugins={[remarkGfm]} components={components}>
        {children}
      </ReactMarkdown>
    </div>
  );
}
