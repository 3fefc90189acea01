import { getRequestListener } from "@hono/node-server";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, isRunnableDevEnvironment, type Plugin } from "vite";
import { serverOnly } from "./scripts/server-only-plugin.ts";

const SERVER_PATHS = /^\/(api\/|healthz$|readyz$)/;

/** `react-router dev` serves pages only; this forwards the Hono app's paths to it in development. */
function devApi(): Plugin {
  return {
    name: "carrierline:dev-api",
    apply: "serve",
    configureServer(server) {
      const listener = getRequestListener(async (request) => {
        const ssr = server.environments.ssr;
        if (!isRunnableDevEnvironment(ssr)) throw new Error("SSR environment is not runnable");
        const mod: { devFetch: (r: Request) => Promise<Response> } =
          await ssr.runner.import("/server/http/dev-api.ts");
        return mod.devFetch(request);
      });
      server.middlewares.use((req, res, next) => {
        const path = (req.url ?? "").split("?")[0] ?? "";
        if (!SERVER_PATHS.test(path)) return next();
        listener(req, res).catch(next);
      });
    },
  };
}

export default defineConfig({
  plugins: [serverOnly(), devApi(), tailwindcss(), reactRouter()],
  resolve: { tsconfigPaths: true },
  environments: {
    ssr: {
      build: {
        // React Router 8 builds through Vite's environment API; our Hono server wraps its build.
        rolldownOptions: { input: "./server/main.ts" },
      },
    },
  },
});
