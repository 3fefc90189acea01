import { execFile, execFileSync, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import pg from "pg";
import { freePort } from "./free-port.ts";

/**
 * A PostgreSQL cluster of a test's own, from the installed binaries: initdb in a temporary
 * folder, its own port on 127.0.0.1, stopped, started, frozen and thawed at will, and removed
 * afterwards. For tests that take the database away from a running server (chaos-database).
 */
export type PostgresCluster = {
  port: number;
  /** A connection URL for `database` on this cluster. */
  url(database: string): string;
  createDatabase(name: string): Promise<void>;
  /** `pg_ctl stop -m fast`: connections are ended, new ones refused, until start(). */
  stop(): Promise<void>;
  start(): Promise<void>;
  /** SIGSTOP to the postmaster and every backend: connections stay open and nothing answers. */
  freeze(): void;
  thaw(): void;
  /** SIGSTOP or SIGCONT to one backend (by pg_backend_pid()). */
  signalBackend(pid: number, signal: "SIGSTOP" | "SIGCONT"): void;
  destroy(): void;
};

/** The folder with initdb, pg_ctl and postgres, newest version first; null when none is installed. */
export function findPostgresBin(): string | null {
  const root = "/usr/lib/postgresql";
  const versions = existsSync(root) ? readdirSync(root).sort((a, b) => Number(b) - Number(a)) : [];
  const dirs = [...versions.map((v) => join(root, v, "bin")), "/usr/local/bin", "/usr/bin"];
  return (
    dirs.find((dir) => ["initdb", "pg_ctl", "postgres"].every((b) => existsSync(join(dir, b)))) ??
    null
  );
}

/** initdb refuses to run as root: as root, the cluster belongs to the `postgres` user. */
function runner(): { wrap: (cmd: string, args: string[]) => [string, string[]]; owner?: number[] } {
  if (process.getuid?.() !== 0) return { wrap: (cmd, args) => [cmd, args] };
  const id = (flag: string) => Number(execFileSync("id", [flag, "postgres"], { encoding: "utf8" }));
  return {
    wrap: (cmd, args) => ["runuser", ["-u", "postgres", "--", cmd, ...args]],
    owner: [id("-u"), id("-g")],
  };
}

export async function startPostgresCluster(bin: string): Promise<PostgresCluster> {
  const { wrap, owner } = runner();
  const dir = mkdtempSync(join(tmpdir(), "carrierline-pg-"));
  const data = join(dir, "data");
  if (owner) chownSync(dir, owner[0] ?? 0, owner[1] ?? 0);
  // Asynchronous: the test's own clients keep sending (and timing) while pg_ctl waits.
  const run = async (cmd: string, args: string[]) => {
    const [file, argv] = wrap(join(bin, cmd), args);
    try {
      await promisify(execFile)(file, argv, { encoding: "utf8", timeout: 60_000 });
    } catch (error) {
      const output = Reflect.get(Object(error), "stderr") || Reflect.get(Object(error), "stdout");
      throw new Error(`${cmd} failed: ${String(output || error)}`);
    }
  };
  const port = await freePort();
  await run("initdb", [
    "-D",
    data,
    "-U",
    "postgres",
    "-A",
    "trust",
    "-E",
    "UTF8",
    "--locale=C",
    "--no-sync",
    "--no-instructions",
  ]);
  const options = [
    `-p ${port}`,
    `-k ${dir}`,
    "-c listen_addresses=127.0.0.1",
    // A test cluster: no flush to disk (a clean stop still writes everything out).
    "-c fsync=off",
  ].join(" ");
  const start = () =>
    run("pg_ctl", [
      "-D",
      data,
      "-l",
      join(dir, "postgres.log"),
      "-o",
      options,
      "-w",
      "-t",
      "60",
      "start",
    ]);
  await start();

  const postmaster = () =>
    Number(readFileSync(join(data, "postmaster.pid"), "utf8").split("\n")[0]);
  /** The postmaster's children (its backends and helper processes), from /proc. */
  const children = (parent: number) =>
    readdirSync("/proc")
      .filter((name) => /^\d+$/.test(name))
      .filter((pid) => {
        try {
          const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
          // "pid (comm) state ppid …": the command may hold spaces and parentheses.
          return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]) === parent;
        } catch {
          return false;
        }
      })
      .map(Number);
  let frozen: number[] = [];
  const signal = (pids: number[], sig: NodeJS.Signals) => {
    for (const pid of pids) {
      try {
        process.kill(pid, sig);
      } catch {
        // Gone already (a backend whose client left): nothing to freeze or thaw.
      }
    }
  };

  const url = (database: string) => `postgres://postgres@127.0.0.1:${port}/${database}`;
  return {
    port,
    url,
    async createDatabase(name) {
      const client = new pg.Client({ connectionString: url("postgres") });
      client.on("error", () => undefined);
      await client.connect();
      try {
        await client.query(`create database "${name}"`);
      } finally {
        await client.end();
      }
    },
    stop: () => run("pg_ctl", ["-D", data, "-m", "fast", "-w", "-t", "60", "stop"]),
    start,
    freeze() {
      const pm = postmaster();
      // The postmaster first, so it forks no new backend while the others are being stopped.
      frozen = [pm];
      signal([pm], "SIGSTOP");
      const backends = children(pm);
      signal(backends, "SIGSTOP");
      frozen.push(...backends);
    },
    thaw() {
      signal([...frozen].reverse(), "SIGCONT");
      frozen = [];
    },
    signalBackend: (pid, sig) => signal([pid], sig),
    destroy() {
      if (frozen.length > 0) signal(frozen, "SIGCONT");
      spawnSync(...wrap(join(bin, "pg_ctl"), ["-D", data, "-m", "immediate", "-w", "stop"]), {
        timeout: 30_000,
      });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
