import type { Context, MiddlewareHandler } from "hono";
import { TrieRouter } from "hono/router/trie-router";
import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { hasNul } from "#app/lib/schemas/text.ts";
import { CROSS_SITE_MESSAGE } from "#server/web/same-origin.ts";

/**
 * The request edge (decision 0013): what every request must be before any handler, page or
 * service sees it, and what every answer that depends on a session must say to caches.
 *
 * - No NUL anywhere a handler would read text: the URL's path and query, the headers, and
 *   url-encoded, multipart text and JSON bodies (PostgreSQL cannot store it, so it used to reach
 *   the database and come back as a 500). Files in a multipart body are bytes and pass as they are.
 * - A method the path does not take: 405 with `Allow`. A body of a type the path does not read:
 *   415. A body that cannot be read as what it says it is: 400.
 * - One body limit for every route, with larger ones for the few upload screens: 413, and the
 *   connection is closed, as the rest of a refused body would otherwise be read as the next request.
 * - A write that the browser says comes from another site (`Sec-Fetch-Site: cross-site`): 403,
 *   whether or not it names its Origin. The page and API guards compare the Origin header; a
 *   request that leaves it out would otherwise pass them, and no route here takes writes from
 *   other sites.
 * - `Cache-Control: no-store` on every answer that depends on a session; `Vary: Cookie` on the
 *   anonymous answers of pages that look different to a signed-in person.
 */

/** The body limit of every route that is not an upload. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

/**
 * Screens that take a file, and how large a request to them may be: the file's own limit (the
 * action refuses a larger file with a message of its own) plus room for the form around it.
 */
export const UPLOAD_LIMIT_BYTES = 11 * 1024 * 1024;
export const UPLOAD_PATHS: ReadonlySet<string> = new Set([
  "/dashboard/plans",
  "/dashboard/devices",
  "/dashboard/bill-analyzer",
  "/dashboard/customers",
  "/dashboard/customers/import",
  // The logo (1 MB at most): a larger one still reaches the page, which says why it is refused.
  "/dashboard/admin/company",
  "/api/analyze-bill",
]);
/** The API routes that read a multipart form (a file) rather than JSON. */
export const API_FORM_PATHS: ReadonlySet<string> = new Set(["/api/analyze-bill"]);

const FORM_TYPES = ["application/x-www-form-urlencoded", "multipart/form-data"];
const JSON_TYPE = /^application\/(?:[\w.+-]+\+)?json$/;
const SAFE_METHODS = new Set(["GET", "HEAD"]);
const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"] as const;
/** Auth cookies are named `better-auth.*` (`__Secure-better-auth.*` over HTTPS). */
const SESSION_COOKIE = /(?:^|;\s*)(?:__Secure-)?better-auth\.[\w-]+=/;

/** Whether a Cookie header carries any of the auth cookies (a session, or what is left of one). */
export const hasSessionCookie = (cookie: string | undefined) => SESSION_COOKIE.test(cookie ?? "");

export type EdgeOptions = {
  /** The Hono app: its routes with a method of their own say which methods a path takes. */
  app: { routes: readonly { method: string; path: string }[] };
  /** The React Router build: its route modules say which pages take a form. */
  build?: ServerBuild | (() => Promise<ServerBuild>);
};

type Refusal = { status: 400 | 403 | 405 | 413 | 415; message: string; allow?: string };

/** The path a page or data request is for, as React Router reads it (`/x.data` is `/x`). */
export function pagePath(url: URL): { pathname: string; search: string } {
  const pathname = url.pathname.endsWith("/_.data")
    ? url.pathname.replace(/_\.data$/, "")
    : url.pathname.replace(/\.data$/, "");
  return { pathname, search: url.search };
}

/** The largest body the path takes. */
export function bodyLimitOf(pathname: string): number {
  return UPLOAD_PATHS.has(pagePath(new URL(pathname, "http://x")).pathname)
    ? UPLOAD_LIMIT_BYTES
    : BODY_LIMIT_BYTES;
}

export function requestEdge(options: EdgeOptions): MiddlewareHandler {
  const honoMethods = lazyHonoMethods(options.app);
  const pageMethods = lazyPageMethods(options.build);

  return async (c, next) => {
    const url = new URL(c.req.url);
    const api = !isPage(url.pathname);
    const refused =
      checkUrl(url) ??
      checkHeaders(c.req.raw.headers) ??
      checkFetchSite(c.req.raw) ??
      (await checkMethod(c.req.method, url, honoMethods, pageMethods)) ??
      (await readBody(c, url, api));
    if (refused) c.res = answer(c, refused, api);
    else await next();
    cachePolicy(c, url);
  };
}

/** Everything outside /api and the probes is a page (or its `.data` request) or a static file. */
function isPage(pathname: string): boolean {
  return !(
    pathname.startsWith("/api/") ||
    pathname.startsWith("/.netlify/") ||
    pathname === "/healthz" ||
    pathname === "/readyz"
  );
}

function answer(c: Context, refusal: Refusal, api: boolean): Response {
  const headers: Record<string, string> = {};
  if (refusal.allow) headers.Allow = refusal.allow;
  // The rest of a refused body is never read; the connection cannot carry another request.
  if (refusal.status === 413) headers.Connection = "close";
  if (api) return c.json({ error: refusal.message }, refusal.status, headers);
  return c.text(refusal.message, refusal.status, headers);
}

function checkUrl(url: URL): Refusal | null {
  let path: string;
  try {
    path = decodeURIComponent(url.pathname);
  } catch {
    return { status: 400, message: "The address is not valid." };
  }
  if (hasNul(path) || [...url.searchParams].some(([k, v]) => hasNul(k) || hasNul(v))) {
    return { status: 400, message: "The address contains a character that is not allowed." };
  }
  return null;
}

function checkHeaders(headers: Headers): Refusal | null {
  for (const [name, value] of headers) {
    // Node's parser refuses a raw NUL; cookie values are percent-decoded by whoever reads them.
    if (hasNul(value) || (name === "cookie" && value.includes("%00"))) {
      return { status: 400, message: "A header contains a character that is not allowed." };
    }
  }
  return null;
}

// --- methods ------------------------------------------------------------------------------

type MethodsOf = (pathname: string) => string[] | null;

/** The methods the Hono app's own routes take at a path (null: no route of its own there). */
function lazyHonoMethods(app: EdgeOptions["app"]): () => MethodsOf {
  let router: TrieRouter<string> | undefined;
  return () => {
    if (!router) {
      const built = new TrieRouter<string>();
      // Middleware and catch-alls are registered for ALL methods: they say nothing of a path.
      for (const route of app.routes) {
        if (route.method !== "ALL") built.add(route.method, route.path, route.method);
      }
      router = built;
    }
    const found = router;
    return (pathname) => {
      const methods = new Set<string>();
      for (const method of METHODS) {
        if (found.match(method, pathname)[0].length > 0) methods.add(method);
      }
      if (methods.has("GET")) methods.add("HEAD");
      return methods.size > 0 ? METHODS.filter((m) => methods.has(m)) : null;
    };
  };
}

/** The methods a page takes: GET and HEAD, and POST where its route module has an action. */
function lazyPageMethods(
  build: EdgeOptions["build"],
): () => Promise<(url: URL) => string[] | null> {
  const trees = new WeakMap<ServerBuild, ReturnType<typeof routeTree>>();
  return async () => {
    if (!build) return () => null;
    const resolved = typeof build === "function" ? await build() : build;
    let tree = trees.get(resolved);
    if (!tree) {
      tree = routeTree(resolved);
      trees.set(resolved, tree);
    }
    const { routes, withAction } = tree;
    return (url) => {
      const { pathname, search } = pagePath(url);
      const matches = matchRoutes(routes, pathname);
      if (!matches) return null;
      const target = actionTarget(matches, search);
      return target && withAction.has(target) ? ["GET", "HEAD", "POST"] : ["GET", "HEAD"];
    };
  };
}

/** The build's flat route manifest as the nested route objects matchRoutes reads. */
function routeTree(build: ServerBuild) {
  const withAction = new Set<string>();
  const children = new Map<string | undefined, RouteObject[]>();
  const childrenOf = (id: string | undefined) => {
    const list = children.get(id) ?? [];
    children.set(id, list);
    return list;
  };
  for (const r of Object.values(build.routes)) {
    if (!r) continue;
    if (typeof r.module.action === "function") withAction.add(r.id);
    const { id, path } = r;
    childrenOf(r.parentId).push(
      r.index ? { id, path, index: true } : { id, path, children: childrenOf(id) },
    );
  }
  return { routes: childrenOf(undefined), withAction };
}

/**
 * The route whose action a POST runs, as React Router picks it: the deepest route with a path
 * of its own, or an index route when the URL says `?index`.
 */
function actionTarget(
  matches: { route: RouteObject; pathnameBase: string }[],
  search: string,
): string | undefined {
  const last = matches.at(-1);
  const nakedIndex = new URLSearchParams(search).getAll("index").some((v) => v === "");
  if (last?.route.index && nakedIndex) return last.route.id;
  const contributing = matches.filter((m, i) => i === 0 || Boolean(m.route.path));
  return contributing.at(-1)?.route.id;
}

async function checkMethod(
  method: string,
  url: URL,
  honoMethods: () => MethodsOf,
  pageMethods: () => Promise<(url: URL) => string[] | null>,
): Promise<Refusal | null> {
  const fromHono = honoMethods()(url.pathname);
  // Every page takes GET and HEAD: matching the URL against the route tree (~0.5 ms of CPU, on
  // every page view) only matters for the other methods.
  if (!fromHono && (method === "GET" || method === "HEAD")) return null;
  const allowed = fromHono ?? (isPage(url.pathname) ? (await pageMethods())(url) : null);
  if (!allowed || allowed.includes(method)) return null;
  return { status: 405, message: `${method} is not allowed here.`, allow: allowed.join(", ") };
}

// --- bodies -------------------------------------------------------------------------------

function checkFetchSite(request: Request): Refusal | null {
  if (SAFE_METHODS.has(request.method)) return null;
  return request.headers.get("sec-fetch-site") === "cross-site"
    ? { status: 403, message: CROSS_SITE_MESSAGE }
    : null;
}

function mediaType(headers: Headers): string {
  return (headers.get("content-type") ?? "").split(";")[0]?.trim().toLowerCase() ?? "";
}

function declaresBody(headers: Headers): boolean {
  return headers.has("transfer-encoding") || Number(headers.get("content-length") ?? 0) > 0;
}

/**
 * Reads the body of a request that has one (up to the path's limit), checks that it is what it
 * says it is and holds no NUL, and hands the handlers a copy of what was read.
 */
async function readBody(c: Context, url: URL, api: boolean): Promise<Refusal | null> {
  const request = c.req.raw;
  if (SAFE_METHODS.has(request.method)) return null;
  const type = mediaType(request.headers);
  const form = FORM_TYPES.includes(type);
  if (!declaresBody(request.headers)) {
    // A page action reads a form; with no body and no type there is none to read.
    return !api && request.method === "POST" && !form
      ? { status: 400, message: "The request has no form in it." }
      : null;
  }
  const json = api && !API_FORM_PATHS.has(url.pathname);
  if (json ? !JSON_TYPE.test(type) : !form) {
    const wanted = json ? "application/json" : "a form";
    return { status: 415, message: `Send ${wanted}, not ${type || "a body of no type"}.` };
  }
  const limit = bodyLimitOf(url.pathname);
  const bytes = await readLimited(request, limit);
  if (bytes === "too large") {
    return { status: 413, message: `The request is larger than ${limit / 1024 / 1024} MB.` };
  }
  if (bytes === "broken") return { status: 400, message: "The request body could not be read." };
  c.req.raw = new Request(request, { body: bytes });
  return json ? checkJson(bytes) : checkForm(bytes, request.headers.get("content-type") ?? "");
}

/**
 * How long, and how much, of a refused body is still read (and dropped) before the 413 goes out.
 * A client still sending when the socket closes gets a reset instead of the answer; reading
 * the rest first lets it see the 413. A client slower than this gets the answer and the close.
 */
const DRAIN_MS = 1_000;
const DRAIN_BYTES = 64 * 1024 * 1024;

async function readLimited(
  request: Request,
  limit: number,
): Promise<Uint8Array<ArrayBuffer> | "too large" | "broken"> {
  if (!request.body) return new Uint8Array(0);
  const reader = request.body.getReader();
  if (Number(request.headers.get("content-length") ?? 0) > limit) {
    await drain(reader);
    return "too large";
  }
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > limit) {
        await drain(reader);
        return "too large";
      }
      chunks.push(value);
    }
  } catch {
    return "broken";
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/** Reads and drops the rest of a body, for DRAIN_MS and DRAIN_BYTES at the most. */
async function drain(reader: ReadableStreamDefaultReader<Uint8Array>): Promise<void> {
  const deadline = Date.now() + DRAIN_MS;
  let dropped = 0;
  let timer: NodeJS.Timeout | undefined;
  const timeUp = new Promise<"time">((resolve) => {
    timer = setTimeout(() => resolve("time"), DRAIN_MS);
  });
  try {
    while (Date.now() < deadline && dropped < DRAIN_BYTES) {
      // A read still pending when time is up is rejected by releaseLock below: caught here.
      const read = reader.read().catch(() => ({ done: true as const, value: undefined }));
      const next = await Promise.race([read, timeUp]);
      if (next === "time" || next.done) break;
      dropped += next.value.byteLength;
    }
  } catch {
    // The client went away: nothing left to drain.
  } finally {
    clearTimeout(timer);
    reader.releaseLock();
  }
}

/** A string no handler should get: a NUL, or half a character (a lone surrogate). */
const unstorable = (value: string) => hasNul(value) || !value.isWellFormed();

/** An unstorable string anywhere in a JSON value, keys included. */
export function hasUnstorableInside(value: unknown): boolean {
  if (typeof value === "string") return unstorable(value);
  if (Array.isArray(value)) return value.some(hasUnstorableInside);
  if (typeof value === "object" && value !== null) {
    return Object.entries(value).some(([k, v]) => unstorable(k) || hasUnstorableInside(v));
  }
  return false;
}

const SPELLED_UNSTORABLE = /\\u(?:0000|[dD][89a-fA-F])/;

const NUL_IN_BODY: Refusal = {
  status: 400,
  message: "The request contains a character that is not allowed.",
};

function checkJson(bytes: Uint8Array): Refusal | null {
  const text = new TextDecoder().decode(bytes);
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    return { status: 400, message: "The request body must be JSON." };
  }
  // Only a body that spells a NUL or a surrogate with \u can hold one (JSON refuses a raw NUL,
  // and decoding replaces broken UTF-8): the walk is rarely needed.
  return SPELLED_UNSTORABLE.test(text) && hasUnstorableInside(value) ? NUL_IN_BODY : null;
}

async function checkForm(
  bytes: Uint8Array<ArrayBuffer>,
  contentType: string,
): Promise<Refusal | null> {
  let form: FormData;
  try {
    form = await new Response(bytes, { headers: { "content-type": contentType } }).formData();
  } catch {
    return { status: 400, message: "The form could not be read." };
  }
  // Files are bytes (PDFs, images, spreadsheets hold NULs); only the text fields are checked.
  for (const [name, value] of form) {
    if (hasNul(name) || (typeof value === "string" && hasNul(value))) return NUL_IN_BODY;
  }
  return null;
}

// --- caches -------------------------------------------------------------------------------

/**
 * Answers that depend on a session are never stored: the portal and the API always, any page
 * asked for with a session cookie, and any answer that sets a cookie. An answer that declares
 * itself public (static files, the feed, the sitemap) depends on no one. Anonymous pages vary
 * with the cookie, so a cache never hands a signed-in person the visitor's copy.
 */
function cachePolicy(c: Context, url: URL): void {
  const res = c.res;
  const { pathname } = pagePath(url);
  const declared = res.headers.get("Cache-Control") ?? "";
  const privateArea =
    pathname === "/dashboard" || pathname.startsWith("/dashboard/") || !isPage(pathname);
  const withSession = hasSessionCookie(c.req.header("cookie")) || res.headers.has("Set-Cookie");
  if (/\bpublic\b/.test(declared) && !privateArea) return;
  if (privateArea || withSession) {
    if (!/\bno-store\b/.test(declared)) c.header("Cache-Control", "no-store");
    return;
  }
  const vary = res.headers.get("Vary");
  if (!vary || !/(?:^|,)\s*(?:cookie|\*)\s*(?:,|$)/i.test(vary)) {
    c.header("Vary", vary ? `${vary}, Cookie` : "Cookie");
  }
}

// --- browser features ---------------------------------------------------------------------

/**
 * Permissions-Policy: no screen uses a device sensor, the camera, the microphone, payments or
 * USB, so none may, nor can anything framed or injected ask for them. (Only features Chromium
 * knows: an unknown one is a console warning on every page; the CSP browser test catches it.) The bill analyzer takes a
 * photo through a file input (`capture`), which the operating system's picker handles without
 * the camera permission. Fullscreen stays ours for the how-it-works video.
 */
export const PERMISSIONS_POLICY = {
  accelerometer: false,
  camera: false,
  displayCapture: false,
  fullscreen: ["self"],
  geolocation: false,
  gyroscope: false,
  hid: false,
  idleDetection: false,
  magnetometer: false,
  microphone: false,
  midi: false,
  payment: false,
  publickeyCredentialsGet: false,
  screenWakeLock: false,
  serial: false,
  usb: false,
  xrSpatialTracking: false,
  browsingTopics: false,
} satisfies Record<string, boolean | ["self"]>;
