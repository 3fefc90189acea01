import { desc, eq } from "drizzle-orm";
import { agent_users, mailOutbox } from "#server/db/schema/index.ts";
import { TEST_BASE_URL, type TestRuntime } from "./runtime.ts";

/** Every message the outbox holds for one address (email or phone), newest first. */
export function messagesTo(rt: TestRuntime, to: string) {
  return rt.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.toAddress, to))
    .orderBy(desc(mailOutbox.createdAt));
}

/** The 6-digit code in the newest message to `to`. */
export async function latestCode(rt: TestRuntime, to: string): Promise<string> {
  const [message] = await messagesTo(rt, to);
  const code = message?.textBody.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code in the outbox for ${to}`);
  return code;
}

/** The first link in the newest message to `to`. */
export async function latestLink(rt: TestRuntime, to: string): Promise<string> {
  const [message] = await messagesTo(rt, to);
  const link = message?.textBody.match(/https?:\/\/\S+/)?.[0];
  if (!link) throw new Error(`no link in the outbox for ${to}`);
  return link;
}

/** Gives an account a verified sign-in phone, as a completed phone verification would. */
export async function giveVerifiedPhone(rt: TestRuntime, userId: string, phoneNumber: string) {
  await rt.database.db
    .update(agent_users)
    .set({ phoneNumber, phoneNumberVerified: true })
    .where(eq(agent_users.id, userId));
}

let address = 0;
/** A client address no other request of this test process used, so per-IP limits stay out of it. */
export const freshAddress = () =>
  `10.${(++address >> 16) & 255}.${(address >> 8) & 255}.${address & 255}`;

/** A JSON POST to the auth API as the browser sends it, from a fresh client address. */
export function authPost(
  serverUrl: string,
  path: string,
  body: unknown,
  headers: Record<string, string> = {},
) {
  return fetch(`${serverUrl}/api/auth${path}`, {
    method: "POST",
    headers: {
      "content-type": "application/json",
      origin: TEST_BASE_URL,
      "x-forwarded-for": freshAddress(),
      ...headers,
    },
    body: JSON.stringify(body),
  });
}

/** The Cookie header a browser would send after this answer. */
export function cookieFrom(res: Response): string {
  return res.headers
    .getSetCookie()
    .map((c) => c.split(";")[0])
    .join("; ");
}
