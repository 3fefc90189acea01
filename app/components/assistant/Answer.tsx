import type { Components } from "react-markdown";
import Markdown from "react-markdown";
import { Link } from "react-router";
import remarkGfm from "remark-gfm";

// Code's tint on the assistant's bubble (slate-100, dark slate-800): a shade darker in both themes.
const CODE_TINT = "bg-slate-200/70 dark:bg-slate-950/60";

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
  // Code reads as code: monospace on its tint. A block's long lines wrap, not scroll: the
  // bubble breaks anywhere (overflow-wrap), and a sideways scroll inside a scrolling chat is easy
  // to miss on a phone. The block's own code takes its box's look rather than an inline chip's.
  pre: ({ children }) => (
    <pre
      className={`my-2 rounded-lg px-3 py-2 font-mono leading-5 whitespace-pre-wrap [&>code]:bg-transparent [&>code]:p-0 ${CODE_TINT}`}
    >
      {children}
    </pre>
  ),
  code: ({ children }) => (
    <code className={`rounded px-1 py-0.5 font-mono text-[0.875em] ${CODE_TINT}`}>{children}</code>
  ),
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
