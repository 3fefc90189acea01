import { isIPv4, isIPv6 } from "node:net";

/**
 * Who sent a request and to which public origin, when reverse proxies may stand in front of us
 * (TRUST_PROXY, decision 0014). Pure functions over header values; server/http/client-address.ts
 * applies them to each request.
 */

/**
 * The header the HTTP edge sets on every request to the client address it resolved, replacing any
 * value a client sent. Better Auth reads it (advanced.ipAddress), so its rate limits and session
 * records count the same address as ours; its own reading of X-Forwarded-For believes any client.
 */
export const CLIENT_ADDRESS_HEADER = "x-carrierline-client-address";

/** Only requests that never met a socket (a test calling app.fetch) have no address. */
export const UNKNOWN_ADDRESS = "unknown";

/** The eight 16-bit groups of a valid IPv6 address (a dotted IPv4 tail becomes the last two). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a = 0, b = 0, c = 0, d = 0] = dotted.slice(1).map(Number);
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = "", tail] = text.split("::");
  const left = head ? head.split(":") : [];
  const right = tail ? tail.split(":") : [];
  const zeros = tail === undefined ? [] : Array<string>(8 - left.length - right.length).fill("0");
  return [...left, ...zeros, ...right].map((group) => Number.parseInt(group, 16));
}

/**
 * One spelling per client: an IPv4 address as it is (also when it comes IPv4-mapped, as a
 * dual-stack socket reports it), and an IPv6 address as its /64 network, expanded. An IPv6 client
 * is normally given a whole /64, so counting single addresses would let it pick a new one for
 * every try; Better Auth collapses the same way (ipv6Subnet 64), so both limiters key alike.
 * Null when the text is no address (a port or brackets, as some proxies write them, are dropped).
 */
export function normalizeAddress(raw: string): string | null {
  let address = raw.trim();
  const bracketed = /^\[([^\]]+)\](?::\d+)?$/.exec(address);
  if (bracketed?.[1]) address = bracketed[1];
  else if (/^\d{1,3}(?:\.\d{1,3}){3}:\d+$/.test(address)) address = address.replace(/:\d+$/, "");
  address = address.replace(/%.*$/, "");
  if (isIPv4(address)) return address;
  if (!isIPv6(address)) return null;
  const groups = ipv6Groups(address);
  const [, , , , , marker, high = 0, low = 0] = groups;
  if (marker === 0xffff && groups.slice(0, 5).every((group) => group === 0)) {
    return [high >> 8, high & 255, low >> 8, low & 255].join(".");
  }
  return [...groups.slice(0, 4), 0, 0, 0, 0]
    .map((group) => group.toString(16).padStart(4, "0"))
    .join(":");
}

/** The comma-separated entries of a forwarded header, nearest hop last. */
function entries(value: string | undefined): string[] {
  return (value ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter((entry) => entry !== "");
}

/**
 * The client's address. With no trusted proxy (hops 0) it is the socket's, whatever the request
 * says. With `hops` trusted proxies in front, each appends the address it saw to X-Forwarded-For,
 * so the client is the `hops`-th entry from the right; entries further left were written by
 * whoever sent the request and are never read. A chain shorter than that yields its leftmost
 * entry; an entry that is no address ends the walk at the last hop that was one.
 */
export function resolveClientAddress(input: {
  socketAddress: string | undefined;
  forwardedFor: string | undefined;
  hops: number;
}): string {
  let address = (input.socketAddress && normalizeAddress(input.socketAddress)) || UNKNOWN_ADDRESS;
  if (input.hops === 0) return address;
  for (const entry of entries(input.forwardedFor).reverse().slice(0, input.hops)) {
    const hop = normalizeAddress(entry);
    if (!hop) break;
    address = hop;
  }
  return address;
}

/** The value the outermost trusted proxy gave a forwarded header (same counting as above). */
function fromTrustedHop(value: string | undefined, hops: number): string | undefined {
  const list = entries(value);
  return list[Math.max(0, list.length - hops)];
}

const HOST = /^(?:[a-z0-9-]+(?:\.[a-z0-9-]+)*|\[[0-9a-f:.]+\])(?::\d{1,5})?$/;

/**
 * The origin the browser sent a request to, when proxies we trust stand in front: the scheme from
 * X-Forwarded-Proto and the host from X-Forwarded-Host as the outermost trusted proxy set them,
 * else BASE_URL's. Null with no trusted proxy: the request's own URL stands, and no header a
 * client sends can change it.
 */
export function publicOrigin(input: {
  forwardedProto: string | undefined;
  forwardedHost: string | undefined;
  hops: number;
  baseUrl: string;
}): string | null {
  if (input.hops === 0) return null;
  const base = new URL(input.baseUrl);
  const proto = fromTrustedHop(input.forwardedProto, input.hops)?.toLowerCase();
  const host = fromTrustedHop(input.forwardedHost, input.hops)?.toLowerCase();
  const scheme = proto === "https" || proto === "http" ? proto : base.protocol.slice(0, -1);
  return `${scheme}://${host && HOST.test(host) ? host : base.host}`;
}
