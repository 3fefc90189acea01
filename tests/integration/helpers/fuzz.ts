import fc from "fast-check";
import { beforeAll, expect } from "vitest";
import { BODY_LIMIT_BYTES } from "#server/http/edge.ts";
import { createCompanyWithAgent } from "./accounts.ts";
import { type PageServer, setUpTestRuntime } from "./fixture.ts";
import { dataUrl } from "./routes.ts";
import { TEST_BASE_URL, type TestRuntime } from "./runtime.ts";

// Issue 12's fuzz suite (tests/integration/fuzz-*.test.ts): every form action and every JSON API
// route gets RUNS generated requests (strings with NUL, control and astral characters, huge
// values, wrong types, wrong content types and methods), as a visitor and signed in, and must
// never answer 5xx; the server must answer its health check between batches. FUZZ_SEED=<n>
// replays a run (its seed is in every failure message); FUZZ_RUNS sets the count (1,000 in
// `npm test`); FUZZ_PROFILE=1 prints the CPU time each route took.

const RUNS = Number(process.env.FUZZ_RUNS ?? 1_000);
const SEED = Number(process.env.FUZZ_SEED ?? 20_261_122);
/** Requests in flight at once (fetch keeps their connections alive between batches). */
const BATCH = 32;

export const FUZZ_ADMIN = { username: "fuzz_admin", password: "quartz-lantern-meadow-41" };
export const FUZZ_AGENT = { username: "fuzz_agent", password: "harbor-violet-engine-73" };
/** An agent of Fuzz Co who is also a platform operator (by PLATFORM_OPERATORS, decision 0011). */
export const FUZZ_OPERATOR = { username: "fuzz_operator", password: "copper-willow-signal-58" };

/** The world a fuzz file runs in: set once its runtime and server are up. */
const world: { rt?: TestRuntime; server?: PageServer } = {};

/**
 * A fuzz file's runtime: the demo data, the page server (the whole app, as in production) and
 * Fuzz Co with an admin, an agent and a platform operator. Call once at the top of the file.
 */
export function setUpFuzzWorld() {
  const runtime = setUpTestRuntime({
    demo: true,
    pages: true,
    // createCompanyWithAgent gives each account the address <username>@<company slug>.example.
    env: { PLATFORM_OPERATORS: `${FUZZ_OPERATOR.username}@fuzz-co.example` },
  });
  beforeAll(async () => {
    const { rt, pages } = runtime();
    world.rt = rt;
    world.server = pages;
    await createCompanyWithAgent(rt, { company: "Fuzz Co", ...FUZZ_ADMIN, role: "admin" });
    await createCompanyWithAgent(rt, { company: "Fuzz Co", ...FUZZ_AGENT });
    await createCompanyWithAgent(rt, { company: "Fuzz Co", ...FUZZ_OPERATOR });
  });
  return runtime;
}
function serverUrl(): string {
  if (!world.server) throw new Error("fuzzWorld() was not called");
  return world.server.url;
}

/** Who a route is sent as: signed-in routes are also tried by a visitor and the wrong role. */
export const SIGNED_IN: Who[] = ["visitor", "agent", "admin"];
export const ANYONE: Who[] = ["visitor", "admin"];
/** Operators' routes: the operator gets past the refusal, the others are refused. */
export const OPERATORS: Who[] = ["visitor", "agent", "admin", "operator"];

// --- who asks -------------------------------------------------------------------------------

export type Who = "visitor" | "agent" | "admin" | "operator";

/**
 * A session cookie made in-process (auth.api), not over HTTP: the fuzzed sign-in endpoints run
 * into their per-address limits, which must not stop the suite from signing in again.
 */
async function freshCookie(account: { username: string; password: string }) {
  if (!world.rt) throw new Error("fuzzWorld() was not called");
  const res = await world.rt.auth.api.signInUsername({ body: account, asResponse: true });
  if (!res.ok) throw new Error(`fuzz sign-in failed for ${account.username}: ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}

const ACCOUNTS = { admin: FUZZ_ADMIN, agent: FUZZ_AGENT, operator: FUZZ_OPERATOR };
const cookies = new Map<Who, string>();
async function cookieOf(who: Who): Promise<string> {
  if (who === "visitor") return "";
  let cookie = cookies.get(who);
  if (!cookie) {
    cookie = await freshCookie(ACCOUNTS[who]);
    cookies.set(who, cookie);
  }
  return cookie;
}
/** A fuzzed action may have ended its own session (sign-out, "sign out everywhere"): renew it. */
async function renewEndedSessions() {
  for (const [who, cookie] of cookies) {
    const res = await fetch(`${serverUrl()}/api/session`, { headers: { cookie } });
    await res.body?.cancel();
    if (res.status === 401) cookies.delete(who);
  }
}

// --- what is sent ---------------------------------------------------------------------------

const NASTY = [
  "\u0000",
  "a\u0000b",
  "%00",
  "\u001b[31mred",
  "\b\u0007\u007f",
  "line\r\nbreak",
  "\t",
  "😀🇺🇸",
  "𝒜𝓁𝓅𝒽𝒶",
  "\ud800",
  "\udfff\ud800",
  "\u202e\u2066",
  "' OR 1=1 --",
  "<script>alert(1)</script>",
  "../../etc/passwd",
  "=cmd|' /C calc'!A0",
  "ana@example.com",
  "+15555550100",
  "123456",
  "AbC12-dEf34",
  "00000000-0000-0000-0000-000000000000",
  "att",
  "admin",
  "true",
  "-1",
  "1e309",
  "",
  " ",
];

const text = fc.oneof(
  { weight: 4, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 4, arbitrary: fc.string({ unit: "binary", maxLength: 40 }) },
  { weight: 4, arbitrary: fc.constantFrom(...NASTY) },
  {
    weight: 2,
    arbitrary: fc
      .tuple(fc.string({ maxLength: 10 }), fc.constantFrom(...NASTY), fc.string({ maxLength: 10 }))
      .map((parts) => parts.join("")),
  },
  // Huge values: most under the body limit (the schemas' own limits), some over it (413).
  // Huge values: past the fields' own limits, and now and then past the body limit (413).
  {
    weight: 1,
    arbitrary: fc
      .oneof(
        { weight: 9, arbitrary: fc.integer({ min: 300, max: 20_000 }) },
        { weight: 1, arbitrary: fc.integer({ min: 100_000, max: 1_200_000 }) },
      )
      .map((n) => "x".repeat(n)),
  },
);

const value: fc.Arbitrary<unknown> = fc.oneof(
  { weight: 8, arbitrary: text },
  { weight: 1, arbitrary: fc.oneof(fc.integer(), fc.double(), fc.boolean(), fc.constant(null)) },
  { weight: 1, arbitrary: fc.array(text, { maxLength: 3 }) },
  { weight: 1, arbitrary: fc.dictionary(text, text, { maxKeys: 3 }) },
);

const ENCODINGS = [
  "json",
  "form",
  "multipart",
  "text",
  "none",
  "broken-json",
  "broken-multipart",
] as const;
export type Encoding = (typeof ENCODINGS)[number];
const METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"] as const;

export type Target = {
  /** The route's method and path, with :params filled from `params`. */
  method: string;
  path: string;
  /** The fields its body or query reads (others are generated too). */
  fields: string[];
  /** Known values for some fields (an intent, a scope): reaches past the first check. */
  choices?: Record<string, string[]>;
  /** How the route is normally sent. */
  encoding: Encoding;
  who: Who[];
  /** Page routes: also sent as their single-fetch `.data` request. */
  page?: boolean;
  /** A wildcard route (the auth service): each case picks one of these paths below it. */
  endpoints?: string[];
  /** It can end the session it is sent with: sessions are checked and renewed between batches. */
  endsSessions?: boolean;
};

type Case = {
  method: string;
  encoding: Encoding;
  fields: Record<string, unknown>;
  params: string[];
  who: Who;
  data: boolean;
  origin: boolean;
  endpoint: number;
};

function caseOf(target: Target): fc.Arbitrary<Case> {
  const known = Object.fromEntries(
    target.fields.map((f) => {
      const choices = target.choices?.[f];
      return [f, choices ? fc.oneof(fc.constantFrom(...choices), value) : value];
    }),
  );
  return fc.record({
    method: fc.oneof(
      { weight: 6, arbitrary: fc.constant(target.method) },
      { weight: 1, arbitrary: fc.constantFrom(...METHODS) },
    ),
    encoding: fc.oneof(
      { weight: 6, arbitrary: fc.constant(target.encoding) },
      { weight: 2, arbitrary: fc.constantFrom(...ENCODINGS) },
    ),
    fields: fc
      .tuple(fc.record(known, { requiredKeys: [] }), fc.dictionary(text, value, { maxKeys: 2 }))
      .map(([a, b]) => ({ ...b, ...a })),
    params: fc.array(text, { minLength: 3, maxLength: 3 }),
    who: fc.constantFrom(...target.who),
    // Mostly as a client navigation posts (.data); a document answer renders the whole page.
    data: fc.oneof(
      { weight: 9, arbitrary: fc.constant(true) },
      { weight: 1, arbitrary: fc.constant(false) },
    ),
    origin: fc.oneof(
      { weight: 9, arbitrary: fc.constant(true) },
      { weight: 1, arbitrary: fc.constant(false) },
    ),
    endpoint: fc.nat({ max: Math.max(0, (target.endpoints?.length ?? 1) - 1) }),
  });
}

const asText = (v: unknown) => (typeof v === "string" ? v : (JSON.stringify(v) ?? ""));

function bodyOf(c: Case): { body?: BodyInit; type?: string } {
  const entries = Object.entries(c.fields);
  switch (c.encoding) {
    case "json":
      return { body: JSON.stringify(c.fields), type: "application/json" };
    case "form":
      return {
        body: new URLSearchParams(entries.map(([k, v]) => [k, asText(v)])).toString(),
        type: "application/x-www-form-urlencoded",
      };
    case "multipart": {
      const form = new FormData();
      for (const [k, v] of entries) form.append(k, asText(v));
      form.append("file", new File([new Uint8Array([0, 1, 2, 0x25, 0x50, 0xff])], "x.bin"));
      return { body: form };
    }
    case "text":
      return { body: entries.map(([k, v]) => `${k}=${asText(v)}`).join("\n"), type: "text/plain" };
    case "broken-json":
      return { body: JSON.stringify(c.fields).slice(0, -1), type: "application/json" };
    case "broken-multipart":
      return {
        body: '--b\r\nContent-Disposition: form-data; name="a"\r\n\r\nx',
        type: "multipart/form-data; boundary=b",
      };
    case "none":
      return {};
  }
}

function urlOf(target: Target, c: Case): string {
  let i = 0;
  const wildcard = target.endpoints?.[c.endpoint];
  let path = (wildcard ? target.path.replace("*", wildcard) : target.path).replace(/:\w+/g, () =>
    encodeURIComponent(asText(c.params[i++] ?? "").toWellFormed()),
  );
  if (target.page && c.data) path = dataUrl(path);
  if (c.method !== "GET" && c.method !== "HEAD") return path;
  const query = new URLSearchParams(
    Object.entries(c.fields).map(([k, v]) => [k, asText(v).slice(0, 2_000)]),
  );
  return `${path}${path.includes("?") ? "&" : "?"}${query}`;
}

/** Whether a case's body may be over the body limit (its fields, before any encoding). */
const oversized = (c: Case) =>
  Object.values(c.fields).reduce<number>((n, v) => n + asText(v).length, 0) > BODY_LIMIT_BYTES / 4;

async function send(target: Target, c: Case): Promise<{ status: number; body: string }> {
  const headers: Record<string, string> = {};
  const cookie = await cookieOf(c.who);
  if (cookie) headers.cookie = cookie;
  if (c.origin) headers.origin = target.page ? serverUrl() : TEST_BASE_URL;
  const hasBody = !["GET", "HEAD"].includes(c.method);
  const { body, type } = hasBody ? bodyOf(c) : {};
  if (type) headers["content-type"] = type;
  const url = `${serverUrl()}${urlOf(target, c)}`;
  const request = () => fetch(url, { method: c.method, headers, body, redirect: "manual" });
  let res: Response;
  try {
    res = await request().catch(async (error: unknown) => {
      // A body over the limit gets a 413 and a closed connection; a client still sending may
      // see the close first. Otherwise the client may have picked a kept-alive connection the
      // server was closing as idle (a loaded machine makes batches slow): once more, afresh.
      if (hasBody && oversized(c)) throw error;
      return request();
    });
  } catch (error) {
    if (hasBody && oversized(c)) return { status: 413, body: "" };
    return { status: 599, body: `no answer: ${String(error)}` };
  }
  // Only a failure's body is read; the rest is dropped to keep the connections moving.
  if (res.status < 500) {
    await res.body?.cancel();
    return { status: res.status, body: "" };
  }
  return { status: res.status, body: (await res.text()).slice(0, 300) };
}

async function alive(): Promise<void> {
  const res = await fetch(`${serverUrl()}/healthz`);
  expect(res.status, "the server answers /healthz between batches").toBe(200);
  await res.body?.cancel();
}

export async function fuzz(target: Target) {
  const cpu = process.cpuUsage();
  const cases = fc.sample(caseOf(target), { numRuns: RUNS, seed: SEED });
  const failures: string[] = [];
  for (let i = 0; i < cases.length; i += BATCH) {
    const batch = cases.slice(i, i + BATCH);
    const answers = await Promise.all(batch.map((c) => send(target, c)));
    answers.forEach((answer, j) => {
      if (answer.status >= 500) {
        const c = batch[j];
        const shown = JSON.stringify(c, (_k, v) =>
          typeof v === "string" && v.length > 200 ? `${v.slice(0, 50)}…(${v.length} chars)` : v,
        );
        failures.push(`${answer.status} for ${shown}: ${answer.body}`);
      }
    });
    await alive();
    if (target.endsSessions) await renewEndedSessions();
  }
  if (process.env.FUZZ_PROFILE) {
    const used = process.cpuUsage(cpu);
    process.stdout.write(
      `PROFILE ${target.method} ${target.path} ${Math.round((used.user + used.system) / 1000)} ms\n`,
    );
  }
  expect(failures, `seed ${SEED}, ${target.method} ${target.path}`).toEqual([]);
}
