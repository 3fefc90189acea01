import { getConnInfo } from "@hono/node-server/conninfo";
import type { Context, MiddlewareHandler } from "hono";
import type { AppConfig } from "#server/platform/config.ts";
import {
  CLIENT_ADDRESS_HEADER,
  publicOrigin,
  resolveClientAddress,
  UNKNOWN_ADDRESS,
} from "#server/platform/forwarded.ts";

type ProxySettings = Pick<AppConfig, "proxyHops" | "baseUrl">;

function socketAddress(c: Context): string | undefined {
  try {
    return getConnInfo(c).remote.address;
  } catch {
    // A request handed to app.fetch without a socket (tests) has none.
    return undefined;
  }
}

/**
 * The client's address, for every per-address limit and record: the socket's, or with TRUST_PROXY
 * the one the outermost trusted proxy saw (server/platform/forwarded.ts).
 */
export function clientAddress(c: Context, hops: number): string {
  return resolveClientAddress({
    socketAddress: socketAddress(c),
    forwardedFor: c.req.header("x-forwarded-for"),
    hops,
  });
}

/**
 * First on every request: puts the client address in CLIENT_ADDRESS_HEADER, over anything the
 * client sent there, so Better Auth (its rate limits, the address a session records) and every
 * piece of code handed the request's headers read the address our own limits count.
 */
export function stampClientAddress(hops: number): MiddlewareHandler {
  return async (c, next) => {
    const address = clientAddress(c, hops);
    const headers = c.req.raw.headers;
    if (address === UNKNOWN_ADDRESS) headers.delete(CLIENT_ADDRESS_HEADER);
    else headers.set(CLIENT_ADDRESS_HEADER, address);
    await next();
  };
}

/**
 * The request under the URL the browser used. Behind a TLS-terminating proxy the server sees
 * http://internal-host, while the browser's Origin says https://public-host: React Router refuses
 * every action whose Origin differs from the request URL's origin. With TRUST_PROXY the origin
 * comes from the proxy's headers or BASE_URL; without it the request is left as it came.
 */
export function publicRequest(c: Context, settings: ProxySettings): Request {
  const request = c.req.raw;
  const origin = publicOrigin({
    forwardedProto: c.req.header("x-forwarded-proto"),
    forwardedHost: c.req.header("x-forwarded-host"),
    hops: settings.proxyHops,
    baseUrl: settings.baseUrl,
  });
  const url = new URL(request.url);
  if (origin === null || url.origin === origin) return request;
  // Node's fetch needs `duplex` to stream a body; the DOM typings do not know it yet.
  const init: RequestInit & { duplex: "half" } = {
    method: request.method,
    headers: request.headers,
    body: request.body,
    signal: request.signal,
    duplex: "half",
  };
  // Concatenated, never resolved: a path such as //other.example must stay a path.
  return new Request(`${origin}${url.pathname}${url.search}`, init);
}
