import { Markdown } from "./Markdown.tsx";

/** The create form's live preview; loaded on demand, so the form itself ships no markdown parser. */
export default function MarkdownPreview({ markdown }: { markdown: string }) {
  if (markdown.trim() === "") {
    return (
      <p className="my-5 text-sm text-slate-500 dark:text-slate-400">Nothing to preview yet.</p>
    );
  }
  return <Markdown>{markdown}</Markdown>;
}
