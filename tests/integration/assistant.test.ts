import { and, eq } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { CARRIER_LABELS } from "#app/lib/domain.ts";
import { formatCents } from "#app/lib/format.ts";
import { CHAT_MESSAGE_REQUIRED, CONVERSATION_NOT_FOUND } from "#app/lib/schemas/assistant.ts";
import { newDealSchema } from "#app/lib/schemas/deals.ts";
import { MAX_QUOTE_LINES } from "#app/lib/schemas/quote.ts";
import { updateCompanySettings } from "#server/accounts/index.ts";
import {
  assistantTools,
  builtInAnswer,
  CHAT_LIMIT,
  chat,
  deleteConversation,
  getConversation,
  lastConversation,
  listConversations,
} from "#server/assistant/index.ts";
import { listRatePlans } from "#server/catalog/index.ts";
import { chatMessages, customers, deals } from "#server/db/schema/index.ts";
import { createDeal } from "#server/deals/index.ts";
import type { UserContext } from "#server/platform/context.ts";
import { planKind } from "#server/quotes/index.ts";
import { createCompanyWithAgent, signInCookie } from "./helpers/accounts.ts";
import { nextRequest, userContextFor } from "./helpers/contexts.ts";
import { setUpTestRuntime, type TestServer } from "./helpers/fixture.ts";
import { refusal } from "./helpers/refusal.ts";
import { TEST_BASE_URL, type TestRuntime } from "./helpers/runtime.ts";

// The assistant over a real database (issue 17): the built-in engine answers from the catalog
// and the agent's own company, conversations are the agent's alone, and the API refuses a
// signed-out visitor, another agent's conversation and a flood of messages.

const world = setUpTestRuntime({ demo: true, api: true });
let rt: TestRuntime;
let server: TestServer;
let demo: UserContext;
let rival: UserContext;
let demoCookie: string;
let rivalCookie: string;
const PASSWORD = "assistant-sturdy-password-7";
/** The New Deal form's other fields, as the browser posts them. */
const DEAL_FORM: Record<string, string> = {
  status: "lead",
  stage: "discovery",
  carrier: "VERIZON",
  probability: "20",
  closeDate: "",
  voiceLines: "5",
  mobileInternetLines: "0",
  fixedWirelessLines: "0",
  hardwareSource: "carrier",
  ratePlanId: "",
  monthlyRate: "30",
  contractTerm: "",
  oneTimeRevenue: "0",
  contactName: "Zoë Müller-Peña",
  companyWebsite: "",
};

beforeAll(async () => {
  const w = world();
  rt = w.rt;
  server = w.api;
  demo = await userContextFor(rt, { id: w.demo.agentId });
  demoCookie = await signInCookie(server.url, "demo", "carrierline-demo");
  const other = await createCompanyWithAgent(rt, {
    company: "Rival Assistant Co",
    username: "rival_assistant",
    password: PASSWORD,
  });
  rival = await userContextFor(rt, { id: other.userId });
  rivalCookie = await signInCookie(server.url, "rival_assistant", PASSWORD);
});

function post(path: string, cookie: string | null, body: unknown) {
  const headers: Record<string, string> = {
    origin: TEST_BASE_URL,
    "content-type": "application/json",
  };
  if (cookie) headers.cookie = cookie;
  return fetch(`${server.url}${path}`, { method: "POST", headers, body: JSON.stringify(body) });
}

function call(path: string, cookie: string | null, method = "GET") {
  const headers: Record<string, string> = { origin: TEST_BASE_URL };
  if (cookie) headers.cookie = cookie;
  return fetch(`${server.url}${path}`, { method, headers });
}

describe("the built-in engine over our data", () => {
  it("prices a carrier's cheapest unlimited plan from the rate plans, and follows up", async () => {
    const plans = await listRatePlans(demo);
    const cheapestOf = (carrier: string) =>
      plans
        .filter(
          (p) =>
            p.carrier === carrier &&
            /unlimited/i.test(`${p.plan} ${p.planType}`) &&
            // A line count means phone lines, not a watch's or a tablet's plan.
            !/wearable|watch|tablet|hotspot|connected|iot/i.test(`${p.plan} ${p.planType}`),
        )
        .sort((a, b) => a.pricePerLineCents - b.pricePerLineCents)[0];
    const verizon = cheapestOf("verizon");
    const tmobile = cheapestOf("tmobile");
    if (!verizon || !tmobile) throw new Error("the demo catalog has no unlimited plans");

    const first = await chat(demo, {
      message: "Price 12 lines of Verizon's cheapest unlimited plan",
    });
    expect(first.content).toContain(verizon.plan);
    expect(first.content).toContain(formatCents(verizon.pricePerLineCents * 12));

    const next = await chat(demo, {
      message: "and on T-Mobile?",
      conversationId: first.conversationId,
    });
    expect(next.conversationId).toBe(first.conversationId);
    expect(next.content).toContain(tmobile.plan);
    expect(next.content).toContain(formatCents(tmobile.pricePerLineCents * 12));
  });

  it("prices phones from phone plans only, never an office's fixed wireless internet", async () => {
    const verizon = (await listRatePlans(demo)).filter((p) => p.carrier === "verizon");
    const internet = verizon.filter((p) => p.planType === "Fixed Wireless");
    const phones = verizon
      .filter((p) => p.planType === "Business Unlimited")
      .sort((a, b) => a.pricePerLineCents - b.pricePerLineCents);
    const [cheapest, ...others] = phones;
    if (!cheapest || others.length === 0 || internet.length === 0) {
      throw new Error("the demo catalog lacks Verizon's phone or internet plans");
    }

    const { content } = await chat(demo, {
      message: "Which Verizon plan is cheapest for 10 phones?",
    });
    expect(content).toContain(`**Verizon ${cheapest.plan}**`);
    expect(content).toContain(formatCents(cheapest.pricePerLineCents * 10));
    for (const p of others) expect(content).toContain(`- Verizon ${p.plan}:`);
    for (const p of internet) expect(content).not.toContain(p.plan);
    expect(content).not.toMatch(/internet|fixed wireless/i);

    // Across carriers too: each one's cheapest phone plan, not a smartwatch's or an office's.
    const all = await listRatePlans(demo);
    const compared = await chat(demo, { message: "Which carrier is cheapest for 10 phones?" });
    for (const carrier of ["att", "verizon", "tmobile"]) {
      const [phone] = all
        .filter((p) => p.carrier === carrier && p.planType === "Business Unlimited")
        .sort((a, b) => a.pricePerLineCents - b.pricePerLineCents);
      expect(compared.content).toContain(`${phone?.plan} (Business Unlimited)`);
    }
    expect(compared.content).not.toMatch(/wearable|watch|internet|fixed wireless/i);
  });

  it("prices the plan the agent names, not the carrier's cheapest", async () => {
    const verizon = (await listRatePlans(demo)).filter((p) => p.carrier === "verizon");
    const plus = verizon.find((p) => p.plan === "Business Unlimited Plus");
    const [cheapest] = verizon
      .filter((p) => p.planType === plus?.planType)
      .sort((a, b) => a.pricePerLineCents - b.pricePerLineCents);
    if (!plus || !cheapest || cheapest.id === plus.id) {
      throw new Error("the demo catalog lacks a Verizon plan dearer than its cheapest");
    }
    for (const message of [
      "How much would 15 lines on Verizon Business Unlimited Plus cost per month?",
      "Price 15 lines of Verizon Business Unlimited Plus",
    ]) {
      const { content } = await chat(demo, { message });
      expect(content).toContain(`**Verizon ${plus.plan}**`);
      expect(content).toContain(`**${formatCents(plus.pricePerLineCents * 15)} a month**`);
      expect(content).not.toContain(`**Verizon ${cheapest.plan}**`);
      expect(content).not.toContain("cheapest");
    }
  });

  it("says whose plan an other carrier's name is, and labels what the carrier has instead", async () => {
    const all = await listRatePlans(demo);
    const plus = all.find((p) => p.carrier === "verizon" && p.plan === "Business Unlimited Plus");
    const [standard] = all
      .filter((p) => p.carrier === "att" && p.planType === "Business Unlimited")
      .sort((a, b) => a.pricePerLineCents - b.pricePerLineCents);
    if (!plus || !standard || all.some((p) => p.carrier !== "verizon" && p.plan === plus.plan)) {
      throw new Error("the demo catalog lacks a plan name only Verizon has");
    }
    const { content } = await chat(demo, { message: "AT&T Business Unlimited Plus for 10 lines" });
    expect(content).toContain(
      `AT&T has no plan named Business Unlimited Plus in our rate plans. Verizon has it:\n- Verizon Business Unlimited Plus: ${formatCents(plus.pricePerLineCents)} per line (${formatCents(plus.pricePerLineCents * 10)} for 10)`,
    );
    expect(content).toContain(
      `What AT&T has instead: **AT&T ${standard.plan}** (Business Unlimited) is AT&T's cheapest unlimited phone plan`,
    );
    expect(content).toContain(`**${formatCents(standard.pricePerLineCents * 10)} a month**`);
    expect(content).not.toContain("**AT&T Business Unlimited Plus**");
  });

  it("prices a tablet's or a watch's plan when the question says one, not a phone's", async () => {
    const all = await listRatePlans(demo);
    const cheapestOf = (carrier: string, type: RegExp) =>
      all
        .filter((p) => p.carrier === carrier && type.test(p.planType))
        .sort((a, b) => a.pricePerLineCents - b.pricePerLineCents)[0];
    for (const [message, carrier, type, lines] of [
      ["Verizon unlimited tablet for 3 lines", "verizon", /tablet/i, 3],
      ["unlimited plan for 4 tablets on T-Mobile", "tmobile", /tablet/i, 4],
      ["3 Verizon tablet lines", "verizon", /tablet/i, 3],
      ["watch plan for 5 lines AT&T", "att", /wearable/i, 5],
    ] as const) {
      const plan = cheapestOf(carrier, type);
      if (!plan) throw new Error(`the demo catalog has no ${type} plan for ${carrier}`);
      const { content } = await chat(demo, { message });
      expect(content, message).toContain(`**${CARRIER_LABELS[plan.carrier]} ${plan.plan}**`);
      expect(content, message).toContain(
        `**${formatCents(plan.pricePerLineCents * lines)} a month**`,
      );
      expect(content, message).not.toContain("(Business Unlimited) is");
    }
  });

  it("says a plan name no carrier has, the pool 'cheapest' is of, and a count no quote takes", async () => {
    const all = await listRatePlans(demo);
    const ask = async (message: string) => {
      const res = await post("/api/chat", demoCookie, { message });
      expect(res.status, message).toBe(200);
      return ((await res.json()) as { content: string }).content;
    };
    const phonesOf = (carrier: string) =>
      all
        .filter((p) => p.carrier === carrier && planKind(p.planType) === "voice")
        .sort((a, b) => a.pricePerLineCents - b.pricePerLineCents);
    const [attPhone] = phonesOf("att");
    const attDearest = phonesOf("att").at(-1);
    const [tmoPhone] = phonesOf("tmobile");
    // The reviewer's catalog: each carrier has a plan cheaper than its cheapest phone plan.
    for (const phone of [attPhone, tmoPhone]) {
      if (
        !phone ||
        !all.some(
          (p) => p.carrier === phone.carrier && p.pricePerLineCents < phone.pricePerLineCents,
        )
      ) {
        throw new Error("the demo catalog lacks a plan cheaper than a carrier's phone plans");
      }
    }
    if (!attPhone || !attDearest || !tmoPhone)
      throw new Error("the demo catalog lacks phone plans");

    const elite = await ask("price 10 lines of AT&T Business Unlimited Elite");
    expect(elite).toContain(
      `AT&T has no plan named Business Unlimited Elite in our rate plans.\n\nWhat AT&T has instead: **AT&T ${attPhone.plan}**`,
    );
    const magenta = await ask("price 4 lines of T-Mobile Magenta MAX");
    expect(magenta).toContain(
      `T-Mobile has no plan named Magenta MAX in our rate plans.\n\nWhat T-Mobile has instead: **T-Mobile ${tmoPhone.plan}** (${tmoPhone.planType}) is T-Mobile's cheapest phone plan at **${formatCents(tmoPhone.pricePerLineCents)} per line** a month.`,
    );
    const welcome = await ask("price 10 lines of Verizon Business Unlimited Welcome");
    expect(welcome).toContain("Verizon has no plan named Business Unlimited Welcome");

    const att = await ask("price 20 lines on AT&T");
    expect(att).toContain(
      `**AT&T ${attPhone.plan}** (${attPhone.planType}) is AT&T's cheapest phone plan`,
    );
    expect(att).not.toContain("AT&T's cheapest plan");
    const dearest = await ask("What's the price of AT&T's most expensive plan for 3 lines?");
    expect(dearest).toContain(`**AT&T ${attDearest.plan}**`);
    expect(dearest).toContain("AT&T's most expensive phone plan");
    expect(dearest).toContain(`**${formatCents(attDearest.pricePerLineCents * 3)} a month**`);
    expect(dearest).not.toContain("cheapest");

    const limit = `a quote needs between 1 and ${MAX_QUOTE_LINES.toLocaleString("en-US")} lines.`;
    for (const [message, said] of [
      ["How much for 0 lines of Verizon Business Unlimited Plus?", "0"],
      ["price 100000000 lines of Verizon Business Unlimited Plus", "100,000,000"],
      [`price ${MAX_QUOTE_LINES + 1} lines on AT&T`, (MAX_QUOTE_LINES + 1).toLocaleString("en-US")],
    ] as const) {
      expect(await ask(message)).toBe(`I can't price ${said} lines: ${limit}`);
    }
  });

  it("reads the agent's own pipeline and drafts a quote through the quote engine", async () => {
    const pipeline = await assistantTools(demo).company?.pipeline();
    expect(pipeline?.columns.reduce((n, c) => n + c.count, 0)).toBeGreaterThan(0);
    const rivalPipeline = await assistantTools(rival).company?.pipeline();
    expect(rivalPipeline?.columns.every((c) => c.count === 0)).toBe(true);

    const quote = await chat(demo, {
      message: "Draft a quote for 10 unlimited lines and 2 tablets",
    });
    expect(quote.content).toContain("| Option |");
    expect(quote.content).toContain("/dashboard/quotes/new");
  });
});

describe("a customer's deals", () => {
  const dealsAnswer = async (ctx: UserContext, message: string) =>
    (await builtInAnswer(assistantTools(ctx), message, null)).content;

  it("lists the agent's company's deals for the customer, however the question is put", async () => {
    const harbor = await rt.database.db
      .select({ title: deals.title })
      .from(deals)
      .innerJoin(customers, eq(customers.id, deals.customerId))
      .where(
        and(
          eq(deals.companyId, demo.user.companyId),
          eq(customers.companyName, "Harbor Logistics"),
        ),
      );
    expect(harbor.length).toBeGreaterThan(0);
    for (const message of [
      "What deals do we have with Harbor Logistics?",
      "What deals does Harbor Logistics have?",
      "Show me Harbor Logistics' deals",
      "deals for harbor logistics",
    ]) {
      const content = await dealsAnswer(demo, message);
      for (const { title } of harbor) expect(content, message).toContain(`[${title}]`);
    }
  });

  it("finds a customer typed without its accents", async () => {
    const { id } = await createDeal(
      demo,
      newDealSchema.parse({
        ...DEAL_FORM,
        title: "Job-site phones",
        companyName: "Café Ñandú Construcción LLC",
      }),
    );
    for (const message of [
      "What deals does Café Ñandú have?",
      "What deals does cafe nandu have?",
    ]) {
      expect(await dealsAnswer(demo, message)).toContain(
        `[Job-site phones](/dashboard/deals/${id})`,
      );
    }
  });

  it("never finds another company's customer, nor a colleague's where agents see only their own", async () => {
    const { id } = await createDeal(
      demo,
      newDealSchema.parse({ ...DEAL_FORM, title: "Quarry radios", companyName: "Ölberg Quarry" }),
    );
    for (const message of [
      "What deals do we have with Ölberg Quarry?",
      "What deals does Olberg Quarry have?",
      "deals for olberg",
    ]) {
      const content = await dealsAnswer(rival, message);
      expect(content, message).toContain("I found no deals");
      expect(content, message).not.toContain(id);
      expect(content, message).not.toContain("Quarry radios");
    }

    const mate = await createCompanyWithAgent(rt, {
      company: "Demo Wireless Partners",
      username: "assistant_mate",
      password: PASSWORD,
    });
    const colleague = await userContextFor(rt, { id: mate.userId });
    expect(colleague.user.companyId).toBe(demo.user.companyId);
    expect(await dealsAnswer(colleague, "What deals does Olberg Quarry have?")).toContain(
      `[Quarry radios](/dashboard/deals/${id})`,
    );
    const admin = await userContextFor(rt, { username: "admin" });
    await updateCompanySettings(admin, { agentsSeeOwnOnly: true });
    try {
      const content = await dealsAnswer(
        nextRequest(colleague),
        "What deals does Olberg Quarry have?",
      );
      expect(content).toContain("I found no deals");
      expect(content).not.toContain(id);
    } finally {
      await updateCompanySettings(admin, { agentsSeeOwnOnly: false });
    }
  });
});

describe("conversations", () => {
  it("are the agent's own: listed, reopened, and another company's agent finds none of them", async () => {
    const { conversationId } = await chat(demo, { message: "What promotions are running?" });
    expect((await listConversations(demo)).map((c) => c.id)).toContain(conversationId);
    expect((await lastConversation(demo))?.id).toBe(conversationId);
    const stored = await getConversation(demo, { id: conversationId });
    expect(stored.title).toBe("What promotions are running?");
    expect(stored.messages.map((m) => m.isUser)).toEqual([true, false]);

    expect((await listConversations(rival)).map((c) => c.id)).not.toContain(conversationId);
    expect((await refusal(getConversation(rival, { id: conversationId }))).kind).toBe("not_found");
    expect((await refusal(deleteConversation(rival, { id: conversationId }))).kind).toBe(
      "not_found",
    );
    expect((await refusal(chat(rival, { message: "hello", conversationId }))).message).toBe(
      CONVERSATION_NOT_FOUND,
    );
    // Nothing of the rival's was added to it.
    expect((await getConversation(demo, { id: conversationId })).messages).toHaveLength(2);

    await deleteConversation(demo, { id: conversationId });
    expect((await refusal(getConversation(demo, { id: conversationId }))).kind).toBe("not_found");
    const left = await rt.database.db
      .select({ id: chatMessages.id })
      .from(chatMessages)
      .where(eq(chatMessages.conversationId, conversationId));
    expect(left).toHaveLength(0);
  });
});

describe("the chat API", () => {
  it("answers {content} to {message}, the spec's contract", async () => {
    const res = await post("/api/chat", demoCookie, { message: "What plans does AT&T have?" });
    expect(res.status).toBe(200);
    const body = (await res.json()) as { content: string; conversationId: string };
    expect(body.content).toContain("/dashboard/plans");
    expect(body.conversationId).toMatch(/^[0-9a-f-]{36}$/);
  });

  it("streams the answer as text with the conversation's id, and stores it", async () => {
    const res = await post("/api/chat/stream", demoCookie, { message: "my pipeline" });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toContain("text/plain");
    const id = res.headers.get("x-conversation-id") ?? "";
    const text = await res.text();
    expect(text).toContain("Your company's pipeline by stage");
    const read = await call(`/api/chat/conversations/${id}`, demoCookie);
    const { conversation } = (await read.json()) as {
      conversation: { messages: { text: string; isUser: boolean; timestamp: number }[] };
    };
    expect(conversation.messages.map((m) => [m.isUser, m.text])).toEqual([
      [true, "my pipeline"],
      [false, text],
    ]);
  });

  it("refuses an empty or whitespace-only message with the spec's message field", async () => {
    for (const message of ["", "   \n "]) {
      const res = await post("/api/chat", demoCookie, { message });
      expect(res.status).toBe(400);
      expect(((await res.json()) as { message: string }).message).toBe(CHAT_MESSAGE_REQUIRED);
    }
  });

  it("refuses a signed-out visitor on every route", async () => {
    expect((await post("/api/chat", null, { message: "my pipeline" })).status).toBe(401);
    expect((await post("/api/chat/stream", null, { message: "my pipeline" })).status).toBe(401);
    expect((await call("/api/chat/conversations", null)).status).toBe(401);
  });

  it("answers another company's conversation not found, never its messages", async () => {
    const res = await post("/api/chat", demoCookie, { message: "Which renewals are due?" });
    const { conversationId } = (await res.json()) as { conversationId: string };
    const read = await call(`/api/chat/conversations/${conversationId}`, rivalCookie);
    expect(read.status).toBe(404);
    expect(await read.text()).not.toContain("renewals");
    const cont = await post("/api/chat", rivalCookie, { message: "and?", conversationId });
    expect(cont.status).toBe(404);
    expect(((await cont.json()) as { message: string }).message).toBe(CONVERSATION_NOT_FOUND);
    const list = (await (await call("/api/chat/conversations", rivalCookie)).json()) as {
      conversations: { id: string }[];
    };
    expect(list.conversations.map((c) => c.id)).not.toContain(conversationId);
    expect(
      (await call(`/api/chat/conversations/${conversationId}`, rivalCookie, "DELETE")).status,
    ).toBe(404);
    expect((await call(`/api/chat/conversations/${conversationId}`, demoCookie)).status).toBe(200);
    expect((await call(`/api/chat/conversations/not-an-id`, demoCookie)).status).toBe(404);
  });

  it("limits the messages of one agent a minute, with the wait", async () => {
    const { userId } = await createCompanyWithAgent(rt, {
      company: "Chatty Co",
      username: "chatty_agent",
      password: PASSWORD,
    });
    expect(userId).toBeTruthy();
    const cookie = await signInCookie(server.url, "chatty_agent", PASSWORD);
    for (let i = 0; i < CHAT_LIMIT; i++) {
      expect((await post("/api/chat", cookie, { message: "hello" })).status).toBe(200);
    }
    const limited = await post("/api/chat", cookie, { message: "hello" });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("retry-after")).toBeTruthy();
    expect(((await limited.json()) as { message: string }).message).toMatch(/^Too many messages/);
    // Another agent is not held by it.
    expect((await post("/api/chat", rivalCookie, { message: "hello" })).status).toBe(200);
  });
});
