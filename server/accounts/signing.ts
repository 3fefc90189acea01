import { createHmac, timingSafeEqual } from "node:crypto";
import type { ServiceContext } from "#server/platform/context.ts";

// Values other areas hand to a browser and must get back unchanged (the assistant gate's cookie):
// signed with the server's auth secret, which only this area reads.

function mac(secret: string, value: string): Buffer {
  return createHmac("sha256", secret).update(value).digest();
}

/** `value.signature` (base64url HMAC-SHA256 with the auth secret). */
export async function signValue(ctx: ServiceContext, value: string): Promise<string> {
  const { secret } = await ctx.auth.$context;
  return `${value}.${mac(secret, value).toString("base64url")}`;
}

/** The value of a string `signValue` made, or null when the signature does not hold. */
export async function verifySigned(ctx: ServiceContext, signed: string): Promise<string | null> {
  const dot = signed.lastIndexOf(".");
  if (dot < 1) return null;
  const value = signed.slice(0, dot);
  const given = Buffer.from(signed.slice(dot + 1), "base64url");
  const { secret } = await ctx.auth.$context;
  const expected = mac(secret, value);
  return given.length === expected.length && timingSafeEqual(given, expected) ? value : null;
}
