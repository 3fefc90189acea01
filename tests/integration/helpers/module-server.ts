import { createServer as createHttpServer, type IncomingMessage } from "node:http";
import { createServer, type ViteDevServer } from "vite";

/**
 * One Vite dev server for the whole run, in the test runner's own process, that compiles the app's
 * modules for the page servers of every test file (decision 0030). Each file still evaluates the
 * modules afresh in its own process (a ModuleRunner over this transport, see pages.ts), but the
 * compiling, which took several seconds per file, happens once. Vite starts on the first request,
 * so a run without page tests does not pay for it. Listens on 127.0.0.1, on a port of the
 * system's choosing.
 */
export async function startModuleServer(): Promise<{ url: string; close(): Promise<void> }> {
  let vite: Promise<ViteDevServer> | undefined;
  const startVite = () =>
    createServer({
      configFile: "vite.config.ts",
      logLevel: "silent",
      appType: "custom",
      // Nothing edits the sources during a run: no watcher, no HMR.
      server: { middlewareMode: true, hmr: false, ws: false, watch: null },
    });

  const http = createHttpServer((req, res) => {
    void (async () => {
      vite ??= startVite();
      const ssr = (await vite).environments.ssr;
      const answer = await ssr.hot.handleInvoke(JSON.parse(await readBody(req)));
      res.writeHead(200, { "content-type": "application/json" });
      res.end(serialize(answer));
    })().catch((error: unknown) => {
      res.writeHead(500, { "content-type": "text/plain" });
      res.end(error instanceof Error ? (error.stack ?? error.message) : String(error));
    });
  });
  await new Promise<void>((resolve) => http.listen(0, "127.0.0.1", resolve));
  const address = http.address();
  if (typeof address !== "object" || address === null) throw new Error("no module server port");
  return {
    url: `http://127.0.0.1:${address.port}`,
    close: async () => {
      await new Promise<void>((done) => http.close(() => done()));
      if (vite) await (await vite).close();
    },
  };
}

function readBody(req: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = "";
    req.setEncoding("utf8");
    req.on("data", (chunk: string) => {
      body += chunk;
    });
    req.on("end", () => resolve(body));
    req.on("error", reject);
  });
}

/** An invocation's answer; a compile error may carry things JSON cannot hold (a plugin object). */
function serialize(answer: { result: unknown } | { error: unknown }): string {
  try {
    return JSON.stringify(answer);
  } catch {
    if ("result" in answer) throw new Error("a module runner's result is not JSON");
    const error = answer.error;
    const pick = (key: string) =>
      typeof error === "object" && error !== null ? String(Reflect.get(error, key)) : String(error);
    return JSON.stringify({
      error: { name: pick("name"), message: pick("message"), stack: pick("stack") },
    });
  }
}
