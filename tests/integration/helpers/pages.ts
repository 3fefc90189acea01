import type { ServerBuild } from "react-router";
import { createNodeImportMeta, ESModulesEvaluator, ModuleRunner } from "vite/module-runner";
import { inject } from "vitest";
import type { createApp } from "#server/http/app.ts";
import { type Runtime, setRuntime } from "#server/runtime.server.ts";
import { startTestServer } from "./runtime.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** The run's one Vite compiler for page servers (module-server.ts, global-setup.ts). */
    moduleServerUrl: string;
  }
}

function isServerBuild(value: unknown): value is ServerBuild {
  return typeof value === "object" && value !== null && "routes" in value && "entry" in value;
}

function isAppModule(value: unknown): value is { createApp: typeof createApp } {
  return (
    typeof value === "object" &&
    value !== null &&
    typeof Reflect.get(value, "createApp") === "function"
  );
}

/**
 * A route module mounted for one test as app/routes.ts would mount it: `file` (root-relative) at
 * `path` under the route `parentId` (e.g. "routes/portal/layout").
 */
export type ExtraRoute = { id: string; parentId: string; path: string; file: string };

/** The build with extra routes in both of its manifests: the server's and the browser's. */
async function withRoutes(
  build: ServerBuild,
  routes: ExtraRoute[],
  load: (file: string) => Promise<unknown>,
): Promise<ServerBuild> {
  const server = { ...build.routes };
  const browser = { ...build.assets.routes };
  for (const { id, parentId, path, file } of routes) {
    const module: unknown = await load(`/${file}`);
    if (!isRouteModule(module)) throw new Error(`${file} is not a route module`);
    if (!server[parentId]) throw new Error(`no route ${parentId} to mount ${file} under`);
    server[id] = { id, parentId, path, module };
    browser[id] = {
      id,
      parentId,
      path,
      module: `/${file}`,
      hasLoader: "loader" in module,
      hasAction: "action" in module,
      hasErrorBoundary: "ErrorBoundary" in module,
      hasClientLoader: false,
      hasClientAction: false,
      hasClientMiddleware: false,
      clientActionModule: undefined,
      clientLoaderModule: undefined,
      clientMiddlewareModule: undefined,
      hydrateFallbackModule: undefined,
    };
  }
  return { ...build, routes: server, assets: { ...build.assets, routes: browser } };
}

type RouteModule = NonNullable<ServerBuild["routes"][string]>["module"];
function isRouteModule(value: unknown): value is RouteModule {
  // A page has a component; a resource route (an import, an upload) only a loader or an action.
  return (
    typeof value === "object" &&
    value !== null &&
    ("default" in value || "loader" in value || "action" in value)
  );
}

/**
 * Runs the app's modules in this process, fresh for this file, as the run's shared Vite dev server
 * compiles them: what Vite's own SSR runner does, with the compiling done once per run.
 */
function pageModuleRunner(): ModuleRunner {
  const url = inject("moduleServerUrl");
  return new ModuleRunner(
    {
      transport: {
        invoke: async (payload) => {
          const res = await fetch(url, { method: "POST", body: JSON.stringify(payload) });
          if (!res.ok) throw new Error(`the module server failed: ${await res.text()}`);
          const answer: unknown = await res.json();
          if (typeof answer === "object" && answer !== null) {
            if ("error" in answer) return { error: answer.error };
            if ("result" in answer) return { result: answer.result };
          }
          throw new Error("the module server's answer is not an invocation result");
        },
      },
      hmr: false,
      createImportMeta: createNodeImportMeta,
    },
    new ESModulesEvaluator(),
  );
}

/**
 * The whole app, pages included, on a real HTTP socket: the Hono server with React Router's
 * request handler over the route modules as Vite compiles them (no production build needed).
 * Route modules read the process runtime, so this one becomes it. `extraRoutes` mounts test-only
 * route modules into the route table.
 */
export async function startPageServer(
  runtime: Runtime,
  options: { extraRoutes?: ExtraRoute[] } = {},
) {
  setRuntime(runtime);
  const runner = pageModuleRunner();
  const loaded: unknown = await runner.import("virtual:react-router/server-build");
  if (!isServerBuild(loaded)) throw new Error("React Router's server build did not load");
  const build = await withRoutes(loaded, options.extraRoutes ?? [], (file) => runner.import(file));
  // The HTTP app comes from the same module graph as the routes, as in the production bundle:
  // router context keys (the client address, the CSP nonce) are module objects, and a second copy
  // of the module would hand the routes their defaults.
  const appModule: unknown = await runner.import("/server/http/app.ts");
  if (!isAppModule(appModule)) throw new Error("the HTTP app did not load");
  const server = await startTestServer(appModule.createApp({ runtime, build, mode: "production" }));
  return {
    url: server.url,
    /** The route table the server answers from, extra routes included. */
    routes: build.routes,
    close: async () => {
      await server.close();
      await runner.close();
    },
  };
}
