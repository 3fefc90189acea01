import { readdirSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { serveStatic } from "@hono/node-server/serve-static";
import { Hono } from "hono";
import { type SecureHeadersVariables, secureHeaders } from "hono/secure-headers";
import { createRequestHandler, RouterContextProvider, type ServerBuild } from "react-router";
import {
  isDatabaseUnavailable,
  RETRY_AFTER_SECONDS,
  UNAVAILABLE_MESSAGE,
} from "#server/db/unavailable.ts";
import { isDomainError } from "#server/platform/errors.ts";
import { type Runtime, serviceContext } from "#server/runtime.server.ts";
import { blogContentVersion } from "#server/site/index.ts";
import { clientAddressContext, cspNonceContext, runtimeContext } from "#server/web/context.ts";
import { CROSS_SITE_MESSAGE, isCrossOrigin } from "#server/web/same-origin.ts";
import { withUnavailablePages } from "#server/web/unavailable.ts";
import { apiRoutes } from "./api.ts";
import { clientAddress, publicRequest, stampClientAddress } from "./client-address.ts";
import { compressResponses } from "./compress.ts";
import { CONTENT_SECURITY_POLICY } from "./csp.ts";
import { createDraining, type Draining } from "./draining.ts";
import { PERMISSIONS_POLICY, requestEdge } from "./edge.ts";
import { apiRefusal } from "./errors.ts";
import { publicPageCache } from "./public-page-cache.ts";
import { type RequestLogVariables, requestLogging } from "./request-logging.ts";
import { abortBrokenStreams } from "./stream-guard.ts";
import { createTurns } from "./turns.ts";
import { smallJsonBody, waitlistHandler } from "./waitlist-api.ts";

export type AppEnv = { Variables: SecureHeadersVariables & RequestLogVariables };

export type AppOptions = {
  runtime: Runtime;
  /** The React Router server build; absent when only the API is served (dev forwarding, API tests). */
  build?: ServerBuild | (() => Promise<ServerBuild>);
  /** Folder of the built browser assets (build/client). */
  clientDir?: string;
  mode?: "production" | "development";
  /** The shutdown's view of the app (server/main.ts makes it); a test's app gets its own. */
  draining?: Draining;
};

const ONE_YEAR = 60 * 60 * 24 * 365;

/** URL paths of the built client's files outside /assets (a production build never changes). */
function listPublicFiles(root: string): Set<string> {
  const files = readdirSync(root, { recursive: true, withFileTypes: true });
  return new Set(
    files
      .filter((f) => f.isFile())
      .map((f) => `/${relative(root, join(f.parentPath, f.name)).split(sep).join("/")}`)
      .filter((path) => !path.startsWith("/assets/")),
  );
}

export function createApp(options: AppOptions): Hono<AppEnv> {
  const { runtime } = options;
  const app = new Hono<AppEnv>();
  const draining = options.draining ?? createDraining();

  app.use(draining.count);
  app.use(stampClientAddress(runtime.config.proxyHops));
  app.use(requestLogging(runtime.logger));
  app.use(
    secureHeaders({
      contentSecurityPolicy: CONTENT_SECURITY_POLICY,
      // An answer that states its own policy keeps it: a cached public page's names its inline
      // elements by hash (decision 0032).
      overwrite: false,
      referrerPolicy: "strict-origin-when-cross-origin",
      xFrameOptions: "DENY",
      permissionsPolicy: PERMISSIONS_POLICY,
      crossOriginEmbedderPolicy: false,
      strictTransportSecurity: runtime.config.baseUrl.startsWith("https://")
        ? "max-age=31536000; includeSubDomains"
        : false,
    }),
  );
  app.use(requestEdge({ app, build: options.build }));
  // Anonymous public pages from memory (decision 0032): hits skip the body handling below.
  const publicPages = publicPageCache({
    blogVersion: () => blogContentVersion(serviceContext(runtime)),
  });
  app.use(publicPages.serve);
  // Before compression, so that it sees the body as it leaves, compressed or not.
  app.use(abortBrokenStreams());
  app.use(compressResponses());

  app.get("/healthz", (c) => c.json({ status: "ok" }));
  // Answers within a second even when the database is frozen: ping() gives up after 500 ms.
  app.get("/readyz", async (c) => {
    // A load balancer takes a server that is shutting down out of rotation.
    if (draining.begun) {
      return c.json({ status: "stopping", database: runtime.database.driver }, 503);
    }
    try {
      await runtime.database.ping();
      return c.json({ status: "ready", database: runtime.database.driver });
    } catch (error) {
      c.get("log").warn({ err: error }, "readiness check failed");
      c.header("Retry-After", String(RETRY_AFTER_SECONDS));
      return c.json({ status: "unavailable", database: runtime.database.driver }, 503);
    }
  });

  // Better Auth's admin endpoints act across every company: closed over HTTP (decision 0007);
  // our company-scoped /api/admin/users is the way in. A Better Auth hook refuses them too.
  app.all("/api/auth/admin/*", (c) => c.json({ error: "This action is not available here." }, 403));
  // The auth hooks (the sign-in lockout per account and address) read the address stamped above.
  app.on(["GET", "POST"], "/api/auth/*", (c) => runtime.auth.handler(c.req.raw));
  app.route("/api", apiRoutes(runtime));
  // The old app posted sign-ups here; kept so links and embedded forms keep working.
  app.post("/.netlify/functions/waitlist", smallJsonBody, waitlistHandler(runtime));

  if (options.clientDir) {
    const root = options.clientDir;
    app.use(
      "/assets/*",
      serveStatic({
        root,
        onFound: (_path, c) => {
          // Vite puts a content hash in every file name under /assets, so they never change.
          c.header("Cache-Control", `public, max-age=${ONE_YEAR}, immutable`);
        },
      }),
    );
    // The few files beside /assets (the favicon…) are listed once at start: asking the file
    // system about every page request's path cost a stat call each.
    const publicFiles = listPublicFiles(root);
    const servePublic = serveStatic({
      root,
      onFound: (_path, c) => {
        c.header("Cache-Control", "public, max-age=3600");
      },
    });
    app.use("*", (c, next) => (publicFiles.has(c.req.path) ? servePublic(c, next) : next()));
  }

  if (options.build) {
    const handle = createRequestHandler(
      withUnavailablePages(options.build, runtime.logger),
      options.mode ?? "production",
    );
    app.use(publicPages.fill);
    // Renders start a few per turn of the event loop, so new connections are accepted between.
    const turns = createTurns();
    app.all("*", async (c) => {
      const request = publicRequest(c, runtime.config);
      // React Router refuses a page's own action from another origin too, but as a 400 "Unexpected
      // Server Error" with a stack trace written past the logger, for anyone to repeat. Refused
      // here as every other cross-site write is (decision 0013).
      if (request.method !== "GET" && request.method !== "HEAD" && isCrossOrigin(request)) {
        return c.text(CROSS_SITE_MESSAGE, 403);
      }
      // 499, as nginx logs it: the client left while its page waited; nothing is rendered for it.
      const queued = performance.now();
      if (!(await turns.take(c.req.raw.signal))) return new Response(null, { status: 499 });
      c.set("turnWaitMs", performance.now() - queued);
      const context = new RouterContextProvider();
      context.set(runtimeContext, runtime);
      context.set(cspNonceContext, c.get("secureHeadersNonce") ?? "");
      context.set(clientAddressContext, clientAddress(c, runtime.config.proxyHops));
      const response = await handle(request, context);
      // React Router keeps a thrown response's status but not its headers (withUnavailablePages).
      if (response.status === 503 && !response.headers.has("Retry-After")) {
        response.headers.set("Retry-After", String(RETRY_AFTER_SECONDS));
      }
      return response;
    });
  }

  app.onError((error, c) => {
    const api = c.req.path.startsWith("/api/") || c.req.path.startsWith("/.netlify/");
    // A service's refusal that no handler answered itself: its kind decides the status.
    if (isDomainError(error) && api) return apiRefusal(c, error);
    // The database is away (stopped, restarting, frozen): a moment's wait, not a fault of ours
    // to investigate request by request (decision 0012).
    if (isDatabaseUnavailable(error)) {
      c.get("log").warn({ err: error }, "the database is unavailable");
      c.header("Retry-After", String(RETRY_AFTER_SECONDS));
      return api ? c.json({ error: UNAVAILABLE_MESSAGE }, 503) : c.text(UNAVAILABLE_MESSAGE, 503);
    }
    c.get("log").error({ err: error }, "unhandled error");
    if (api) {
      return c.json({ error: "Something went wrong on our side. Please try again." }, 500);
    }
    return c.text("Internal Server Error", 500);
  });

  return app;
}
