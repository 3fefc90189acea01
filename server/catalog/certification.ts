import { and, eq, like, or } from "drizzle-orm";
import type { Carrier } from "#app/lib/domain.ts";
import { containsPattern } from "#server/db/like.ts";
import { certifiedDevices } from "#server/db/schema/index.ts";
import type { ServiceContext } from "#server/platform/context.ts";

// Whether a device a bill names is on a carrier's certified list. A bill prints the model with
// its storage ("iPhone 16 Pro 256GB") and the catalog without it, sometimes with a variant in
// brackets ("Apple Watch Series 10 (GPS + Cellular)"): both are compared without those, and the
// maker's name may lead either. Anything else is taken as not listed rather than guessed.

/** "iphone 16 pro" from "iPhone 16 Pro 256GB", "apple watch series 10" from "... (GPS + Cellular)". */
export function deviceKey(name: string): string {
  return name
    .toLowerCase()
    .replace(/\([^)]*\)/g, " ")
    .replace(/\b\d+\s*(gb|tb)\b/g, " ")
    .replace(/[^a-z0-9+]+/g, " ")
    .trim()
    .replace(/\s+/g, " ");
}

/** The bill's device names that `carrier`'s certified list names, as given. */
export async function certifiedDeviceNames(
  ctx: Pick<ServiceContext, "db">,
  input: { carrier: Carrier; names: readonly string[] },
): Promise<Set<string>> {
  const keys = new Map(input.names.map((name) => [name, deviceKey(name)] as const));
  const words = [...new Set([...keys.values()].map((key) => key.split(" ")[0] ?? ""))].filter(
    (word) => word.length > 1,
  );
  if (words.length === 0) return new Set();
  // A few catalog rows per leading word (its trigram index serves the search), then an exact
  // comparison of the keys here.
  const rows = await ctx.db
    .select({ manufacturer: certifiedDevices.manufacturer, model: certifiedDevices.model })
    .from(certifiedDevices)
    .where(
      and(
        eq(certifiedDevices.carrier, input.carrier),
        or(...words.map((word) => like(certifiedDevices.searchText, containsPattern(word)))),
      ),
    );
  const listed = new Set(
    rows.flatMap((row) => [deviceKey(row.model), deviceKey(`${row.manufacturer} ${row.model}`)]),
  );
  return new Set(
    input.names.filter((name) => {
      const key = keys.get(name) ?? "";
      return key !== "" && listed.has(key);
    }),
  );
}
