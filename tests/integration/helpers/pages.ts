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
 * The whole app, pages included, on a real HTTP socket: the Hono server with React Router's
 * request handler over the route modules as Vite compiles them (no production build needed).
 * Route modules read the process runtime, so this one becomes it.
 */
export async function startPageServer(runtime: Runtime) {
  setRuntime(runtime);
  const vite = await createServer({
    configFile: "vite.config.ts",
    logLevel: "silent",
    appType: "custom",
    server: { middlewareMode: true, hmr: false, ws: false },
  });
  const ssr = vite.environments.ssr;
  if (!isRunnableDevEnvironment(ssr)) throw new Error("Vite's SSR environment is not runnable");
  const build: unknown = await ssr.runner.import("virtual:react-router/server-build");
  if (!isServerBuild(build)) throw new Error("React Router's server build did not load");
  // The HTTP app comes from the same module graph as the routes, as in the production bundle:
  // router context keys (the client address, the CSP nonce) are module objects, and a second copy
  // of the module would hand the routes their defaults.
  const appModule: unknown = await ssr.runner.import("/server/http/app.ts");
  if (!isAppModule(appModule)) throw new Error("the HTTP app did not load");
  const server = await startTestServer(appModule.createApp({ runtime, build, mode: "production" }));
  return {
    url: server.url,
    close: async () => {
      await server.close();
      await vite.close();
    },
  };
}
