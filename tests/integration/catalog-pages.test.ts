import { beforeAll, describe, expect, it } from "vitest";
import { DEVICE_PAGE_SIZE } from "#app/lib/schemas/device-query.ts";
import { certifiedDevices } from "#server/db/schema/index.ts";
import { signInCookie } from "./helpers/accounts.ts";
import { type PageServer, setUpTestRuntime } from "./helpers/fixture.ts";
import { pageRequests } from "./helpers/page-requests.ts";
import type { TestRuntime } from "./helpers/runtime.ts";

// The catalog screens' loaders as a browser reaches them, an address in and the page out: a
// search longer than the box takes, and a page past the last.

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
async function pageText(path: string): Promise<string> {
  const res = await get(path, agent);
  expect(res.status).toBe(200);
  return (await res.text()).replaceAll("<!-- -->", "");
}

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
