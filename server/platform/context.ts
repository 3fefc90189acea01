import type { Auth } from "#server/auth/index.ts";
import type { Database } from "#server/db/client.ts";
import type { AiModel } from "./ai.ts";
import type { AppConfig } from "./config.ts";
import type { FileStorage } from "./files.ts";
import type { Logger } from "./logger.ts";
import type { Mailer } from "./mail.ts";
import type { SmsSender } from "./sms.ts";

/** Time as services see it: one place to read the clock, so tests can hold it still. */
export type Clock = { now(): Date };
export const systemClock: Clock = { now: () => new Date() };

/** The outside world a service may reach, each behind a port with a local default. */
export type Ports = {
  mail: Mailer;
  sms: SmsSender;
  /** The configured language model, or null: no AI_* settings, nothing sent to a model. */
  ai: AiModel | null;
  files: FileStorage;
  clock: Clock;
  logger: Logger;
};

/**
 * What every service function receives first: `fn(ctx, input)`. Built once per request by the
 * portal's middleware (with the acting user) or by the HTTP layer; a service never looks up the
 * process runtime, reads a Request, or knows an HTTP status (decision 0010).
 */
export type ServiceContext = {
  db: Database;
  ports: Ports;
  /** The accounts area's identity engine (Better Auth); only accounts services call it. */
  auth: Auth;
  config: AppConfig;
};

/** The signed-in person a request acts for; company data is always scoped by `companyId`. */
export type Actor = {
  id: string;
  name: string;
  username: string;
  email: string;
  /** Their role in their own company: agent, manager or admin. */
  role: string;
  companyId: string;
  company: string | null;
  /**
   * A platform operator (decision 0011): writes the shared catalog and reads the waitlist, in
   * every company's name. Says nothing about their role in their own company.
   */
  platformOperator: boolean;
};

/** A service context with the acting user: every company-scoped service takes this. */
export type UserContext = ServiceContext & { user: Actor };

export function withUser(ctx: ServiceContext, user: Actor): UserContext {
  return { ...ctx, user };
}

/** A verified session as the session cache keeps it: the agent and when the session itself ends. */
export type CachedSession = { user: Actor; expiresAt: number };
