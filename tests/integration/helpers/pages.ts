import type { ServerBuild } from "react-router";
import { createServer, isRunnableDevEnvironment } from "vite";
import type { createApp } from "#server/http/app.ts";
import { type Runtime, setRuntime } from "#server/runtime.server.ts";
import { startTestServer } from "./runtime.ts";

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
  return typeof value === "object" && value !== null && "default" in value;
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
  const vite = await createServer({
    configFile: "vite.config.ts",
    logLevel: "silent",
    appType: "custom",
    server: { middlewareMode: true, hmr: false, ws: false },
  });
  const ssr = vite.environments.ssr;
  if (!isRunnableDevEnvironment(ssr)) throw new Error("Vite's SSR environment is not runnable");
  const loaded: unknown = await ssr.runner.import("virtual:react-router/server-build");
  if (!isServerBuild(loaded)) throw new Error("React Router's server build did not load");
  const build = await withRoutes(loaded, options.extraRoutes ?? [], (file) =>
    ssr.runner.import(file),
  );
  // The HTTP app comes from the same module graph as the routes, as in the production bundle:
  // router context keys (the client address, the CSP nonce) are module objects, and a second copy
  // of the module would hand the routes their defaults.
  const appModule: unknown = await ssr.runner.import("/server/http/app.ts");
  if (!isAppModule(appModule)) throw new Error("the HTTP app did not load");
  const server = await startTestServer(appModule.createApp({ runtime, build, mode: "production" }));
  return {
    url: server.url,
    /** The route table the server answers from, extra routes included. */
    routes: build.routes,
    close: async () => {
      await server.close();
      await vite.close();
    },
  };
}
