import type { ServerType } from "@hono/node-server";

/**
 * How long an idle connection is kept open for its next request. Node closes one after 5 s, and
 * a client or a proxy that reuses it just then (nginx's upstream keepalive, a load balancer with
 * its usual 60 s, a browser test's request context) gets a reset instead of an answer. Longer
 * than those proxies' own idle timeouts, so they always close first (decision 0014).
 */
export const KEEP_ALIVE_MS = 65_000;

export function keepIdleConnections(server: ServerType): void {
  if (!("keepAliveTimeout" in server)) return;
  server.keepAliveTimeout = KEEP_ALIVE_MS;
  // Node's rule: the wait for a request's headers must outlast the keep-alive wait.
  server.headersTimeout = KEEP_ALIVE_MS + 1_000;
}
