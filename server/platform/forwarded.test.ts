import { getIP } from "better-auth/api";
import { describe, expect, it } from "vitest";
import {
  CLIENT_ADDRESS_HEADER,
  normalizeAddress,
  publicOrigin,
  resolveClientAddress,
} from "./forwarded.ts";

const resolve = (socketAddress: string | undefined, forwardedFor: string | undefined, hops = 0) =>
  resolveClientAddress({ socketAddress, forwardedFor, hops });

describe("the client address", () => {
  it("is the socket's when no proxy is trusted, whatever X-Forwarded-For says", () => {
    expect(resolve("198.51.100.7", undefined)).toBe("198.51.100.7");
    expect(resolve("198.51.100.7", "203.0.113.1")).toBe("198.51.100.7");
    expect(resolve("198.51.100.7", "203.0.113.1, 10.0.0.1")).toBe("198.51.100.7");
  });

  it("counts trusted hops from the right of X-Forwarded-For", () => {
    // One proxy: it appended the address it saw; whatever stands left of it came from the client.
    expect(resolve("10.0.0.2", "203.0.113.9", 1)).toBe("203.0.113.9");
    expect(resolve("10.0.0.2", "6.6.6.6, 203.0.113.9", 1)).toBe("203.0.113.9");
    // Two proxies: the outer one's view is the second from the right.
    expect(resolve("10.0.0.3", "6.6.6.6, 203.0.113.9, 10.0.0.2", 2)).toBe("203.0.113.9");
    expect(resolve("10.0.0.3", "203.0.113.9, 10.0.0.2", 2)).toBe("203.0.113.9");
  });

  it("takes the leftmost entry of a chain shorter than the trusted hops, the socket without one", () => {
    expect(resolve("10.0.0.3", "203.0.113.9", 3)).toBe("203.0.113.9");
    expect(resolve("10.0.0.3", undefined, 2)).toBe("10.0.0.3");
    expect(resolve("10.0.0.3", " , ", 1)).toBe("10.0.0.3");
  });

  it("stops at the last real address when a hop is not one", () => {
    expect(resolve("10.0.0.3", "203.0.113.9, not-an-address, 10.0.0.2", 3)).toBe("10.0.0.2");
    expect(resolve("10.0.0.3", "<script>", 1)).toBe("10.0.0.3");
  });

  it("is 'unknown' only without a socket", () => {
    expect(resolve(undefined, undefined)).toBe("unknown");
    expect(resolve(undefined, "203.0.113.9")).toBe("unknown");
  });

  it("has one spelling per client: mapped IPv4 unwrapped, IPv6 as its /64, ports dropped", () => {
    expect(normalizeAddress("::ffff:127.0.0.1")).toBe("127.0.0.1");
    expect(normalizeAddress("::FFFF:7f00:1")).toBe("127.0.0.1");
    expect(normalizeAddress("2001:db8:1:2:3:4:5:6")).toBe(
      "2001:0db8:0001:0002:0000:0000:0000:0000",
    );
    expect(normalizeAddress("2001:DB8:1:2::9")).toBe("2001:0db8:0001:0002:0000:0000:0000:0000");
    expect(normalizeAddress("::1")).toBe("0000:0000:0000:0000:0000:0000:0000:0000");
    expect(normalizeAddress("fe80::1%eth0")).toBe("fe80:0000:0000:0000:0000:0000:0000:0000");
    expect(normalizeAddress("203.0.113.9:51234")).toBe("203.0.113.9");
    expect(normalizeAddress("[2001:db8::1]:443")).toBe("2001:0db8:0000:0000:0000:0000:0000:0000");
    expect(normalizeAddress("unknown")).toBeNull();
    expect(normalizeAddress("300.1.1.1")).toBeNull();
  });

  it("is the very key Better Auth's limiter reads from the stamped header", () => {
    const options = { advanced: { ipAddress: { ipAddressHeaders: [CLIENT_ADDRESS_HEADER] } } };
    for (const raw of ["203.0.113.9", "::ffff:192.0.2.1", "2001:db8:1:2:3:4:5:6", "::1"]) {
      const ours = normalizeAddress(raw);
      expect(ours).not.toBeNull();
      const headers = new Headers({ [CLIENT_ADDRESS_HEADER]: ours ?? "" });
      expect(getIP(headers, options)).toBe(ours);
    }
  });
});

describe("the public origin", () => {
  const BASE_URL = "https://portal.example";
  const origin = (forwardedProto?: string, forwardedHost?: string, hops = 1) =>
    publicOrigin({ forwardedProto, forwardedHost, hops, baseUrl: BASE_URL });

  it("is left alone without a trusted proxy, whatever the headers say", () => {
    expect(origin("https", "evil.example", 0)).toBeNull();
  });

  it("comes from the trusted proxy's X-Forwarded-Proto and X-Forwarded-Host", () => {
    expect(origin("https", "shop.example:8443")).toBe("https://shop.example:8443");
    expect(origin("http", "shop.example")).toBe("http://shop.example");
    // What the client wrote left of the proxy's own entry is not read.
    expect(origin("http, https", "evil.example, shop.example")).toBe("https://shop.example");
    expect(origin("https, http", "a.example, b.example, c.example", 2)).toBe("https://b.example");
  });

  it("falls back to BASE_URL's scheme and host for missing or malformed headers", () => {
    expect(origin(undefined, undefined)).toBe("https://portal.example");
    expect(origin("gopher", "bad host/with/path")).toBe("https://portal.example");
    expect(origin("HTTPS", "[::1]:8443")).toBe("https://[::1]:8443");
  });
});
