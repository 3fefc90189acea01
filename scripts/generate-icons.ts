// Writes app/components/ui/icons.ts: the markup of every icon the app draws, taken from
// lucide-react's own icon data (decision 0045). Run `npm run icons` after adding a name below;
// scripts/generate-icons.test.ts fails while the file and this list (or lucide-react) disagree.
import { readFileSync, writeFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { z } from "zod";

/** The icons the app draws, by lucide-react's names (canonical ones: `Trash`, not its alias `Trash2`). */
export const ICON_NAMES = [
  "ArrowDown",
  "ArrowUp",
  "ArrowUpDown",
  "BadgeCheck",
  "Bell",
  "BookOpen",
  "Bot",
  "BuildingComplex",
  "CalendarClock",
  "ChartColumn",
  "Check",
  "ChevronLeft",
  "ChevronRight",
  "CircleCheck",
  "CircleUser",
  "CircleX",
  "Clock",
  "Columns3",
  "Download",
  "FileChartColumn",
  "FileChartColumnIncreasing",
  "FileSearch",
  "FileText",
  "House",
  "Link",
  "ListChecks",
  "LoaderCircle",
  "Lock",
  "LockKeyhole",
  "LogOut",
  "Mail",
  "MapPin",
  "Menu",
  "MessageSquarePlus",
  "MessageSquareText",
  "Moon",
  "Phone",
  "Plus",
  "RadioTower",
  "ReceiptText",
  "ScanText",
  "Search",
  "SearchX",
  "Send",
  "SendHorizontal",
  "Shield",
  "SlidersHorizontal",
  "Smartphone",
  "Sparkles",
  "SquareKanban",
  "Sun",
  "Tag",
  "Target",
  "Trash",
  "TrendingUp",
  "Upload",
  "UserCog",
  "Users",
  "X",
  "Zap",
] as const;

export const ICONS_FILE = fileURLToPath(new URL("../app/components/ui/icons.ts", import.meta.url));

const iconModuleSchema = z.object({
  __iconData: z.object({
    name: z.string(),
    node: z.array(z.tuple([z.string(), z.record(z.string(), z.union([z.string(), z.number()]))])),
  }),
});

/** "Building2" → "building-2", "ArrowUpDown" → "arrow-up-down": lucide's module names. */
function moduleName(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, "$1-$2")
    .replace(/([a-zA-Z])([0-9])/g, "$1-$2")
    .toLowerCase();
}

const escapeAttribute = (value: string) =>
  value.replace(/&/g, "&amp;").replace(/"/g, "&quot;").replace(/</g, "&lt;");

/** One icon's inner SVG markup, as lucide-react would draw its children (without React keys). */
async function iconBody(name: string): Promise<string> {
  const { __iconData } = iconModuleSchema.parse(
    await import(`lucide-react/icons/${moduleName(name)}`),
  );
  return __iconData.node
    .map(([tag, attributes]) => {
      const written = Object.entries(attributes)
        .filter(([key]) => key !== "key")
        .map(([key, value]) => `${key}="${escapeAttribute(String(value))}"`)
        .join(" ");
      return `<${tag} ${written}/>`;
    })
    .join("");
}

export async function iconsSource(): Promise<string> {
  const version = z
    .object({ version: z.string() })
    .parse(
      JSON.parse(
        readFileSync(
          fileURLToPath(new URL("../node_modules/lucide-react/package.json", import.meta.url)),
          "utf8",
        ),
      ),
    ).version;
  const lines = [
    `// Written by scripts/generate-icons.ts from lucide-react ${version}: do not edit.`,
    "// Each icon is its SVG markup, so that a page draws it as one element (decision 0045).",
    "",
    "/** An icon's inner SVG markup, on lucide's 24 × 24 grid. */",
    "export type IconData = { readonly body: string };",
    "",
  ];
  for (const name of ICON_NAMES) {
    lines.push(
      `export const ${name}: IconData = { body: ${JSON.stringify(await iconBody(name))} };`,
    );
  }
  return `${lines.join("\n")}\n`;
}

if (import.meta.main) {
  writeFileSync(ICONS_FILE, await iconsSource());
  process.stdout.write(`Wrote ${ICONS_FILE} (${ICON_NAMES.length} icons)\n`);
}
