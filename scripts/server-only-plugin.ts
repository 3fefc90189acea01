import { join, relative, sep } from "node:path";
import type { Plugin } from "vite";

/**
 * Server code never reaches the browser. React Router strips loaders, actions and middleware (and
 * the imports only they use) from route modules before the client build resolves those imports,
 * so a module under server/ resolved for the client means a component or client helper imports
 * it: the build stops and names the importer. Server environments (SSR) are left alone.
 */
export function serverOnly(): Plugin {
  let serverDir = "";
  let root = "";
  return {
    name: "carrierline:server-only",
    applyToEnvironment: (environment) => environment.config.consumer === "client",
    configResolved(config) {
      root = config.root;
      serverDir = `${join(config.root, "server")}${sep}`;
    },
    resolveId: {
      // First, so every import the client build resolves passes here whoever resolves it.
      order: "pre",
      async handler(source, importer, options) {
        const resolved = await this.resolve(source, importer, { ...options, skipSelf: true });
        if (resolved && !resolved.external && resolved.id.startsWith(serverDir)) {
          const by = importer ? relative(root, importer) : "the entry";
          this.error(
            `${relative(root, resolved.id)} is server code and ${by} imports it into the client ` +
              "bundle. Call it from a loader or action, or move what the browser needs to app/lib/.",
          );
        }
        return resolved;
      },
    },
  };
}
