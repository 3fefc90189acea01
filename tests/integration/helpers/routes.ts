import type { PageServer } from "./fixture.ts";

/**
 * The URL of every page whose route module has an action, as the build the server answers from
 * has them (`?index` for an index route: React Router posts there only with it).
 */
export function pagesWithAction(server: PageServer): string[] {
  const paths: string[] = [];
  for (const route of Object.values(server.routes)) {
    if (!route || typeof route.module.action !== "function") continue;
    const segments: string[] = [];
    for (let r: typeof route | undefined = route; r; ) {
      if (r.path) segments.unshift(r.path);
      r = r.parentId ? server.routes[r.parentId] : undefined;
    }
    paths.push(`/${segments.join("/")}${route.index ? "?index" : ""}`);
  }
  return paths.sort();
}

/** The single-fetch data URL a client navigation posts a page's form to. */
export function dataUrl(path: string): string {
  const [pathname = "/", search] = path.split("?");
  return `${pathname === "/" ? "/_root" : pathname}.data${search ? `?${search}` : ""}`;
}
