import { readFileSync } from "node:fs";
import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import {
  LOGO_MAX_BYTES,
  LOGO_TOO_LARGE,
  LOGO_UNREADABLE,
  LOGO_WRONG_TYPE,
} from "#app/lib/schemas/company-settings.ts";
import {
  getCompanyBranding,
  logoKeyOf,
  openCompanyLogo,
  proposalReseller,
  removeCompanyLogo,
  setCompanyLogo,
  sniffLogoType,
  updateCompanyBranding,
} from "#server/accounts/index.ts";
import { agent_users, companies } from "#server/db/schema/index.ts";
import type { UserContext } from "#server/platform/context.ts";
import { createCompanyWithAgent, signInCookie } from "./helpers/accounts.ts";
import { userContextFor } from "./helpers/contexts.ts";
import { type PageServer, setUpTestRuntime } from "./helpers/fixture.ts";
import { refusal } from "./helpers/refusal.ts";
import type { TestRuntime } from "./helpers/runtime.ts";

// Company branding (issue 15): an admin sets the proposal colour, the quote validity and the
// logo on Company Settings; only the company's own members ever see the logo.

const world = setUpTestRuntime({ pages: true });
let rt: TestRuntime;
let server: PageServer;
const PASSWORD = "branding-sturdy-password-3";
const PNG = new Uint8Array(readFileSync("tests/fixtures/logo.png"));
const JPEG = new Uint8Array(readFileSync("tests/fixtures/logo.jpg"));
let admin: UserContext;
let agent: UserContext;
let manager: UserContext;
let other: UserContext;
let northId = "";
const cookies = { admin: "", agent: "", manager: "", other: "" };

beforeAll(async () => {
  ({ rt, pages: server } = world());
  const made = await createCompanyWithAgent(rt, {
    company: "Brand North",
    username: "brand_admin",
    password: PASSWORD,
    role: "admin",
  });
  northId = made.companyId;
  await createCompanyWithAgent(rt, {
    company: "Brand North",
    username: "brand_agent",
    password: PASSWORD,
  });
  await createCompanyWithAgent(rt, {
    company: "Brand North",
    username: "brand_manager",
    password: PASSWORD,
  });
  await rt.database.db
    .update(agent_users)
    .set({ role: "manager" })
    .where(eq(agent_users.username, "brand_manager"));
  await createCompanyWithAgent(rt, {
    company: "Brand South",
    username: "brand_south",
    password: PASSWORD,
    role: "admin",
  });
  admin = await userContextFor(rt, { username: "brand_admin" });
  agent = await userContextFor(rt, { username: "brand_agent" });
  manager = await userContextFor(rt, { username: "brand_manager" });
  other = await userContextFor(rt, { username: "brand_south" });
  for (const [who, username] of [
    ["admin", "brand_admin"],
    ["agent", "brand_agent"],
    ["manager", "brand_manager"],
    ["other", "brand_south"],
  ] as const) {
    cookies[who] = await signInCookie(server.url, username, PASSWORD);
  }
});

/** What a refused call says: its kind and message. */
async function refused(promise: Promise<unknown>) {
  const { kind, message } = await refusal(promise);
  return { kind, message };
}

/** The branding form as the page posts it (multipart, with a file when given). */
function brandingForm(
  fields: { brandColor?: string; quoteValidityDays?: string },
  logo?: { bytes: Uint8Array; name: string; type: string },
) {
  const form = new FormData();
  form.set("intent", "branding");
  form.set("brandColor", fields.brandColor ?? "");
  form.set("quoteValidityDays", fields.quoteValidityDays ?? "30");
  if (logo)
    form.set("logo", new File([new Uint8Array(logo.bytes)], logo.name, { type: logo.type }));
  return form;
}

const post = (who: keyof typeof cookies, body: FormData | URLSearchParams) =>
  fetch(`${server.url}/dashboard/admin/company`, {
    method: "POST",
    headers: { cookie: cookies[who] },
    body,
    redirect: "manual",
  });
const logoUrl = (companyId: string) => `${server.url}/dashboard/companies/${companyId}/logo`;
const getLogo = (who: keyof typeof cookies, companyId = northId) =>
  fetch(logoUrl(companyId), { headers: { cookie: cookies[who] }, redirect: "manual" });

describe("branding services", () => {
  it("starts with the product's colour, 30 days and no logo", async () => {
    expect(await getCompanyBranding(admin)).toEqual({
      brandColor: null,
      quoteValidityDays: 30,
      hasLogo: false,
    });
  });

  it("lets an admin set the colour and validity; agents and managers are refused", async () => {
    await updateCompanyBranding(admin, { brandColor: "#0f766e", quoteValidityDays: 45 });
    expect(await getCompanyBranding(agent)).toMatchObject({
      brandColor: "#0f766e",
      quoteValidityDays: 45,
    });
    for (const ctx of [agent, manager]) {
      expect(
        await refused(updateCompanyBranding(ctx, { brandColor: null, quoteValidityDays: 10 })),
      ).toEqual({ kind: "forbidden", message: "Only your company's admins can change this." });
      expect((await refused(setCompanyLogo(ctx, PNG))).kind).toBe("forbidden");
      expect((await refused(removeCompanyLogo(ctx))).kind).toBe("forbidden");
    }
    // Another company's settings are its own.
    expect(await getCompanyBranding(other)).toMatchObject({ brandColor: null });
  });

  it("tells a PNG and a JPEG by their bytes, whatever they are called", () => {
    expect(sniffLogoType(PNG)).toBe("image/png");
    expect(sniffLogoType(JPEG)).toBe("image/jpeg");
    expect(
      sniffLogoType(new TextEncoder().encode("<svg xmlns='http://www.w3.org/2000/svg'/>")),
    ).toBe(null);
    expect(sniffLogoType(new Uint8Array([0x47, 0x49, 0x46, 0x38, 0x39, 0x61]))).toBe(null);
    // A PNG signature with nothing after it is no image.
    expect(sniffLogoType(PNG.slice(0, 8))).toBe(null);
  });

  it("stores a logo under the company's key and refuses a bad or too large one", async () => {
    await setCompanyLogo(admin, JPEG);
    const [row] = await rt.database.db
      .select({ key: companies.logoKey, type: companies.logoContentType })
      .from(companies)
      .where(eq(companies.id, northId));
    expect(row).toEqual({ key: `companies/${northId}/logo`, type: "image/jpeg" });
    expect(logoKeyOf(northId)).toBe(row?.key);
    const opened = await openCompanyLogo(agent, northId);
    expect(opened.ok && opened.value.contentType).toBe("image/jpeg");

    const big = new Uint8Array(LOGO_MAX_BYTES + 1);
    big.set(PNG);
    expect(await refused(setCompanyLogo(admin, big))).toEqual({
      kind: "invalid",
      message: LOGO_TOO_LARGE,
    });
    expect(await refused(setCompanyLogo(admin, new TextEncoder().encode("GIF89a...")))).toEqual({
      kind: "invalid",
      message: LOGO_WRONG_TYPE,
    });
    // Only the first bytes of a JPEG, then a script: it would fail every proposal.
    const fake = new Uint8Array([0xff, 0xd8, 0xff, ...new TextEncoder().encode("<svg onload=x>")]);
    expect(await refused(setCompanyLogo(admin, fake))).toEqual({
      kind: "invalid",
      message: LOGO_UNREADABLE,
    });
    // The refused files left the stored logo as it was.
    const still = await openCompanyLogo(admin, northId);
    expect(still.ok && still.value.contentType).toBe("image/jpeg");
  });

  it("never opens another company's logo, nor a malformed id", async () => {
    for (const id of [northId, "not-a-uuid", "00000000-0000-0000-0000-000000000000"]) {
      const opened = await openCompanyLogo(other, id);
      expect(opened).toMatchObject({ ok: false, kind: "not_found" });
    }
  });

  it("gives the proposal its reseller: name, colour and logo bytes", async () => {
    const reseller = await proposalReseller(agent);
    expect(reseller.name).toBe("Brand North");
    expect(reseller.brandColor).toBe("#0f766e");
    expect(reseller.logo?.contentType).toBe("image/jpeg");
    // Encoded afresh for the PDF, never the upload's own bytes.
    expect([...(reseller.logo?.bytes.subarray(0, 3) ?? [])]).toEqual([0xff, 0xd8, 0xff]);
  });

  it("prints a stored logo that cannot be drawn as no logo, not as a failed proposal", async () => {
    const key = logoKeyOf(northId);
    const kept = await rt.storage.get(key);
    await rt.storage.put(key, new Uint8Array([0xff, 0xd8, 0xff, 0x00]));
    try {
      expect((await proposalReseller(agent)).logo).toBeNull();
    } finally {
      if (kept) await rt.storage.put(key, kept);
    }
    expect((await proposalReseller(agent)).logo?.contentType).toBe("image/jpeg");
  });

  it("removes the logo: the row and the file", async () => {
    await removeCompanyLogo(admin);
    expect((await getCompanyBranding(admin)).hasLogo).toBe(false);
    expect(await rt.storage.get(logoKeyOf(northId))).toBeNull();
    expect((await proposalReseller(admin)).logo).toBeNull();
  });
});

describe("Company Settings over HTTP", () => {
  it("saves the colour in lower case, the validity and a PNG logo, and serves it back", async () => {
    const res = await post(
      "admin",
      brandingForm(
        { brandColor: "#1D4ED8", quoteValidityDays: "14" },
        { bytes: PNG, name: "logo.png", type: "image/png" },
      ),
    );
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Branding saved");
    expect(await getCompanyBranding(admin)).toEqual({
      brandColor: "#1d4ed8",
      quoteValidityDays: 14,
      hasLogo: true,
    });

    const page = await fetch(`${server.url}/dashboard/admin/company`, {
      headers: { cookie: cookies.admin },
    });
    const html = await page.text();
    expect(html).toContain(`/dashboard/companies/${northId}/logo?v=`);
    expect(html).toContain('value="#1d4ed8"');

    for (const who of ["admin", "agent", "manager"] as const) {
      const logo = await getLogo(who);
      expect(logo.status).toBe(200);
      expect(logo.headers.get("content-type")).toBe("image/png");
      expect(logo.headers.get("x-content-type-options")).toBe("nosniff");
      // Our own encoding of the upload (server/platform/pdf/images.ts), the same 240 × 80 PNG.
      const served = Buffer.from(await logo.arrayBuffer());
      expect(served.subarray(0, 8)).toEqual(Buffer.from(PNG.subarray(0, 8)));
      expect([served.readUInt32BE(16), served.readUInt32BE(20)]).toEqual([240, 80]);
    }
  });

  it("refuses a bad colour and a bad validity with the fields' messages, saving nothing", async () => {
    const res = await post("admin", brandingForm({ brandColor: "blue", quoteValidityDays: "0" }));
    expect(res.status).toBe(400);
    const text = await res.text();
    expect(text).toContain("Enter a color as # and six hex digits, for example #1d4ed8");
    expect(text).toContain("Enter a whole number of days from 1 to 365");
    expect((await getCompanyBranding(admin)).brandColor).toBe("#1d4ed8");
  });

  it("refuses a renamed file, a too-large one and an SVG by their bytes", async () => {
    const cases = [
      // A text file called logo.png, sent as image/png.
      {
        bytes: new TextEncoder().encode("not an image at all"),
        name: "logo.png",
        type: "image/png",
      },
      { bytes: new TextEncoder().encode("<svg/>"), name: "logo.svg", type: "image/svg+xml" },
      {
        bytes: new Uint8Array(LOGO_MAX_BYTES + 10).fill(0xff),
        name: "huge.jpg",
        type: "image/jpeg",
      },
    ];
    const messages = [LOGO_WRONG_TYPE, LOGO_WRONG_TYPE, LOGO_TOO_LARGE];
    for (const [index, logo] of cases.entries()) {
      const res = await post("admin", brandingForm({ brandColor: "#000000" }, logo));
      expect(res.status).toBe(400);
      expect(await res.text()).toContain(messages[index]);
    }
    // Nothing was saved by a refused upload, the colour included.
    expect((await getCompanyBranding(admin)).brandColor).toBe("#1d4ed8");
    expect((await getLogo("agent")).headers.get("content-type")).toBe("image/png");
  });

  it("refuses agents and managers (403) and never shows another company the logo (404)", async () => {
    for (const who of ["agent", "manager"] as const) {
      const res = await post(who, brandingForm({ brandColor: "#000000" }));
      expect(res.status).toBe(403);
      expect((await post(who, new URLSearchParams({ intent: "remove-logo" }))).status).toBe(403);
    }
    expect((await getLogo("other")).status).toBe(404);
    expect((await getLogo("admin", "not-a-uuid")).status).toBe(404);
    const visitor = await fetch(logoUrl(northId), { redirect: "manual" });
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get("location")).toContain("/login");
  });

  it("removes the logo; the route then answers 404", async () => {
    const res = await post("admin", new URLSearchParams({ intent: "remove-logo" }));
    expect(res.status).toBe(200);
    expect(await res.text()).toContain("Logo removed");
    expect((await getLogo("admin")).status).toBe(404);
  });
});
