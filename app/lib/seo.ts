import type { MetaDescriptor } from "react-router";

export const SITE_NAME = "Carrierline";

/** The social preview image every page shares until pages get their own. */
export const OG_IMAGE_PATH = "/og-image.png";

export type PageSeo = {
  title: string;
  description: string;
  /** The page's own path, e.g. "/features"; the canonical URL is the site origin plus this. */
  path: string;
  type?: "website" | "article";
};

/** The root loader's data: the public origin that canonical and Open Graph URLs are built on. */
export type SiteOriginData = { origin: string };

function isSiteOriginData(value: unknown): value is SiteOriginData {
  return (
    typeof value === "object" &&
    value !== null &&
    "origin" in value &&
    typeof value.origin === "string"
  );
}

type MetaMatchesArg = {
  matches: ReadonlyArray<{ id: string; loaderData: unknown } | undefined>;
};

/** The origin from the root route's loader data among a meta function's matches. */
export function originFromMatches({ matches }: MetaMatchesArg): string {
  const root = matches.find((match) => match?.id === "root");
  return isSiteOriginData(root?.loaderData) ? root.loaderData.origin : "";
}

/**
 * Title, description, canonical link and Open Graph/Twitter tags for one public page; pass the
 * meta function's own arguments: `meta = (args) => seoMeta(args, {...})`.
 */
export function seoMeta(args: MetaMatchesArg, page: PageSeo): MetaDescriptor[] {
  const origin = originFromMatches(args);
  const url = `${origin}${page.path}`;
  const image = `${origin}${OG_IMAGE_PATH}`;
  return [
    { title: page.title },
    { name: "description", content: page.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: SITE_NAME },
    { property: "og:type", content: page.type ?? "website" },
    { property: "og:title", content: page.title },
    { property: "og:description", content: page.description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { name: "twitter:card", content: "summary_large_image" },
  ];
}
