import { eq } from "drizzle-orm";
import { companies } from "#server/db/schema/index.ts";
import { ensureAccount } from "#server/db/seed/demo-accounts.ts";
import { TEST_BASE_URL, type TestRuntime } from "./runtime.ts";

/** Another reseller with one agent: the other side of every tenant-isolation test. */
export async function createCompanyWithAgent(
  rt: TestRuntime,
  options: { company: string; username: string; password: string; role?: "agent" | "admin" },
) {
  const slug = options.company.toLowerCase().replace(/[^a-z0-9]+/g, "-");
  await rt.database.db
    .insert(companies)
    .values({ name: options.company, slug })
    .onConflictDoNothing();
  const [company] = await rt.database.db.select().from(companies).where(eq(companies.slug, slug));
  if (!company) throw new Error("company not created");
  const userId = await ensureAccount(rt.database.db, rt.auth, company.id, company.name, {
    username: options.username,
    password: options.password,
    email: `${options.username}@${slug}.example`,
    name: options.username,
    role: options.role ?? "agent",
    phone: "",
  });
  return { companyId: company.id, userId };
}

/** One password sign-in over HTTP, as the browser's sign-in form sends it; the raw answer. */
export function signInRequest(
  serverUrl: string,
  username: string,
  password: string,
  headers: Record<string, string> = {},
) {
  return fetch(`${serverUrl}/api/auth/sign-in/username`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: TEST_BASE_URL, ...headers },
    body: JSON.stringify({ username, password }),
  });
}

/** Signs in over HTTP and returns the Cookie header the browser would send afterwards. */
export async function signInCookie(serverUrl: string, username: string, password: string) {
  const res = await signInRequest(serverUrl, username, password);
  if (!res.ok) throw new Error(`sign-in failed for ${username}: ${res.status}`);
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}
