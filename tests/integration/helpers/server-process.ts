import { type ChildProcess, execFileSync, spawn } from "node:child_process";

/** Builds the production app unless build/ already matches the sources (as `npm start` does). */
export function ensureProductionBuild() {
  execFileSync(process.execPath, ["scripts/ensure-build.ts"], { stdio: "pipe" });
}

export type ServerProcess = {
  /** http://127.0.0.1:PORT, the server itself, past any proxy. */
  url: string;
  /** What it printed so far, for a failure's message. */
  output(): string;
  close(): Promise<void>;
};

/**
 * The production server (`build/server/index.js`) as its own process on 127.0.0.1:`port`, with
 * `env` over this process's environment; resolves once GET /readyz answers 200.
 */
export async function startServerProcess(options: {
  port: number;
  env: Record<string, string>;
}): Promise<ServerProcess> {
  const child: ChildProcess = spawn(process.execPath, ["build/server/index.js"], {
    env: {
      ...process.env,
      NODE_ENV: "production",
      HOST: "127.0.0.1",
      PORT: String(options.port),
      ...options.env,
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let printed = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    printed += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    printed += chunk.toString();
  });
  const url = `http://127.0.0.1:${options.port}`;
  const server: ServerProcess = {
    url,
    output: () => printed,
    close: async () => {
      if (child.exitCode !== null || child.signalCode !== null) return;
      const exited = new Promise((resolve) => child.once("exit", resolve));
      child.kill("SIGTERM");
      await exited;
    },
  };
  for (let waited = 0; waited < 60_000; waited += 100) {
    if (child.exitCode !== null) break;
    const ready = await fetch(`${url}/readyz`).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) return server;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  await server.close();
  throw new Error(`the server on port ${options.port} did not become ready:\n${printed}`);
}
