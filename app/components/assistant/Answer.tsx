import type { Components } from "react-markdown";
import Markdown from "react-markdown";
import { Link } from "react-router";
import remarkGfm from "remark-gfm";

// An answer's markdown, drawn safely: react-markdown builds elements (raw HTML in an answer is
// shown as text, never parsed) and drops unsafe link targets such as javascript:.
const COMPONENTS: Components = {
  a: ({ href = "", children }) =>
    href.startsWith("/") && !href.startsWith("/api/") ? (
      <Link to={href} className="font-medium text-brand-600 underline dark:text-brand-400">
        {children}
      </Link>
    ) : (
      <a
        href={href}
        target="_blank"
        rel="noopener noreferrer"
        className="font-medium text-brand-600 underline dark:text-brand-400"
      >
        {children}
      </a>
    ),
  p: ({ children }) => <p className="my-2 first:mt-0 last:mb-0">{children}</p>,
  ul: ({ children }) => <ul className="my-2 list-disc space-y-1 pl-5">{children}</ul>,
  // Wrapped, not scrolled: a code block's long lines would otherwise run out of the bubble.
  pre: ({ children }) => <pre className="my-2 whitespace-pre-wrap">{children}</pre>,
  ol: ({ children }) => <ol className="my-2 list-decimal space-y-1 pl-5">{children}</ol>,
  table: ({ children }) => (
    <div className="my-2 overflow-x-auto">
      <table className="min-w-full border-collapse text-left text-xs sm:text-sm">{children}</table>
    </div>
  ),
  th: ({ children }) => (
    <th className="border-b border-slate-300 px-2 py-1 font-semibold whitespace-nowrap dark:border-slate-600">
      {children}
    </th>
  ),
  td: ({ children }) => (
    <td className="border-b border-slate-200 px-2 py-1 align-top dark:border-slate-700">
      {children}
    </td>
  ),
};

export function Answer({ text }: { text: string }) {
  return (
    <Markdown remarkPlugins={[remarkGfm]} components={COMPONENTS} skipHtml>
      {text}
    </Markdown>
  );
}
