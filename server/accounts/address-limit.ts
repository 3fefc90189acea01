import type { ServiceContext } from "#server/platform/context.ts";
import { type Refusal, refuse } from "#server/platform/errors.ts";
import { hit } from "#server/platform/rate-limit.ts";

const BUSY = "Too many attempts from your network. Please wait a minute and try again.";

/** A per-minute limit on one kind of request from one client address. */
export type AddressLimit = { key: string; perMinute: number };

/**
 * Counts a sign-in page's request from one client address. Server-side calls skip Better Auth's
 * per-address limiter, so the pages' own calls are counted here by the same rules (README).
 * Null while under the limit; a refusal with the wait once over it.
 */
export async function limitPerAddress(
  ctx: ServiceContext,
  clientAddress: string,
  limit: AddressLimit,
): Promise<Refusal | null> {
  const counted = await hit(ctx.db, `${limit.key}:${clientAddress}`, limit.perMinute, 60);
  return counted.allowed
    ? null
    : refuse("rate_limited", BUSY, { retryAfterSeconds: counted.retryAfterSeconds });
}
