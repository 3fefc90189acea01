import { renderToStaticMarkup } from "react-dom/server";
import { createMemoryRouter, RouterProvider } from "react-router";
import { describe, expect, it } from "vitest";
import { Answer } from "./Answer.tsx";

/** An answer as the chat draws it (its links are React Router's, so inside a router). */
function draw(text: string): string {
  const router = createMemoryRouter([{ path: "/", element: <Answer text={text} /> }]);
  return renderToStaticMarkup(<RouterProvider router={router} />);
}

/** The classes of the first element of this tag in the markup, unescaped. */
function classOf(html: string, tag: string): string[] {
  const escaped = html.match(new RegExp(`<${tag} class="([^"]*)"`))?.[1] ?? "";
  return escaped.replaceAll("&gt;", ">").replaceAll("&amp;", "&").split(" ");
}

describe("an assistant answer's code", () => {
  it("draws inline code in monospace on a tint that reads in both themes", () => {
    const html = draw("Set `CARRIER_FEES_ENABLED=true` first.");
    const code = classOf(html, "code");
    expect(code).toContain("font-mono");
    expect(code.some((c) => c.startsWith("bg-"))).toBe(true);
    expect(code.some((c) => c.startsWith("dark:bg-"))).toBe(true);
  });

  it("draws a code block in monospace on a tint, its long lines wrapped inside the bubble", () => {
    const html = draw(`Run:\n\n\`\`\`sh\n${"npm run operator -- grant ".repeat(8)}\n\`\`\``);
    const pre = classOf(html, "pre");
    expect(pre).toContain("font-mono");
    expect(pre).toContain("whitespace-pre-wrap");
    expect(pre.some((c) => c.startsWith("bg-"))).toBe(true);
    expect(pre.some((c) => c.startsWith("dark:bg-"))).toBe(true);
    // The block's code does not draw a second chip inside the block.
    expect(pre).toContain("[&>code]:bg-transparent");
  });
});
