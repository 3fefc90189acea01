import { availableParallelism } from "node:os";
import { z } from "zod";

const booleanFlag = z
  .enum(["true", "false", "1", "0", "on", "off", "yes", "no"], {
    error: "must be true or false",
  })
  .transform((v) => v === "true" || v === "1" || v === "on" || v === "yes");

/**
 * TRUST_PROXY: how many reverse proxies stand in front of the server and may be believed about
 * the client (X-Forwarded-For/-Proto/-Host). A flag means none or one; a number means that many.
 */
const proxyHops = z.string().transform((value, ctx) => {
  const flag = booleanFlag.safeParse(value.toLowerCase());
  if (flag.success) return flag.data ? 1 : 0;
  if (/^\d{1,2}$/.test(value) && Number(value) <= 10) return Number(value);
  ctx.addIssue({ code: "custom", message: "must be true, false or a number of proxies (0 to 10)" });
  return z.NEVER;
});

const WORKERS_MESSAGE = "must be a whole number from 1 to 64, or auto (one per CPU)";

const LOG_LEVELS = ["fatal", "error", "warn", "info", "debug", "trace", "silent"] as const;

/** Every setting the server reads from the environment; documented in README and .env.example. */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default("0.0.0.0"),
  BASE_URL: z.url({ error: "must be an absolute http(s) URL" }).optional(),
  DATABASE_URL: z
    .string()
    .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
    .optional(),
  DATA_DIR: z.string().min(1).default("./data"),
  AUTH_SECRET: z.string().min(32, "must be at least 32 characters").optional(),
  DEMO_MODE: booleanFlag.optional(),
  LOG_LEVEL: z.enum(LOG_LEVELS).default("info"),
  WEB_CONCURRENCY: z
    .union(
      [
        z.literal("auto"),
        z.coerce
          .number({ error: WORKERS_MESSAGE })
          .int({ error: WORKERS_MESSAGE })
          .min(1, { error: WORKERS_MESSAGE })
          .max(64, { error: WORKERS_MESSAGE }),
      ],
      { error: WORKERS_MESSAGE },
    )
    .default(1),
  SMTP_URL: z
    .string()
    .regex(/^smtps?:\/\//, "must start with smtp:// or smtps://")
    .optional(),
  MAIL_FROM: z.string().min(3).default("Carrierline <hello@carrierline.example>"),
  TRUST_PROXY: proxyHops.default(0),
  ALLOW_SIGNUP: booleanFlag.default(false),
  SESSION_IDLE_HOURS: z.coerce
    .number()
    .min(0.25)
    .max(24 * 365)
    .default(24 * 7),
  SESSION_MAX_AGE_HOURS: z.coerce
    .number()
    .min(1)
    .max(24 * 365)
    .default(24 * 30),
  WAITLIST_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(5),
  SIGN_IN_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(20),
  /** The bill reader's child process is killed past this resident size (decision 0044). */
  BILL_READER_MEMORY_MB: z.coerce.number().int().min(256).max(16_384).default(512),
  PLATFORM_OPERATORS: z
    .string()
    .transform((list) =>
      list
        .split(",")
        .map((email) => email.trim().toLowerCase())
        .filter(Boolean),
    )
    .pipe(z.array(z.email({ error: "must be a comma-separated list of email addresses" })))
    .default([]),
  DEMO_AGENT_USERNAME: z.string().min(3).default("demo"),
  DEMO_AGENT_PASSWORD: z.string().min(8).default("carrierline-demo"),
  DEMO_ADMIN_USERNAME: z.string().min(3).default("admin"),
  DEMO_ADMIN_PASSWORD: z.string().min(8).default("carrierline-admin"),
  AI_BASE_URL: z.url({ protocol: /^https?$/, error: "must be an absolute http(s) URL" }).optional(),
  AI_API_KEY: z.string().min(1).optional(),
  AI_MODEL: z.string().min(1).max(200).optional(),
  AI_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(20_000),
  AI_ANSWER_MAX_TOKENS: z.coerce.number().int().min(50).max(100_000).default(1_500),
  AI_DAILY_TOKENS_PER_AGENT: z.coerce.number().int().min(0).max(100_000_000).default(200_000),
  ASSISTANT_GATE_PASSWORD: z.string().min(8, "must be at least 8 characters").optional(),
});

const AI_SETTINGS = ["AI_BASE_URL", "AI_API_KEY", "AI_MODEL"] as const;

export type AppConfig = {
  port: number;
  host: string;
  baseUrl: string;
  databaseUrl: string | undefined;
  dataDir: string;
  /** Undefined only in demo mode before the generated secret is loaded (see ensureAuthSecret). */
  authSecret: string | undefined;
  demoMode: boolean;
  logLevel: (typeof LOG_LEVELS)[number];
  /** Server processes on this machine (node:cluster); more than one needs DATABASE_URL. */
  workers: number;
  /** Unset: emails and texts wait in the mail_outbox table (and the log). */
  smtpUrl: string | undefined;
  mailFrom: string;
  /**
   * Reverse proxies in front of the server that are believed (0: none): the client address and
   * the public origin come from their X-Forwarded-* headers (server/platform/forwarded.ts).
   */
  proxyHops: number;
  /** Open self sign-up at /signup; off means accounts come only from invitations. */
  allowSignup: boolean;
  session: {
    /** A session not used for this long ends. */
    idleSeconds: number;
    /** How often a session in use is extended (and its row written). */
    refreshSeconds: number;
    /** No session lives longer than this, however busy. */
    maxAgeSeconds: number;
  };
  /** Waitlist sign-ups accepted per client address in 10 minutes. */
  waitlistRateLimit: number;
  /** Sign-in attempts accepted per client address a minute, on each sign-in endpoint and page. */
  signInRateLimit: number;
  /** The resident size, in MB, past which a bill's reading process is killed. */
  billReaderMemoryMb: number;
  /** Emails (lower case) whose verified accounts are platform operators (decision 0011). */
  platformOperators: string[];
  demoAccounts: {
    agent: { username: string; password: string };
    admin: { username: string; password: string };
  };
  /**
   * An OpenAI-compatible model that reads the Quote Generator's descriptions (decision 0022);
   * null when AI_* is unset, and then nothing is sent anywhere.
   */
  ai: AiConfig | null;
  /**
   * The password of the standalone assistant's gate (decision 0025); in demo mode a default
   * shown on the gate, otherwise null when unset, and then only signed-in agents get in.
   */
  assistantGatePassword: string | null;
  /** What the assistant may spend on a configured model (issue 17, decision 0027). */
  assistantBudget: AssistantBudget;
};

export type AssistantBudget = {
  /** The most tokens a model may write for one answer (every step together). */
  answerMaxTokens: number;
  /** The tokens (in and out) one agent may spend in a UTC day; past it the built-in engine answers. */
  dailyTokensPerAgent: number;
};

/** The gate's password in demo mode when ASSISTANT_GATE_PASSWORD is unset (shown on the gate). */
export const DEMO_ASSISTANT_GATE_PASSWORD = "carrierline-assistant";

export type AiConfig = {
  /** The API's base URL, up to and without /chat/completions. */
  baseUrl: string;
  apiKey: string;
  model: string;
  /** How long one call may take before the built-in reader answers instead. */
  timeoutMs: number;
};

export class ConfigError extends Error {
  readonly problems: string[];
  constructor(problems: string[]) {
    super(`Invalid configuration:\n${problems.map((p) => `  - ${p}`).join("\n")}`);
    this.name = "ConfigError";
    this.problems = problems;
  }
}

/** Empty strings count as unset, so `FOO=` in a .env file means "use the default". */
function withoutEmpty(env: Record<string, string | undefined>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, value] of Object.entries(env)) {
    if (value !== undefined && value.trim() !== "") out[key] = value.trim();
  }
  return out;
}

export function loadConfig(env: Record<string, string | undefined> = process.env): AppConfig {
  const parsed = envSchema.safeParse(withoutEmpty(env));
  if (!parsed.success) {
    throw new ConfigError(
      parsed.error.issues.map((issue) => `${issue.path.join(".") || "env"}: ${issue.message}`),
    );
  }
  const e = parsed.data;
  const demoMode = e.DEMO_MODE ?? e.DATABASE_URL === undefined;
  if (!demoMode && e.AUTH_SECRET === undefined) {
    throw new ConfigError([
      "AUTH_SECRET: required when DEMO_MODE is off (generate one with `openssl rand -base64 32`)",
    ]);
  }
  const ai = aiSettings(e);
  const workers = e.WEB_CONCURRENCY === "auto" ? availableParallelism() : e.WEB_CONCURRENCY;
  if (workers > 1 && e.DATABASE_URL === undefined) {
    throw new ConfigError([
      "WEB_CONCURRENCY: more than one server process needs DATABASE_URL (the embedded database belongs to one process)",
    ]);
  }
  return {
    port: e.PORT,
    host: e.HOST,
    baseUrl: (e.BASE_URL ?? `http://localhost:${e.PORT}`).replace(/\/+$/, ""),
    databaseUrl: e.DATABASE_URL,
    dataDir: e.DATA_DIR,
    authSecret: e.AUTH_SECRET,
    demoMode,
    assistantGatePassword:
      e.ASSISTANT_GATE_PASSWORD ?? (demoMode ? DEMO_ASSISTANT_GATE_PASSWORD : null),
    assistantBudget: {
      answerMaxTokens: e.AI_ANSWER_MAX_TOKENS,
      dailyTokensPerAgent: e.AI_DAILY_TOKENS_PER_AGENT,
    },
    logLevel: e.LOG_LEVEL,
    workers,
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    proxyHops: e.TRUST_PROXY,
    allowSignup: e.ALLOW_SIGNUP,
    session: sessionTimes(e.SESSION_IDLE_HOURS, e.SESSION_MAX_AGE_HOURS),
    waitlistRateLimit: e.WAITLIST_RATE_LIMIT,
    signInRateLimit: e.SIGN_IN_RATE_LIMIT,
    billReaderMemoryMb: e.BILL_READER_MEMORY_MB,
    platformOperators: e.PLATFORM_OPERATORS,
    demoAccounts: {
      agent: { username: e.DEMO_AGENT_USERNAME, password: e.DEMO_AGENT_PASSWORD },
      admin: { username: e.DEMO_ADMIN_USERNAME, password: e.DEMO_ADMIN_PASSWORD },
    },
    ai,
  };
}

/** All three of AI_BASE_URL, AI_API_KEY and AI_MODEL, or none: half a model is a mistake. */
function aiSettings(e: z.output<typeof envSchema>): AiConfig | null {
  const missing = AI_SETTINGS.filter((key) => e[key] === undefined);
  if (missing.length === AI_SETTINGS.length) return null;
  if (e.AI_BASE_URL === undefined || e.AI_API_KEY === undefined || e.AI_MODEL === undefined) {
    throw new ConfigError(
      missing.map(
        (key) =>
          `${key}: required when AI_BASE_URL, AI_API_KEY or AI_MODEL is set (set all three, or none)`,
      ),
    );
  }
  return {
    baseUrl: e.AI_BASE_URL.replace(/\/+$/, ""),
    apiKey: e.AI_API_KEY,
    model: e.AI_MODEL,
    timeoutMs: e.AI_TIMEOUT_MS,
  };
}

function sessionTimes(idleHours: number, maxAgeHours: number): AppConfig["session"] {
  const maxAgeSeconds = Math.round(maxAgeHours * 3600);
  // A session cannot sit idle for longer than it may live at all.
  const idleSeconds = Math.min(Math.round(idleHours * 3600), maxAgeSeconds);
  return {
    idleSeconds,
    // Extending at most hourly keeps writes rare while holding the idle limit to within an hour.
    refreshSeconds: Math.min(3600, Math.max(60, Math.floor(idleSeconds / 4))),
    maxAgeSeconds,
  };
}
