import { build } from "vite";
import { afterAll, describe, expect, it } from "vitest";
import { writeProject } from "#tests/lint/fixture-project.ts";
import { serverOnly } from "./server-only-plugin.ts";

// Real Vite builds of a tiny project: the plugin must stop a client build that reaches server/,
// and let the same import through on the server side and a clean client build through.

const project = writeProject({
  "server/db/client.ts": "export const db = { secret: 'server' };\n",
  "app/lib/format.ts": "export const format = (n: number) => String(n);\n",
  "app/leaky.ts": 'import { db } from "#server/db/client.ts";\nconsole.log(db.secret);\n',
  "app/clean.ts": 'import { format } from "#app/lib/format.ts";\nconsole.log(format(1));\n',
});
afterAll(() => project.dispose());

function buildEntry(entry: string, ssr = false) {
  return build({
    root: project.root,
    configFile: false,
    logLevel: "silent",
    plugins: [serverOnly()],
    build: { write: false, ssr, rolldownOptions: { input: entry } },
  });
}

describe("the client bundle refuses server code", () => {
  it("fails a client build that imports a module under server/, naming the importer", async () => {
    await expect(buildEntry("app/leaky.ts")).rejects.toThrow(
      /server\/db\/client\.ts is server code and app\/leaky\.ts imports it into the client bundle/,
    );
  });

  it("builds a client entry that stays out of server/", async () => {
    await expect(buildEntry("app/clean.ts")).resolves.toBeDefined();
  });

  it("leaves the server build alone", async () => {
    await expect(buildEntry("app/leaky.ts", true)).resolves.toBeDefined();
  });
});
