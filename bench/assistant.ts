// The assistant's built-in engine over the question set (issue 17): the time from a question to
// its answer (the built-in engine writes the whole answer before the first piece streams, so
// this is the time to the first token), with the real tools on a seeded embedded database
// (PGlite, in this process), as the demo agent. Target: p95 <= 100 ms.
//
//   node bench/assistant.ts [--rounds 10]

import { mkdtempSync, rmSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { parseArgs } from "node:util";
import { eq } from "drizzle-orm";
import { z } from "zod";
import { assistantTools, builtInAnswer, type TurnState } from "#server/assistant/index.ts";
import { QUESTION_SET } from "#server/assistant/question-set.ts";
import { agent_users } from "#server/db/schema/index.ts";
import { loadConfig } from "#server/platform/config.ts";
import { withUser } from "#server/platform/context.ts";
import { createRuntime, serviceContext } from "#server/runtime.server.ts";

const { values } = parseArgs({ options: { rounds: { type: "string", default: "10" } } });
const rounds = z.coerce.number().int().positive().parse(values.rounds);
const at = (sorted: number[], p: number) =>
  sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? 0;

const dataDir = mkdtempSync(join(tmpdir(), "bench-assistant-"));
try {
  const runtime = await createRuntime(
    loadConfig({ DATA_DIR: dataDir, DEMO_MODE: "true", LOG_LEVEL: "warn" }),
  );
  const [demo] = await runtime.database.db
    .select()
    .from(agent_users)
    .where(eq(agent_users.username, "demo"));
  if (!demo?.companyId) throw new Error("no demo agent");
  const ctx = withUser(serviceContext(runtime), {
    id: demo.id,
    name: demo.name,
    username: demo.username ?? "demo",
    email: demo.email,
    role: demo.role,
    companyId: demo.companyId,
    company: demo.company,
    platformOperator: false,
  });
  const tools = assistantTools(ctx);
  const times: number[] = [];
  const before = loadavg()[0] ?? 0;
  for (let round = 0; round <= rounds; round++) {
    for (const c of QUESTION_SET) {
      let state: TurnState | null = null;
      for (const q of c.before ?? []) state = (await builtInAnswer(tools, q, state)).state ?? state;
      const started = performance.now();
      await builtInAnswer(c.gate ? { ...tools, company: null } : tools, c.q, state);
      // The first round warms the JIT and the database's caches.
      if (round > 0) times.push(performance.now() - started);
    }
  }
  times.sort((a, b) => a - b);
  process.stdout.write(
    `${QUESTION_SET.length} questions x ${rounds} rounds: p50 ${at(times, 50).toFixed(2)} ms, p95 ${at(times, 95).toFixed(2)} ms, max ${(times.at(-1) ?? 0).toFixed(2)} ms; load average ${before.toFixed(1)} -> ${(loadavg()[0] ?? 0).toFixed(1)}\n`,
  );
  await runtime.close();
} finally {
  rmSync(dataDir, { recursive: true, force: true });
}
