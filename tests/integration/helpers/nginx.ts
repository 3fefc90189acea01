import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { connect } from "node:net";
import { tmpdir } from "node:os";
import { delimiter, join } from "node:path";

/** Debian's nginx (`apt-get install nginx`), or null when this machine has none. */
export function findNginx(): string | null {
  const dirs = [...(process.env.PATH ?? "").split(delimiter), "/usr/sbin", "/usr/local/sbin"];
  return dirs.map((dir) => join(dir, "nginx")).find((path) => existsSync(path)) ?? null;
}

/**
 * The top of an nginx.conf for one foreground process whose every file (pid, error log, temp
 * folders) sits under `dir`, opening the `http` block for the caller's own directives.
 */
export function nginxPrelude(dir: string, options: { workerConnections: number }): string {
  return `daemon off;
master_process off;
pid ${join(dir, "nginx.pid")};
error_log ${join(dir, "logs", "error.log")} warn;
events { worker_connections ${options.workerConnections}; }
http {
  access_log off;
  client_body_temp_path ${join(dir, "body")};
  proxy_temp_path ${join(dir, "proxy")};
  fastcgi_temp_path ${join(dir, "fastcgi")};
  uwsgi_temp_path ${join(dir, "uwsgi")};
  scgi_temp_path ${join(dir, "scgi")};`;
}

/** Whether openssl is on PATH, to make the test's certificate. */
export function hasOpenssl(): boolean {
  try {
    execFileSync("openssl", ["version"], { stdio: "ignore" });
    return true;
  } catch {
    return false;
  }
}

export type TlsProxy = {
  /** https://localhost:PORT: the public origin, as BASE_URL names it. */
  url: string;
  /** The self-signed certificate, for the client to trust. */
  ca: string;
  close(): Promise<void>;
};

const waitForPort = async (port: number, child: ChildProcess, log: string) => {
  for (let waited = 0; waited < 10_000; waited += 50) {
    if (child.exitCode !== null) break;
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, "127.0.0.1");
      socket.once("connect", () => resolve(socket.end() && true));
      socket.once("error", () => resolve(false));
    });
    if (open) return;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  const errors = existsSync(log) ? readFileSync(log, "utf8") : "";
  throw new Error(`nginx did not start on port ${port}:\n${errors}`);
};

/**
 * nginx terminating TLS on 127.0.0.1:`port` in front of `upstreams` (round robin), as a child
 * process with its own prefix, configuration and self-signed certificate in a temporary folder.
 * It sets X-Forwarded-For/-Proto/-Host the usual way, and X-Upstream on each answer says which
 * upstream served it.
 */
export async function startTlsProxy(options: {
  nginx: string;
  port: number;
  upstreams: string[];
}): Promise<TlsProxy> {
  const dir = mkdtempSync(join(tmpdir(), "carrierline-nginx-"));
  mkdirSync(join(dir, "logs"));
  const cert = join(dir, "cert.pem");
  const key = join(dir, "key.pem");
  execFileSync(
    "openssl",
    [
      ...["req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes"],
      ...["-keyout", key, "-out", cert, "-days", "1", "-subj", "/CN=localhost"],
      ...["-addext", "subjectAltName=DNS:localhost,IP:127.0.0.1"],
    ],
    { stdio: "ignore" },
  );
  const log = join(dir, "logs", "error.log");
  writeFileSync(
    join(dir, "nginx.conf"),
    `# One process in the foreground, everything under ${dir}: a child of the test, nothing more.
${nginxPrelude(dir, { workerConnections: 256 })}
  upstream carrierline {
${options.upstreams.map((u) => `    server ${u};`).join("\n")}
  }
  server {
    listen 127.0.0.1:${options.port} ssl;
    ssl_certificate ${cert};
    ssl_certificate_key ${key};
    location / {
      proxy_pass http://carrierline;
      proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
      proxy_set_header X-Forwarded-Proto $scheme;
      proxy_set_header X-Forwarded-Host $http_host;
      add_header X-Upstream $upstream_addr always;
    }
  }
}
`,
  );
  const child = spawn(options.nginx, ["-p", dir, "-c", join(dir, "nginx.conf"), "-e", log], {
    stdio: "ignore",
  });
  await waitForPort(options.port, child, log);
  return {
    url: `https://localhost:${options.port}`,
    ca: readFileSync(cert, "utf8"),
    close: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.once("exit", resolve));
        child.kill("SIGTERM");
        await exited;
      }
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
