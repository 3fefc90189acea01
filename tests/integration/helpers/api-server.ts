// The API server as its own process, for tests that must see whether a fault ends the process
// (chaos-database.test.ts): the real runtime and Hono app from the environment, as `npm start`
// builds them, without the pages (they need the Vite build). Prints one JSON line with its port.
import { serve } from "@hono/node-server";
import { createApp } from "#server/http/app.ts";
import { loadConfig } from "#server/platform/config.ts";
import { createLogger } from "#server/platform/logger.ts";
import { createRuntime } from "#server/runtime.server.ts";

const config = loadConfig();
const logger = createLogger(config.logLevel);
const runtime = await createRuntime(config, { logger });
const app = createApp({ runtime });
serve({ fetch: app.fetch, port: config.port, hostname: "127.0.0.1" }, (info) => {
  process.stdout.write(`${JSON.stringify({ listening: info.port })}\n`);
});
