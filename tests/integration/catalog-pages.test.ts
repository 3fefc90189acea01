import { beforeAll, describe, expect, it } from "vitest";
import { DEVICE_MAX_PAGE, DEVICE_PAGE_SIZE } from "#app/lib/schemas/device-query.ts";
import { DEVICE_COUNT_CAP } from "#server/catalog/index.ts";
import { certifiedDevices } from "#server/db/schema/index.ts";
import { generateDevices } from "#server/db/seed/data/devices.ts";
import { signInCookie } from "./helpers/accounts.ts";
import { type PageServer, setUpTestRuntime } from "./helpers/fixture.ts";
import { pageRequests } from "./helpers/page-requests.ts";
import type { TestRuntime } from "./helpers/runtime.ts";

// The catalog screens' loaders as a browser reaches them, an address in and the page out: a
// search longer than the box takes, and a page past the last (below the count cap and past it).

const world = setUpTestRuntime({ demo: true, pages: true });
let rt: TestRuntime;
let server: PageServer;
let agent: string;
const { get } = pageRequests(() => server.url);

beforeAll(async () => {
  ({ rt, pages: server } = world());
  agent = await signInCookie(server.url, "demo", "carrierline-demo");
});

/** The page's text as read: React's separators between text pieces dropped. */
async function textOf(res: Response): Promise<string> {
  expect(res.status).toBe(200);
  return (await res.text()).replaceAll("<!-- -->", "");
}

const pageText = async (path: string) => textOf(await get(path, agent));

describe("a search longer than 100 characters", () => {
  it("searches the devices for its first 100 characters, and says so", async () => {
    const typed = `galaxy ${"x".repeat(100)}`;
    const html = await pageText(`/dashboard/devices?q=${encodeURIComponent(typed)}`);
    expect(html).toContain(`Showing 0 devices matching &quot;${typed.slice(0, 100)}&quot;`);
    expect(html).toContain("No devices found");
    // The box shows what was searched, not the address's whole text.
    expect(html).toContain(`value="${typed.slice(0, 100)}"`);
    expect(html).not.toContain(typed);
  });

  it("finds what its first 100 characters match", async () => {
    // A search that matches, then characters past the 100th that would not.
    const html = await pageText(`/dashboard/devices?q=iphone${" ".repeat(94)}zzzz`);
    expect(html).toMatch(/Showing [1-9][\d,]* devices? matching &quot;iphone&quot;/);
  });

  it("searches the resources for its first 100 characters: none match", async () => {
    const html = await pageText(`/dashboard/resources?q=${"q".repeat(120)}`);
    expect(html).toContain("No resources found matching your criteria");
  });
});

describe("a devices page past the last", () => {
  it("shows the last page, and the page control says so", async () => {
    const total = await rt.database.db.$count(certifiedDevices);
    const last = Math.ceil(total / DEVICE_PAGE_SIZE);
    expect(last).toBeGreaterThan(1);
    const html = await pageText(`/dashboard/devices?page=${last + 20}`);
    expect(html).not.toContain("No devices found");
    expect(html).toContain(`Page ${last} of ${last}`);
    const first = (last - 1) * DEVICE_PAGE_SIZE + 1;
    expect(html).toContain(
      `(${first.toLocaleString("en-US")}–${total.toLocaleString("en-US")} on this page)`,
    );
  });
});

describe("a devices page past the last one past the count cap", () => {
  // A directory of its own, bigger than the count cap before its first count: the page server
  // shares counts for 30 s (decision 0037), so the one above would still count 877.
  const big = setUpTestRuntime({ demo: true, pages: true });
  let bigText: (path: string) => Promise<string>;
  let total: number;
  beforeAll(async () => {
    const { rt: bigRt, pages } = big();
    const rows = generateDevices(DEVICE_COUNT_CAP + 200, 11);
    for (let i = 0; i < rows.length; i += 2_000) {
      await bigRt.database.db.insert(certifiedDevices).values(rows.slice(i, i + 2_000));
    }
    total = await bigRt.database.db.$count(certifiedDevices);
    const cookie = await signInCookie(pages.url, "demo", "carrierline-demo");
    const requests = pageRequests(() => pages.url);
    bigText = async (path) => textOf(await requests.get(path, cookie));
  });

  it("says the page is empty, not that nothing matches, and links to the first page", async () => {
    // More devices than the count stops at: the last page is not known, so a page past it is
    // read, finds no rows, and must not say "No devices found" of a directory that has them.
    expect(total).toBeGreaterThan(DEVICE_COUNT_CAP);
    expect(Math.ceil(total / DEVICE_PAGE_SIZE)).toBeLessThan(DEVICE_MAX_PAGE);

    const html = await bigText(`/dashboard/devices?sort=model&page=${DEVICE_MAX_PAGE}`);
    expect(html).toContain(`Showing ${DEVICE_COUNT_CAP.toLocaleString("en-US")}+ devices`);
    expect(html).not.toContain("on this page)");
    expect(html).not.toContain("No devices found");
    expect(html).toContain("No devices on this page");
    expect(html).toContain("This search has fewer pages.");
    // The way back keeps the view (its sort) and drops only the page.
    expect(html).toMatch(/<a[^>]*href="\/dashboard\/devices\?sort=model"[^>]*>First page<\/a>/);
    expect(html).toContain(`Page ${DEVICE_MAX_PAGE}`);
    expect(html).toMatch(/<span aria-disabled="true"[^>]*>Next<\/span>/);

    // The last page that has rows is still read as a full page of the whole sort.
    const lastFull = Math.floor(total / DEVICE_PAGE_SIZE);
    const full = await bigText(`/dashboard/devices?sort=model&page=${lastFull}`);
    expect(full).not.toContain("No devices on this page");
    const first = (lastFull - 1) * DEVICE_PAGE_SIZE + 1;
    expect(full).toContain(
      `(${first.toLocaleString("en-US")}–${(first + DEVICE_PAGE_SIZE - 1).toLocaleString("en-US")} on this page)`,
    );
  });
});
