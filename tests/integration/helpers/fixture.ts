import { afterAll, beforeAll } from "vitest";
import { seedDemoData } from "#server/db/seed/index.ts";
import { setRuntime } from "#server/runtime.server.ts";
import { type ExtraRoute, startPageServer } from "./pages.ts";
import { createTestApp, createTestRuntime, startTestServer, type TestRuntime } from "./runtime.ts";

export type TestServer = Awaited<ReturnType<typeof startTestServer>>;
export type PageServer = Awaited<ReturnType<typeof startPageServer>>;
export type DemoSeed = Awaited<ReturnType<typeof seedDemoData>>;

export type TestWorldOptions = {
  /** Environment for loadConfig, over the test defaults. */
  env?: Record<string, string>;
  /** Seed the demo company, its agents and the catalog (`demo` / `admin` can sign in). */
  demo?: boolean;
  /** Make it the process runtime (getRuntime()), for code called outside a request. */
  processRuntime?: boolean;
  /** Serve the Hono app (the JSON API) on a real socket. */
  api?: boolean;
  /** Serve the whole app, pages included (see startPageServer); `extraRoutes` mounts test routes. */
  pages?: boolean | { extraRoutes: ExtraRoute[] };
};

/** What a file's tests work with; asking for a server the file did not want is a test bug. */
export type TestWorld = { rt: TestRuntime; api: TestServer; pages: PageServer; demo: DemoSeed };

/**
 * One integration file's runtime on a fresh database, set up before its tests and disposed of
 * after them: registers beforeAll/afterAll in the calling scope (file or describe) and returns a
 * getter for use in the file's own hooks and tests, e.g.
 *
 *   const world = setUpTestRuntime({ demo: true, api: true });
 *   beforeAll(() => {
 *     ({ rt, api: server } = world());
 *   });
 */
export function setUpTestRuntime(options: TestWorldOptions = {}): () => TestWorld {
  let rt: TestRuntime | undefined;
  let api: TestServer | undefined;
  let pages: PageServer | undefined;
  let demo: DemoSeed | undefined;

  beforeAll(async () => {
    rt = await createTestRuntime(options.env);
    if (options.demo) {
      demo = await seedDemoData({
        db: rt.database.db,
        auth: rt.auth,
        storage: rt.storage,
        config: rt.config,
      });
    }
    if (options.processRuntime) setRuntime(rt);
    if (options.api) api = await startTestServer(createTestApp(rt));
    if (options.pages) {
      pages = await startPageServer(rt, options.pages === true ? {} : options.pages);
    }
  });

  afterAll(async () => {
    await pages?.close();
    await api?.close();
    await rt?.dispose();
  });

  const need = <T>(value: T | undefined, what: string): T => {
    if (value === undefined) throw new Error(`setUpTestRuntime: ${what} (not set up, or not yet)`);
    return value;
  };
  return () => ({
    rt: need(rt, "no runtime"),
    get api() {
      return need(api, "no API server: pass { api: true }");
    },
    get pages() {
      return need(pages, "no page server: pass { pages: true }");
    },
    get demo() {
      return need(demo, "no demo data: pass { demo: true }");
    },
  });
}
