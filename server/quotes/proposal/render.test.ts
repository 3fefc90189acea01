import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { renderProposalPdf } from "./render.ts";
import {
  BASE_ITEMS,
  longProposalView,
  optionWith,
  plan,
  sampleProposalView as view,
} from "./sample-view.ts";

// Each PDF is read back with poppler's tools, as a customer's reader would see it.

const dir = mkdtempSync(join(tmpdir(), "proposal-test-"));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
let written = 0;

function saved(bytes: Uint8Array): string {
  const path = join(dir, `proposal-${++written}.pdf`);
  writeFileSync(path, bytes);
  return path;
}
/** The text of each page, in reading layout. */
function pagesOf(path: string): string[] {
  return execFileSync("pdftotext", ["-layout", path, "-"], { encoding: "utf8" })
    .split("\f")
    .filter((page) => page.trim() !== "");
}
const infoOf = (path: string) => execFileSync("pdfinfo", [path], { encoding: "utf8" });

describe("renderProposalPdf", () => {
  it("prints a one-page proposal: customer, totals, saving, terms, page footer", async () => {
    const path = saved(await renderProposalPdf(view()));
    const pages = pagesOf(path);
    expect(pages).toHaveLength(1);
    const text = pages.join("\n");
    expect(text).toContain("Proposal for Café Zürich Łódź");
    expect(text).toContain("Renée Müller");
    // 10 × 45.00 + 10 × 22.22 − 10 × 10.00 = 572.20 a month; 350.00 once; 24 months + once.
    expect(text).toContain("$572.20");
    expect(text).toContain("$350.00");
    expect(text).toContain("$14,082.80");
    expect(text).toContain("Total over 24 months");
    expect(text).toContain("-$100.00");
    expect(text).toContain("You save $257.80 per month ($3,093.60 per year)");
    expect(text).toMatch(/Description\s+Qty\s+Monthly\s+One-time\s+Months/);
    // A one-time fee counts no months; a plan counts the term's.
    expect(text).toMatch(/Activation fee\s+10\s+—\s+\$350\.00\s+—/);
    expect(text).toMatch(/\$450\.00\s+—\s+24/);
    for (const group of ["Plans", "Devices", "Credits", "Fees"]) expect(text).toContain(group);
    expect(text).toContain("Devices on 36 monthly installments ✓");
    expect(text).toContain("valid until December 24, 2026");
    expect(text).toContain("Page 1 of 1");
  });

  it("carries its title, language and tags", async () => {
    const path = saved(await renderProposalPdf(view()));
    const info = infoOf(path);
    expect(info).toMatch(/Title:\s+Proposal for Café Zürich Łódź — Northwind Wireless/);
    expect(info).toMatch(/Author:\s+Avery Agent, Northwind Wireless/);
    expect(info).toMatch(/Tagged:\s+yes/);
    // The structure a screen reader walks: headings, the table with header cells, the lists.
    const tree = execFileSync("pdfinfo", ["-struct", path], { encoding: "utf8" });
    for (const tag of ["Document", "H1", "H2", "Table", "TR", "TH", "TD", "L", "LI", "LBody"]) {
      expect(tree).toMatch(new RegExp(`^\\s*${tag}\\b`, "m"));
    }
    // The page's language, for the reader's voice.
    expect(readFileSync(path).toString("latin1")).toMatch(/\/Lang \(en-US\)/);
  });

  it("breaks a 60-item table across pages with its header on each and Page X of Y", async () => {
    const path = saved(await renderProposalPdf(longProposalView()));
    const pages = pagesOf(path);
    expect(pages.length).toBeGreaterThanOrEqual(3);
    pages.forEach((page, index) => {
      expect(page).toContain(`Page ${index + 1} of ${pages.length}`);
    });
    expect(pages[1]).toMatch(/Description\s+Qty\s+Monthly\s+One-time\s+Months/);
    // Every row is printed once, whole: none is split or lost at a break.
    const all = pages.join("\n");
    for (let n = 1; n <= 60; n++) {
      expect(all.match(new RegExp(`line ${n}\\s`, "g"))).toHaveLength(1);
    }
    expect(all).toContain("AT&T has no wearable plan in the catalog.");
  });

  it.each([
    ["PNG", "image/png", "logo.png"],
    ["JPEG", "image/jpeg", "logo.jpg"],
  ] as const)("draws a %s logo", async (_name, contentType, file) => {
    const bytes = new Uint8Array(readFileSync(join("tests/fixtures", file)));
    const path = saved(
      await renderProposalPdf(
        view({
          reseller: { name: "Northwind Wireless", brandColor: null, logo: { bytes, contentType } },
        }),
      ),
    );
    const images = execFileSync("pdfimages", ["-list", path], { encoding: "utf8" });
    expect(images).toMatch(/\b240\s+80\b/);
    expect(pagesOf(path).join("\n")).toContain("Northwind Wireless");
  });

  it("says what the option costs more when it beats no bill", async () => {
    const text = pagesOf(
      saved(
        await renderProposalPdf(
          view({
            saving: { currentMonthlyCents: 50_000, monthlyCents: -7_220, yearlyCents: -86_640 },
          }),
        ),
      ),
    ).join("\n");
    expect(text).toContain("This costs $72.20 more per month ($866.40 per year)");
  });

  it("prints Greek and Cyrillic names; CJK, which DejaVu lacks, does not break the document", async () => {
    const customer = {
      companyName: "Ελληνικά Δίκτυα Москва 北京贸易",
      contactName: "Σοφία Петрова",
      contactEmail: "sofia@example.com",
      companyWebsite: null,
    };
    const path = saved(await renderProposalPdf(view({ customer })));
    const text = pagesOf(path).join("\n");
    expect(text).toContain("Ελληνικά Δίκτυα Москва");
    expect(text).toContain("Σοφία Петрова");
    expect(infoOf(path)).toMatch(/Tagged:\s+yes/);
  });

  it("keeps every page's footer clear of very long names, items and assumptions", async () => {
    const long = (word: string, times: number) =>
      Array.from({ length: times }, () => word).join(" ");
    const base = view();
    const path = saved(
      await renderProposalPdf(
        view({
          reseller: { ...base.reseller, name: long("Northwind", 20) },
          customer: { ...base.customer, companyName: long("Café", 40) },
          option: optionWith([
            { ...plan(1), description: long("Unlimited", 200) },
            ...BASE_ITEMS.slice(1),
          ]),
          assumptions: Array.from({ length: 40 }, (_, n) => `${n + 1}. ${long("assumed", 70)}`),
        }),
      ),
    );
    const pages = pagesOf(path);
    expect(pages.length).toBeGreaterThanOrEqual(3);
    pages.forEach((page, index) => {
      const lines = page.trimEnd().split("\n");
      // The footer is each page's last line, alone.
      expect(lines.at(-1)).toMatch(
        new RegExp(
          `^\\s*Northwind.*… · Proposal Q-7F3A2C\\s+Page ${index + 1} of ${pages.length}$`,
        ),
      );
    });
    const all = pages.join("\n");
    expect(all).toContain("40. assumed");
    expect(all).toContain("Unlimited…");
  });
});
