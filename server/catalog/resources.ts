import { and, desc, eq, ilike, or, type SQL, sql } from "drizzle-orm";
import { z } from "zod";
import type { ResourceFilters } from "#app/lib/schemas/catalog-filters.ts";
import { containsPattern } from "#server/db/like.ts";
import { salesResources } from "#server/db/schema/index.ts";
import type { ServiceContext } from "#server/platform/context.ts";
import { done, type Outcome, refuse } from "#server/platform/errors.ts";

export type ResourceView = {
  id: string;
  title: string;
  description: string;
  type: (typeof salesResources.$inferSelect)["type"];
  carrier: (typeof salesResources.$inferSelect)["carrier"];
  deviceType: (typeof salesResources.$inferSelect)["deviceType"];
  fileType: (typeof salesResources.$inferSelect)["fileType"];
  downloads: number;
  tags: string[];
  addedAt: Date;
};

export async function listResources(
  ctx: ServiceContext,
  filters: ResourceFilters,
): Promise<ResourceView[]> {
  const where: SQL[] = [];
  if (filters.device !== "all") where.push(eq(salesResources.deviceType, filters.device));
  if (filters.type !== "all") where.push(eq(salesResources.type, filters.type));
  if (filters.carrier !== "all") where.push(eq(salesResources.carrier, filters.carrier));
  if (filters.q !== "") {
    const pattern = containsPattern(filters.q);
    const text = or(
      ilike(salesResources.title, pattern),
      ilike(salesResources.description, pattern),
      sql`array_to_string(${salesResources.tags}, ' ') ilike ${pattern}`,
    );
    if (text) where.push(text);
  }
  return ctx.db
    .select({
      id: salesResources.id,
      title: salesResources.title,
      description: salesResources.description,
      type: salesResources.type,
      carrier: salesResources.carrier,
      deviceType: salesResources.deviceType,
      fileType: salesResources.fileType,
      downloads: salesResources.downloads,
      tags: salesResources.tags,
      addedAt: salesResources.addedAt,
    })
    .from(salesResources)
    .where(where.length > 0 ? and(...where) : undefined)
    .orderBy(
      filters.sort === "downloads" ? desc(salesResources.downloads) : desc(salesResources.addedAt),
      desc(salesResources.addedAt),
    );
}

export type ResourceFile = { bytes: Uint8Array<ArrayBuffer>; mimeType: string; fileName: string };

const NOT_FOUND = refuse("not_found", "Resource not found.");

/**
 * The resource's file from the files port, counting the download. Not found when the id names no
 * resource (a malformed id names none) or its file is missing.
 */
export async function openResourceFile(
  ctx: ServiceContext,
  id: string,
): Promise<Outcome<ResourceFile>> {
  if (!z.uuid().safeParse(id).success) return NOT_FOUND;
  const [row] = await ctx.db
    .update(salesResources)
    .set({ downloads: sql`${salesResources.downloads} + 1` })
    .where(eq(salesResources.id, id))
    .returning({
      fileKey: salesResources.fileKey,
      mimeType: salesResources.mimeType,
      fileName: salesResources.fileName,
    });
  if (!row) return NOT_FOUND;
  const bytes = await ctx.ports.files.get(row.fileKey);
  return bytes ? done({ bytes, mimeType: row.mimeType, fileName: row.fileName }) : NOT_FOUND;
}
