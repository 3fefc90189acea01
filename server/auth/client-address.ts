import { CLIENT_ADDRESS_HEADER } from "#server/platform/forwarded.ts";

/**
 * The client address as the HTTP server resolved it, handed to the auth hooks. Better Auth sees
 * either the browser's request (/api/auth/*) or a page's server-side call with the browser's
 * headers; neither tells the hooks which address the server trusts (TRUST_PROXY decides that, in
 * the HTTP layer). So both ways in set this one header, overwriting whatever the client sent:
 * the HTTP edge on every request (server/http/client-address.ts), a sign-in page's service on
 * its call.
 */

/** A copy of `headers` that names `address` as the client's (any value the client sent is gone). */
export function withClientAddress(headers: Headers, address: string): Headers {
  const copy = new Headers(headers);
  copy.set(CLIENT_ADDRESS_HEADER, address);
  return copy;
}

/** The address the server resolved for this call; "unknown" when no layer above set it. */
export function clientAddressOf(headers: Headers | undefined): string {
  return headers?.get(CLIENT_ADDRESS_HEADER)?.trim() || "unknown";
}
