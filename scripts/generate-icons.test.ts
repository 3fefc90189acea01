import { readFileSync } from "node:fs";
import * as lucide from "lucide-react";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { Icon } from "#app/components/ui/icon.tsx";
import * as icons from "#app/components/ui/icons.ts";
import { ICON_NAMES, ICONS_FILE, iconsSource } from "./generate-icons.ts";

/** An SVG's children, with React's `<path …></path>` written as `<path …/>`. */
function drawing(svg: string): string {
  return (svg.match(/^<svg[^>]*>(.*)<\/svg>$/s)?.[1] ?? "").replace(/><\/\w+>/g, "/>");
}

describe("the app's icons", () => {
  it("are written from lucide-react as installed, for every name listed", async () => {
    expect(readFileSync(ICONS_FILE, "utf8")).toBe(await iconsSource());
  });

  it("draw what lucide-react's components draw, in an SVG of the same frame", () => {
    for (const name of ICON_NAMES) {
      const theirs = renderToStaticMarkup(
        createElement(lucide[name], { className: "size-5", strokeWidth: 1.8, "aria-hidden": true }),
      );
      const ours = renderToStaticMarkup(createElement(Icon, { icon: icons[name] }));
      expect(drawing(ours), name).toBe(drawing(theirs));
      expect(drawing(ours), name).not.toBe("");
      for (const attribute of [
        'viewBox="0 0 24 24"',
        'fill="none"',
        'stroke="currentColor"',
        'stroke-width="1.8"',
        'stroke-linecap="round"',
        'stroke-linejoin="round"',
        'aria-hidden="true"',
      ]) {
        expect(ours, name).toContain(attribute);
        expect(theirs, name).toContain(attribute);
      }
    }
  });
});
