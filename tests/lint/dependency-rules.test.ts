import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { cruise, type Violation, writeProject } from "./fixture-project.ts";

// Each rule of .dependency-cruiser.cjs broken on purpose in a small project, and the same project
// shape with every import done the right way: a rule that stops matching (a regex typo, an alias
// that no longer resolves) fails here instead of letting `npm run lint` pass quietly.

/** Files every project shares: an area with its door, the platform, the database and the web glue. */
const HOUSE: Record<string, string> = {
  "server/db/client.ts": "export const db = { query: (sql: string) => sql };\n",
  "server/platform/errors.ts": "export class DomainError extends Error {}\n",
  "server/catalog/index.ts": 'export * from "./devices.ts";\n',
  "server/catalog/devices.ts": [
    'import { db } from "#server/db/client.ts";',
    'import { DomainError } from "#server/platform/errors.ts";',
    'import { normalize } from "./normalize.ts";',
    "export type Device = { id: string };",
    "export const searchDevices = (q: string) => {",
    '  if (!q) throw new DomainError("empty");',
    "  return db.query(normalize(q));",
    "};",
    "",
  ].join("\n"),
  "server/catalog/normalize.ts": "export const normalize = (q: string) => q.trim();\n",
  "server/deals/index.ts": "export const dealCount = () => 0;\n",
  "server/web/context.ts": "export const portalKey = Symbol();\n",
};

/** The same shape, every import as the rules want it. */
const CLEAN: Record<string, string> = {
  ...HOUSE,
  "server/deals/board.ts": [
    'import { searchDevices } from "#server/catalog/index.ts";',
    'import type { Device } from "#server/catalog/index.ts";',
    "export const board = (d: Device) => searchDevices(d.id);",
    "",
  ].join("\n"),
  "app/root.tsx": [
    'import { searchDevices } from "#server/catalog/index.ts";',
    "export const loader = () => searchDevices('x');",
    "",
  ].join("\n"),
  "app/routes/portal/devices.tsx": [
    'import { redirect } from "react-router";',
    'import { searchDevices } from "#server/catalog/index.ts";',
    'import { load } from "./devices.server.ts";',
    'import { Table } from "#app/components/Table.tsx";',
    "export const loader = () => (searchDevices('x') ? load() : redirect('/'));",
    "export default Table;",
    "",
  ].join("\n"),
  "app/routes/portal/devices.server.ts": [
    'import { portalKey } from "#server/web/context.ts";',
    "export const load = () => portalKey;",
    "",
  ].join("\n"),
  "app/lib/markdown.server.tsx": [
    'import { db } from "#server/db/client.ts";',
    "export const render = () => db;",
    "",
  ].join("\n"),
  "app/components/Table.tsx": [
    'import { format } from "#app/lib/format.ts";',
    "export const Table = () => format(1);",
    "",
  ].join("\n"),
  "app/lib/format.ts": "export const format = (n: number) => String(n);\n",
  "tests/integration/devices.test.ts": [
    'import { searchDevices } from "#server/catalog/index.ts";',
    'import { helper } from "./helpers/runtime.ts";',
    "export const t = () => helper(searchDevices('x'));",
    "",
  ].join("\n"),
  "tests/integration/helpers/runtime.ts": "export const helper = (x: unknown) => x;\n",
};

/** Every rule broken at least once. */
const BROKEN: Record<string, string> = {
  ...HOUSE,
  // no-cycle: a value cycle inside an area and a type-only one
  "server/notifications/a.ts": 'import { b } from "./b.ts";\nexport const a = () => b;\n',
  "server/notifications/b.ts": 'import { a } from "./a.ts";\nexport const b = () => a;\n',
  "server/site/post.ts": 'import type { Author } from "./author.ts";\nexport type Post = Author;\n',
  "server/site/author.ts":
    'import type { Post } from "./post.ts";\nexport type Author = { p?: Post };\n',
  // client-imports-server: a component (value and type-only) and a store
  "app/components/Leaky.tsx": [
    'import { searchDevices } from "#server/catalog/index.ts";',
    "export const Leaky = () => searchDevices('x');",
    "",
  ].join("\n"),
  "app/components/TypeLeak.tsx": [
    'import type { Device } from "#server/catalog/index.ts";',
    "export const TypeLeak = (d: Device) => d.id;",
    "",
  ].join("\n"),
  "app/stores/session.ts": 'import { db } from "#server/db/client.ts";\nexport const s = db;\n',
  // route-imports-db: a route module and its sibling helper
  "app/routes/portal/plans.tsx": [
    'import { db } from "#server/db/client.ts";',
    "export const loader = () => db.query('select 1');",
    "",
  ].join("\n"),
  "app/routes/portal/plans.server.ts":
    'import { db } from "#server/db/client.ts";\nexport const x = db;\n',
  // service-imports-web: react-router in an area, the web glue and the HTTP layer
  "server/deals/pipeline.ts": [
    'import { redirect } from "react-router";',
    'import { portalKey } from "#server/web/context.ts";',
    "export const go = () => redirect(String(portalKey.description));",
    "",
  ].join("\n"),
  "server/platform/mail.ts": 'import { useState } from "react";\nexport const m = useState;\n',
  "server/http/errors.ts": "export const statusOf = () => 404;\n",
  "server/quotes/price.ts": [
    'import { statusOf } from "#server/http/errors.ts";',
    "export const price = () => statusOf();",
    "",
  ].join("\n"),
  // area-internals: another area's file instead of its index.ts
  "server/customers/list.ts": [
    'import { searchDevices } from "#server/catalog/devices.ts";',
    'import { dealCount } from "#server/deals/index.ts";',
    "export const list = () => [searchDevices('x'), dealCount()];",
    "",
  ].join("\n"),
  // lower-layer-imports-area: the platform reaching up into an area
  "server/platform/audit.ts":
    'import { dealCount } from "#server/deals/index.ts";\nexport const a = dealCount;\n',
  // no-parent-import: climbing out of the folder, up and sideways
  "server/catalog/search/deep.ts":
    'import { normalize } from "../normalize.ts";\nexport const d = normalize;\n',
  "tests/integration/totp.test.ts":
    'import { totp } from "../support/totp.ts";\nexport const t = totp;\n',
  "tests/support/totp.ts": "export const totp = () => '000000';\n",
  // alias-unresolved: an alias that points nowhere escapes every other rule
  "app/routes/portal/home.tsx":
    'import { gone } from "#server/nowhere.ts";\nexport const loader = gone;\n',
};

/** [rule, from, to] for every report the broken project must produce. */
const EXPECTED: Violation[] = (
  [
    ["no-cycle", "server/notifications/a.ts", "server/notifications/b.ts"],
    ["no-cycle", "server/site/post.ts", "server/site/author.ts"],
    ["client-imports-server", "app/components/Leaky.tsx", "server/catalog/index.ts"],
    ["client-imports-server", "app/components/TypeLeak.tsx", "server/catalog/index.ts"],
    ["client-imports-server", "app/stores/session.ts", "server/db/client.ts"],
    ["route-imports-db", "app/routes/portal/plans.tsx", "server/db/client.ts"],
    ["route-imports-db", "app/routes/portal/plans.server.ts", "server/db/client.ts"],
    ["service-imports-web", "server/deals/pipeline.ts", "server/web/context.ts"],
    ["service-imports-web", "server/quotes/price.ts", "server/http/errors.ts"],
    ["area-internals", "server/customers/list.ts", "server/catalog/devices.ts"],
    ["lower-layer-imports-area", "server/platform/audit.ts", "server/deals/index.ts"],
    ["no-parent-import", "server/catalog/search/deep.ts", "server/catalog/normalize.ts"],
    ["no-parent-import", "tests/integration/totp.test.ts", "tests/support/totp.ts"],
    ["alias-unresolved", "app/routes/portal/home.tsx", "#server/nowhere.ts"],
  ] as const
).map(([rule, from, to]) => ({ rule, from, to }));

const FOLDERS = ["app", "server", "tests"];
const byRule = (a: Violation, b: Violation) =>
  `${a.rule} ${a.from} ${a.to}`.localeCompare(`${b.rule} ${b.from} ${b.to}`);

describe("the dependency rules of npm run lint", () => {
  let broken: Violation[] = [];
  let clean: Violation[] = [];
  const projects: { dispose(): void }[] = [];

  beforeAll(() => {
    const b = writeProject(BROKEN);
    const c = writeProject(CLEAN);
    projects.push(b, c);
    broken = cruise(b.root, FOLDERS);
    clean = cruise(c.root, FOLDERS);
  }, 60_000);

  afterAll(() => {
    for (const p of projects) p.dispose();
  });

  it("passes a project that keeps every rule", () => {
    expect(clean).toEqual([]);
  });

  it("reports each broken rule where it is broken", () => {
    // Cycles and packages (node_modules paths) are checked on their own; the rest of the list
    // must match exactly.
    const loose = new Set(["no-cycle", "service-imports-ui"]);
    const exact = (list: Violation[]) => list.filter((v) => !loose.has(v.rule)).sort(byRule);
    expect(exact(broken)).toEqual(exact(EXPECTED));
    // A cycle is reported once, from whichever of its modules the cruise met first.
    const cycles = broken.filter((v) => v.rule === "no-cycle").map((v) => [v.from, v.to].sort());
    expect(cycles).toHaveLength(2);
    for (const cycle of EXPECTED.filter((v) => v.rule === "no-cycle")) {
      expect(cycles).toContainEqual([cycle.from, cycle.to].sort());
    }
  });

  it("reports react and react-router in a service by package, whatever file they resolve to", () => {
    const ui = broken.filter((v) => v.rule === "service-imports-ui");
    expect(ui.map((v) => v.from).sort()).toEqual([
      "server/deals/pipeline.ts",
      "server/platform/mail.ts",
    ]);
    expect(ui.map((v) => v.to).join(" ")).toMatch(/node_modules\/react-router\//);
    expect(ui.map((v) => v.to).join(" ")).toMatch(/node_modules\/react\//);
  });
});
