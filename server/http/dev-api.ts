// Loaded by the Vite dev plugin (vite.config.ts): under `react-router dev` React Router serves the
// pages and this Hono app answers /api/*, /healthz and /readyz, on the same lazily booted runtime.
import { getRuntime } from "#server/runtime.server.ts";
import { createApp } from "./app.ts";

let app: ReturnType<typeof createApp> | undefined;

export async function devFetch(request: Request): Promise<Response> {
  app ??= createApp({ runtime: await getRuntime(), mode: "development" });
  return app.fetch(request);
}
