import { eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { companies, mailOutboxAttachments } from "#server/db/schema/index.ts";
import { createCompanyWithAgent, signInCookie } from "./helpers/accounts.ts";
import { type PageServer, setUpTestRuntime } from "./helpers/fixture.ts";
import type { TestRuntime } from "./helpers/runtime.ts";

// The outbox holds codes, sign-in and reset links: a company's admin reads its own people's
// messages, never another company's; the platform's waitlist replies are for platform operators
// alone (decision 0011).

const world = setUpTestRuntime({
  pages: true,
  env: { PLATFORM_OPERATORS: "ops_operator@outbox-ops.example" },
});
let rt: TestRuntime;
let server: PageServer;

beforeAll(async () => {
  ({ rt, pages: server } = world());
  await createCompanyWithAgent(rt, {
    company: "Outbox North",
    username: "north_admin",
    password: "granite-willow-orbit-3",
    role: "admin",
  });
  await createCompanyWithAgent(rt, {
    company: "Outbox North",
    username: "north_agent",
    password: "granite-willow-orbit-4",
  });
  await createCompanyWithAgent(rt, {
    company: "Outbox South",
    username: "south_agent",
    password: "granite-willow-orbit-5",
  });
  await createCompanyWithAgent(rt, {
    company: "Outbox Ops",
    username: "ops_operator",
    password: "granite-willow-orbit-6",
  });
});

describe("admin outbox", () => {
  it("shows an admin only their company's messages, and the waitlist's replies to operators only", async () => {
    for (const email of ["north_agent@outbox-north.example", "south_agent@outbox-south.example"]) {
      await rt.auth.api.requestPasswordReset({ body: { email, redirectTo: "/reset-password" } });
    }
    await rt.mailer.send({
      to: "prospect@lead.example",
      subject: "You're on the list",
      text: "Thanks for joining the waitlist.",
      template: "waitlist-confirmation",
    });
    // Platform mail of any other kind is not for a reseller's admin either.
    await rt.mailer.send({
      to: "ops@carrierline.example",
      subject: "Internal",
      text: "not for resellers",
      template: "internal-note",
    });

    const cookie = await signInCookie(server.url, "north_admin", "granite-willow-orbit-3");
    const page = await fetch(`${server.url}/dashboard/admin/outbox`, { headers: { cookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("north_agent@outbox-north.example");
    expect(html).not.toContain("prospect@lead.example");
    expect(html).not.toContain("south_agent@outbox-south.example");
    expect(html).not.toContain("ops@carrierline.example");

    // An operator (an agent in their own company) reads the waitlist's mail and nothing else.
    const ops = await signInCookie(server.url, "ops_operator", "granite-willow-orbit-6");
    const opsPage = await fetch(`${server.url}/dashboard/admin/outbox`, {
      headers: { cookie: ops },
    });
    expect(opsPage.status).toBe(200);
    const opsHtml = await opsPage.text();
    expect(opsHtml).toContain("prospect@lead.example");
    expect(opsHtml).not.toContain("north_agent@outbox-north.example");
    expect(opsHtml).not.toContain("south_agent@outbox-south.example");
    expect(opsHtml).not.toContain("ops@carrierline.example");
  });

  it("keeps a message's attachments with it, or neither, and shows their names", async () => {
    const pdf = new TextEncoder().encode("%PDF-1.7 proposal bytes");
    const north = await rt.database.db
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.name, "Outbox North"));
    const companyId = north[0]?.id ?? null;
    const mail = {
      to: "buyer@customer.example",
      subject: "Your proposal",
      text: "Attached is your proposal.",
      template: "proposal",
      companyId,
      attachments: [{ filename: "proposal-1.pdf", contentType: "application/pdf", content: pdf }],
    };
    // A transaction that fails takes the message and its file with it.
    await expect(
      rt.database.db.transaction(async (tx) => {
        await rt.mailer.record(tx, { ...mail, to: "rolled-back@customer.example" });
        throw new Error("the sale's other writes failed");
      }),
    ).rejects.toThrow("other writes failed");
    const id = await rt.database.db.transaction((tx) => rt.mailer.record(tx, mail));
    const stored = await rt.database.db
      .select()
      .from(mailOutboxAttachments)
      .where(eq(mailOutboxAttachments.outboxId, id));
    expect(stored).toHaveLength(1);
    expect(Buffer.from(stored[0]?.content ?? []).toString()).toBe("%PDF-1.7 proposal bytes");

    const cookie = await signInCookie(server.url, "north_admin", "granite-willow-orbit-3");
    const html = await (
      await fetch(`${server.url}/dashboard/admin/outbox`, { headers: { cookie } })
    ).text();
    expect(html).toContain("buyer@customer.example");
    expect(html).toContain(`Attached: proposal-1.pdf (${pdf.byteLength} bytes)`);
    expect(html).not.toContain("rolled-back@customer.example");
  });
});
