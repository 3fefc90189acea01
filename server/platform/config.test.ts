import { availableParallelism } from "node:os";
import { describe, expect, it } from "vitest";
import { ConfigError, loadConfig } from "./config.ts";

describe("loadConfig", () => {
  it("runs a demo on the embedded database with no settings at all", () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: "0.0.0.0",
      baseUrl: "http://localhost:3000",
      databaseUrl: undefined,
      dataDir: "./data",
      demoMode: true,
      logLevel: "info",
      authSecret: undefined,
    });
    expect(config.demoAccounts.agent).toEqual({ username: "demo", password: "carrierline-demo" });
    expect(config.demoAccounts.admin).toEqual({ username: "admin", password: "carrierline-admin" });
  });

  it("derives BASE_URL from PORT and drops a trailing slash from an explicit one", () => {
    expect(loadConfig({ PORT: "8080" }).baseUrl).toBe("http://localhost:8080");
    expect(loadConfig({ BASE_URL: "https://app.example.com/" }).baseUrl).toBe(
      "https://app.example.com",
    );
  });

  it("turns demo mode off by default on PostgreSQL, and then needs AUTH_SECRET", () => {
    expect(() => loadConfig({ DATABASE_URL: "postgres://db/app" })).toThrow(
      /AUTH_SECRET: required/,
    );
    const config = loadConfig({ DATABASE_URL: "postgres://db/app", AUTH_SECRET: "x".repeat(32) });
    expect(config.demoMode).toBe(false);
    expect(loadConfig({ DATABASE_URL: "postgres://db/app", DEMO_MODE: "true" }).demoMode).toBe(
      true,
    );
  });

  it("treats empty values as unset", () => {
    expect(loadConfig({ PORT: "", DATABASE_URL: " " }).port).toBe(3000);
  });

  it("names every bad value in one clear error", () => {
    try {
      loadConfig({
        PORT: "http",
        BASE_URL: "not a url",
        LOG_LEVEL: "loud",
        DEMO_MODE: "maybe",
        AUTH_SECRET: "short",
      });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(ConfigError);
      const message = error instanceof Error ? error.message : "";
      for (const key of ["PORT", "BASE_URL", "LOG_LEVEL", "DEMO_MODE", "AUTH_SECRET"]) {
        expect(message).toContain(`${key}:`);
      }
    }
  });

  it("keeps mail in the outbox unless an SMTP relay is named, and checks its URL", () => {
    expect(loadConfig({})).toMatchObject({
      smtpUrl: undefined,
      proxyHops: 0,
      waitlistRateLimit: 5,
      signInRateLimit: 20,
      billReaderMemoryMb: 512,
    });
    expect(loadConfig({ SMTP_URL: "smtps://user:pw@mail.example:465" }).smtpUrl).toBe(
      "smtps://user:pw@mail.example:465",
    );
    expect(() => loadConfig({ SMTP_URL: "http://mail.example" })).toThrow(
      /SMTP_URL: must start with smtp/,
    );
    expect(() => loadConfig({ WAITLIST_RATE_LIMIT: "0" })).toThrow(/WAITLIST_RATE_LIMIT/);
    expect(() => loadConfig({ SIGN_IN_RATE_LIMIT: "0" })).toThrow(/SIGN_IN_RATE_LIMIT/);
  });

  it("reads the sign-up switch and the session limits", () => {
    expect(loadConfig({})).toMatchObject({
      allowSignup: false,
      session: { idleSeconds: 7 * 24 * 3600, refreshSeconds: 3600, maxAgeSeconds: 30 * 24 * 3600 },
    });
    expect(loadConfig({ ALLOW_SIGNUP: "true" }).allowSignup).toBe(true);
    // A session cannot idle longer than it may live.
    expect(loadConfig({ SESSION_IDLE_HOURS: "48", SESSION_MAX_AGE_HOURS: "24" }).session).toEqual({
      idleSeconds: 24 * 3600,
      refreshSeconds: 3600,
      maxAgeSeconds: 24 * 3600,
    });
    expect(() => loadConfig({ SESSION_IDLE_HOURS: "0" })).toThrow(/SESSION_IDLE_HOURS/);
  });

  it("refuses a database URL that is not PostgreSQL", () => {
    expect(() => loadConfig({ DATABASE_URL: "mysql://db/app" })).toThrow(
      /DATABASE_URL: must start with postgres/,
    );
  });

  it("reads TRUST_PROXY as a number of trusted proxies: a flag is none or one", () => {
    const hops = (value: string) => loadConfig({ TRUST_PROXY: value }).proxyHops;
    expect(loadConfig({}).proxyHops).toBe(0);
    expect([hops("false"), hops("0"), hops("off"), hops("true"), hops("TRUE"), hops("1")]).toEqual([
      0, 0, 0, 1, 1, 1,
    ]);
    expect(hops("2")).toBe(2);
    for (const bad of ["-1", "11", "1.5", "maybe"]) {
      expect(() => hops(bad)).toThrow(/TRUST_PROXY: must be true, false or a number of proxies/);
    }
  });

  it("runs one server process unless WEB_CONCURRENCY asks for more, on PostgreSQL only", () => {
    const pg = { DATABASE_URL: "postgres://db/app", AUTH_SECRET: "x".repeat(32) };
    expect(loadConfig({}).workers).toBe(1);
    expect(loadConfig({ ...pg, WEB_CONCURRENCY: "2" }).workers).toBe(2);
    expect(loadConfig({ ...pg, WEB_CONCURRENCY: "auto" }).workers).toBe(availableParallelism());
    expect(() => loadConfig({ WEB_CONCURRENCY: "2" })).toThrow(
      /WEB_CONCURRENCY: more than one server process needs DATABASE_URL/,
    );
    for (const bad of ["0", "65", "1.5", "many"]) {
      expect(() => loadConfig({ ...pg, WEB_CONCURRENCY: bad })).toThrow(
        /WEB_CONCURRENCY: must be a whole number from 1 to 64, or auto/,
      );
    }
  });

  describe("the AI model (AI_BASE_URL, AI_API_KEY, AI_MODEL, AI_TIMEOUT_MS)", () => {
    const ai = {
      AI_BASE_URL: "https://llm.example/v1/",
      AI_API_KEY: "sk-test",
      AI_MODEL: "reader-small",
    };

    it("has no model unless all three are set; AI_TIMEOUT_MS alone changes nothing", () => {
      expect(loadConfig({}).ai).toBeNull();
      expect(loadConfig({ AI_TIMEOUT_MS: "5000", AI_MODEL: " " }).ai).toBeNull();
    });

    it("reads all three, with a 20 s time limit by default and no trailing slash", () => {
      expect(loadConfig(ai).ai).toEqual({
        baseUrl: "https://llm.example/v1",
        apiKey: "sk-test",
        model: "reader-small",
        timeoutMs: 20_000,
      });
      expect(loadConfig({ ...ai, AI_BASE_URL: "http://127.0.0.1:11434/v1" }).ai?.baseUrl).toBe(
        "http://127.0.0.1:11434/v1",
      );
      expect(loadConfig({ ...ai, AI_TIMEOUT_MS: "1500" }).ai?.timeoutMs).toBe(1500);
    });

    it("names what is missing from a partial set", () => {
      const problems = (env: Record<string, string>) => {
        try {
          loadConfig(env);
        } catch (error) {
          if (error instanceof ConfigError) return error.problems.map((p) => p.split(":")[0]);
        }
        return [];
      };
      expect(problems({ AI_MODEL: "reader-small" })).toEqual(["AI_BASE_URL", "AI_API_KEY"]);
      expect(problems({ AI_BASE_URL: ai.AI_BASE_URL, AI_MODEL: ai.AI_MODEL })).toEqual([
        "AI_API_KEY",
      ]);
      expect(problems({ AI_BASE_URL: ai.AI_BASE_URL, AI_API_KEY: ai.AI_API_KEY })).toEqual([
        "AI_MODEL",
      ]);
      expect(() => loadConfig({ AI_API_KEY: "sk-test" })).toThrow(
        /AI_MODEL: required when AI_BASE_URL, AI_API_KEY or AI_MODEL is set \(set all three, or none\)/,
      );
    });

    it("takes only an http(s) URL and a sane time limit", () => {
      for (const bad of ["ftp://llm.example/v1", "llm.example/v1", "file:///tmp/model"]) {
        expect(() => loadConfig({ ...ai, AI_BASE_URL: bad })).toThrow(
          /AI_BASE_URL: must be an absolute http\(s\) URL/,
        );
      }
      for (const bad of ["0", "fast", "1.5", "9999999"]) {
        expect(() => loadConfig({ ...ai, AI_TIMEOUT_MS: bad })).toThrow(/AI_TIMEOUT_MS:/);
      }
    });

    it("gives the assistant a token budget per answer and per agent per day", () => {
      expect(loadConfig({}).assistantBudget).toEqual({
        answerMaxTokens: 1_500,
        dailyTokensPerAgent: 200_000,
      });
      expect(
        loadConfig({ AI_ANSWER_MAX_TOKENS: "800", AI_DAILY_TOKENS_PER_AGENT: "0" }).assistantBudget,
      ).toEqual({ answerMaxTokens: 800, dailyTokensPerAgent: 0 });
      for (const bad of ["10", "many", "2.5"]) {
        expect(() => loadConfig({ AI_ANSWER_MAX_TOKENS: bad })).toThrow(/AI_ANSWER_MAX_TOKENS:/);
      }
      expect(() => loadConfig({ AI_DAILY_TOKENS_PER_AGENT: "-1" })).toThrow(
        /AI_DAILY_TOKENS_PER_AGENT:/,
      );
    });
  });
});
