import { eq } from "drizzle-orm";
import { z } from "zod";
import {
  type CompanyBrandingInput,
  LOGO_MAX_BYTES,
  LOGO_TOO_LARGE,
  LOGO_UNREADABLE,
  LOGO_WRONG_TYPE,
  type LogoContentType,
} from "#app/lib/schemas/company-settings.ts";
import { companies } from "#server/db/schema/index.ts";
import type { UserContext } from "#server/platform/context.ts";
import {
  done,
  forbidden,
  invalidInput,
  notFound,
  type Outcome,
  refuse,
} from "#server/platform/errors.ts";
import { drawableImage } from "#server/platform/pdf/images.ts";

// A company's branding on proposals (issue 15): its colour, how long its quotes stay valid, and
// its logo, kept through the file storage port. Its admins change it; its members see it.

export type CompanyBranding = {
  brandColor: string | null;
  quoteValidityDays: number;
  hasLogo: boolean;
};

export type CompanyLogo = { bytes: Uint8Array<ArrayBuffer>; contentType: LogoContentType };

const ADMINS_ONLY = "Only your company's admins can change this.";
const NO_LOGO = "No logo found.";

function requireAdmin(ctx: UserContext) {
  if (ctx.user.role !== "admin") throw forbidden(ADMINS_ONLY);
}

/** Where a company's logo lives in the file storage port: one per company, replaced in place. */
export const logoKeyOf = (companyId: string) => `companies/${companyId}/logo`;

export async function getCompanyBranding(ctx: UserContext): Promise<CompanyBranding> {
  const [row] = await ctx.db
    .select({
      brandColor: companies.brandColor,
      quoteValidityDays: companies.quoteValidityDays,
      logoKey: companies.logoKey,
    })
    .from(companies)
    .where(eq(companies.id, ctx.user.companyId));
  if (!row) throw notFound("Company not found.");
  return {
    brandColor: row.brandColor,
    quoteValidityDays: row.quoteValidityDays,
    hasLogo: row.logoKey !== null,
  };
}

export async function updateCompanyBranding(
  ctx: UserContext,
  input: CompanyBrandingInput,
): Promise<void> {
  requireAdmin(ctx);
  await ctx.db
    .update(companies)
    .set({ brandColor: input.brandColor, quoteValidityDays: input.quoteValidityDays })
    .where(eq(companies.id, ctx.user.companyId));
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/**
 * What the bytes are, by their magic numbers, never by a file's name or the type a browser
 * claims: a PNG's signature followed by its IHDR header, or a JPEG's start-of-image marker.
 */
export function sniffLogoType(bytes: Uint8Array): LogoContentType | null {
  const starts = (prefix: number[], at = 0) => prefix.every((b, i) => bytes[at + i] === b);
  if (starts(PNG_SIGNATURE) && starts([0x49, 0x48, 0x44, 0x52], 12)) return "image/png";
  if (starts([0xff, 0xd8, 0xff])) return "image/jpeg";
  return null;
}

/** Stores a new logo in place of the old one, once its size and bytes pass. */
export async function setCompanyLogo(ctx: UserContext, bytes: Uint8Array): Promise<void> {
  requireAdmin(ctx);
  if (bytes.byteLength === 0) throw invalidInput("Choose a logo file.", { logo: "Choose a file." });
  if (bytes.byteLength > LOGO_MAX_BYTES)
    throw invalidInput(LOGO_TOO_LARGE, { logo: LOGO_TOO_LARGE });
  if (!sniffLogoType(bytes)) throw invalidInput(LOGO_WRONG_TYPE, { logo: LOGO_WRONG_TYPE });
  // What is stored is our own encoding of the image, never the upload: a file that only starts
  // like an image, or decodes wrong in pdfkit, would fail every proposal it is printed on.
  const drawable = await drawableImage(bytes);
  if (!drawable) throw invalidInput(LOGO_UNREADABLE, { logo: LOGO_UNREADABLE });
  const contentType: LogoContentType = drawable.type === "png" ? "image/png" : "image/jpeg";
  const key = logoKeyOf(ctx.user.companyId);
  await ctx.ports.files.put(key, drawable.bytes);
  await ctx.db
    .update(companies)
    .set({ logoKey: key, logoContentType: contentType })
    .where(eq(companies.id, ctx.user.companyId));
  ctx.ports.logger.info(
    { companyId: ctx.user.companyId, bytes: drawable.bytes.byteLength, contentType },
    "company logo replaced",
  );
}

export async function removeCompanyLogo(ctx: UserContext): Promise<void> {
  requireAdmin(ctx);
  const [row] = await ctx.db
    .update(companies)
    .set({ logoKey: null, logoContentType: null })
    .where(eq(companies.id, ctx.user.companyId))
    .returning({ id: companies.id });
  // The row first: a file left behind by a failed removal is harmless, a row without its file is not.
  if (row) await ctx.ports.files.remove(logoKeyOf(ctx.user.companyId));
}

async function readLogo(ctx: UserContext, companyId: string): Promise<CompanyLogo | null> {
  const [row] = await ctx.db
    .select({ logoKey: companies.logoKey, logoContentType: companies.logoContentType })
    .from(companies)
    .where(eq(companies.id, companyId));
  if (!row?.logoKey) return null;
  const contentType = row.logoContentType === "image/jpeg" ? "image/jpeg" : "image/png";
  const bytes = await ctx.ports.files.get(row.logoKey);
  return bytes ? { bytes, contentType } : null;
}

/**
 * A company's logo for its own members only: another company's id, a malformed one, or a
 * company without a logo are all "not found", so nobody learns which companies have one.
 */
export async function openCompanyLogo(
  ctx: UserContext,
  companyId: string,
): Promise<Outcome<CompanyLogo>> {
  if (!z.uuid().safeParse(companyId).success || companyId !== ctx.user.companyId) {
    return refuse("not_found", NO_LOGO);
  }
  const logo = await readLogo(ctx, companyId);
  return logo ? done(logo) : refuse("not_found", NO_LOGO);
}

/** The reseller part of a proposal (server/quotes/proposal): the acting user's company. */
export async function proposalReseller(ctx: UserContext): Promise<{
  name: string;
  brandColor: string | null;
  logo: CompanyLogo | null;
}> {
  const [row] = await ctx.db
    .select({ name: companies.name, brandColor: companies.brandColor })
    .from(companies)
    .where(eq(companies.id, ctx.user.companyId));
  if (!row) throw notFound("Company not found.");
  const logo = await readLogo(ctx, ctx.user.companyId);
  if (!logo) return { ...row, logo: null };
  // Encoded afresh here too, so a logo stored before uploads were re-encoded never reaches
  // pdfkit as uploaded; one that cannot be drawn prints as no logo, not as a failed proposal.
  const drawable = await drawableImage(logo.bytes);
  if (!drawable) {
    ctx.ports.logger.warn({ companyId: ctx.user.companyId }, "the company logo cannot be drawn");
    return { ...row, logo: null };
  }
  return {
    ...row,
    logo: {
      bytes: new Uint8Array(drawable.bytes),
      contentType: drawable.type === "png" ? "image/png" : "image/jpeg",
    },
  };
}
