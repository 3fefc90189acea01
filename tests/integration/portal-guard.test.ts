import { beforeAll, describe, expect, it } from "vitest";
import { WRITTEN } from "./fixtures/unguarded-resource.ts";
import { SECRET } from "./fixtures/unguarded-route.tsx";
import { createCompanyWithAgent, signInCookie } from "./helpers/accounts.ts";
import { type PageServer, setUpTestRuntime } from "./helpers/fixture.ts";

// The portal's guard is the layout's middleware, so a screen added under /dashboard is guarded
// without a line of its own: this mounts a screen whose loader checks nothing and expects the
// signed-out visitor to be turned away from its page and from its data alike.

const LAYOUT = "routes/portal/layout";
const PAGE = "/dashboard/guard-probe";
const RESOURCE = "/dashboard/guard-probe-write";
const AGENT = { username: "guarded", password: "tundra-pillow-cobalt-8" };

const world = setUpTestRuntime({
  pages: {
    extraRoutes: [
      {
        id: "test/unguarded",
        parentId: LAYOUT,
        path: "guard-probe",
        file: "tests/integration/fixtures/unguarded-route.tsx",
      },
      {
        id: "test/unguarded-resource",
        parentId: LAYOUT,
        path: "guard-probe-write",
        file: "tests/integration/fixtures/unguarded-resource.ts",
      },
    ],
  },
});
let server: PageServer;

beforeAll(async () => {
  const { rt, pages } = world();
  server = pages;
  await createCompanyWithAgent(rt, { company: "Guard Co", ...AGENT });
});

const loginFor = (page: string) => `/login?redirectTo=${encodeURIComponent(page)}`;

describe("a new portal screen with no guard of its own", () => {
  it("sends a signed-out visitor to /login, to come back to the page asked for", async () => {
    const res = await fetch(`${server.url}${PAGE}?tab=2`, { redirect: "manual" });
    expect(res.status).toBe(302);
    expect(res.headers.get("location")).toBe(loginFor(`${PAGE}?tab=2`));
    expect(await res.text()).not.toContain(SECRET);
  });

  it("refuses its data request too, redirecting to /login for the page, not the data URL", async () => {
    // How a client navigation asks for the screen's data (single fetch).
    const res = await fetch(`${server.url}${PAGE}.data?tab=2&_routes=test%2Funguarded`, {
      redirect: "manual",
    });
    const body = await res.text();
    expect(body).not.toContain(SECRET);
    expect(body).toContain("SingleFetchRedirect");
    expect(body).toContain(`"${loginFor(`${PAGE}?tab=2`)}"`);
  });

  it("shows a signed-in agent the screen and its data", async () => {
    const cookie = await signInCookie(server.url, AGENT.username, AGENT.password);
    const page = await fetch(`${server.url}${PAGE}`, { headers: { cookie } });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(SECRET);
    const data = await fetch(`${server.url}${PAGE}.data`, { headers: { cookie } });
    expect(data.status).toBe(200);
    expect(await data.text()).toContain(SECRET);
  });
});

describe("a write from a page of another site", () => {
  it("is refused before any action runs, whoever is signed in; the same site's write goes on", async () => {
    const cookie = await signInCookie(server.url, AGENT.username, AGENT.password);
    for (const origin of ["http://evil.example", "null"]) {
      const res = await fetch(`${server.url}${RESOURCE}`, {
        method: "POST",
        headers: { cookie, origin, "content-type": "application/x-www-form-urlencoded" },
        body: "x=1",
        redirect: "manual",
      });
      expect(res.status, origin).toBe(403);
      expect(await res.text()).not.toContain(WRITTEN);
    }
    const own = await fetch(`${server.url}${RESOURCE}`, {
      method: "POST",
      headers: {
        cookie,
        origin: new URL(server.url).origin,
        "content-type": "application/x-www-form-urlencoded",
      },
      body: "x=1",
      redirect: "manual",
    });
    expect(own.status).toBe(200);
    expect(await own.text()).toContain(WRITTEN);
  });
});

describe("the route table", () => {
  it("puts every /dashboard route under the portal layout", () => {
    const routes = server.routes;
    const ancestors = (id: string): string[] => {
      const parent = routes[id]?.parentId;
      return parent ? [parent, ...ancestors(parent)] : [];
    };
    const fullPath = (id: string): string =>
      [...ancestors(id).reverse(), id]
        .map((r) => routes[r]?.path ?? "")
        .filter(Boolean)
        .join("/");
    const portal = Object.keys(routes).filter(
      (id) => id !== LAYOUT && /^dashboard(\/|$)/.test(fullPath(id)),
    );
    expect(portal.length).toBeGreaterThan(10);
    for (const id of portal) expect(ancestors(id), id).toContain(LAYOUT);
  });
});
