import { renderToStaticMarkup } from "react-dom/server";
import { Markdown } from "#app/components/blog/Markdown.tsx";

/**
 * A post's markdown as HTML, made on the server so the post page ships no markdown parser to the
 * browser. The HTML is React's own rendering of the markdown tree: it never holds the post's raw
 * HTML, which react-markdown shows as text.
 */
export function markdownToHtml(markdown: string): string {
  return renderToStaticMarkup(<Markdown>{markdown}</Markdown>);
}
