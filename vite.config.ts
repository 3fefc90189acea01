import { getRequestListener } from "@hono/node-server";
import { reactRouter } from "@react-router/dev/vite";
import tailwindcss from "@tailwindcss/vite";
import { defineConfig, isRunnableDevEnvironment, type Plugin } from "vite";
import { serverOnly } from "./scripts/server-only-plugin.ts";

const SERVER_PATHS = /^\/(api\/|healthz$|readyz$)/;

/** `react-router dev` serves pages only; this forwards the Hono app's paths to it in development. */
function devApi(): Plugin {
  return {
    name: "carrierline:dev-api",
    apply: "serve",
    configureServer(server) {
      const listener = getRequestListener(async (request) => {
        const ssr = server.environments.ssr;
        if (!isRunnableDevEnvironment(ssr)) throw new Error("SSR environment is not runnable");
        const mod: { devFetch: (r: Request) => Promise<Response> } =
          await ssr.runner.import("/server/http/dev-api.ts");
        return mod.devFetch(request);
      });
      server.middlewares.use((req, res, next) => {
        const path = (req.url ?? "").split("?")[0] ?? "";
        if (!SERVER_PATHS.test(path)) return next();
        listener(req, res).catch(next);
      });
    },
  };
}

/**
 * React Router names every entry of the server build `index.js` (the second `index2.js`); the bill
 * reader's entry keeps its own name, which `server/bills/read-isolated.ts` looks for.
 */
function billReaderEntryName(): Plugin {
  return {
    name: "carrierline:bill-reader-entry",
    enforce: "post",
    configEnvironment(name, config) {
      if (name !== "ssr") return;
      const output = config.build?.rollupOptions?.output;
      if (!output || Array.isArray(output)) return;
      const named = output.entryFileNames;
      output.entryFileNames = (chunk) =>
        chunk.name === "bill-reader"
          ? "bill-reader.js"
          : typeof named === "function"
            ? named(chunk)
            : (named ?? "index.js");
    },
  };
}

/**
 * The browser's chunks (docs/decisions/0015). Left to itself the bundler cut the landing page's
 * script into 28 files, a dozen of them under 1 KB, and gzip compresses each file on its own:
 * the framework and the public site's shell, grouped, cost the landing page 7 KB less.
 */
const CLIENT_CHUNKS = [
  {
    // React, React DOM and React Router: every page needs them, and they change only on upgrades.
    name: "framework",
    test: /node_modules[\\/](react|react-dom|react-router|@react-router|scheduler|turbo-stream|cookie|set-cookie-parser)[\\/]/,
    priority: 2,
  },
  {
    // What every page of both the public site and the portal draws, from the root down: the brand,
    // the theme toggle and store, the not-found view, buttons, the toast store, the icon component
    // (decision 0034 moved them out of site-shell, which the portal does not need).
    name: "ui-core",
    test: new RegExp(
      [
        String.raw`app[\\/]components[\\/](Brand|ThemeToggle|NotFound)\.`,
        String.raw`app[\\/]components[\\/]ui[\\/](button|icon|toast|toast-store|modal|sheet|opened-once)\.`,
        String.raw`app[\\/]stores[\\/]theme\.`,
        String.raw`app[\\/]lib[\\/](theme|csp-client|nonce)\.`,
      ].join("|"),
    ),
  },
  {
    // zod on its own: left to the bundler, it shared a chunk with the form fields, so a page that
    // draws a field but checks nothing in the browser (the dashboard's check-in dialog) loaded it.
    name: "zod",
    test: /node_modules[\\/]zod[\\/]/,
    priority: 1,
  },
  {
    // What every public page draws around its content: frame, header, footer, sections, the
    // sign-up button and its store.
    name: "site-shell",
    test: new RegExp(
      [
        String.raw`app[\\/]components[\\/]site[\\/](SiteFrame|SiteHeader|SiteFooter|SignedIn|Section|SignupButton)\.`,
        String.raw`app[\\/]stores[\\/]signup-modal\.`,
        String.raw`app[\\/]lib[\\/]seo\.`,
      ].join("|"),
    ),
  },
];

/**
 * Calls the browser build may drop when their result is unused (decision 0034): zod's builders and
 * the shared schemas' own helpers (app/lib/schemas/text.ts, fields.ts and sort.ts). A page that imports a
 * constant or a function from a schema module then does not load zod for the schemas beside it
 * that it never runs; a page that validates a form still gets zod with the schema it uses. Chains
 * count too: `text().trim().max(80)` is dropped whole. A new schema-building helper belongs here.
 */
const SCHEMA_BUILDERS = [
  "z",
  "text",
  "optionalText",
  "requiredText",
  "countNumber",
  "countField",
  "moneyField",
  "optionalDate",
  "optionalWebsite",
  "requiredWebsite",
  "optionalEmail",
  "requiredEmail",
  "recordId",
  "optionalRecordId",
  "optionalPhone",
  "sortFields",
  "filterChoice",
  "searchText",
  "pageNumber",
];

/** The shared schemas' modules (app/lib/schemas), which define and export, and do nothing else. */
const SCHEMA_MODULE = /app[\\/]lib[\\/]schemas[\\/][^\\/]+\.ts$/;

/**
 * Packages the server build leaves in node_modules (docs/decisions/0029): native addons, and
 * packages that find their own files (WebAssembly, workers, fonts, trained data) beside their
 * modules. Everything else is bundled into one file, so a start resolves a few modules instead
 * of thousands.
 */
const SERVER_EXTERNAL = [
  "@electric-sql/pglite",
  "@napi-rs/canvas",
  "tesseract.js",
  "@tesseract.js-data/eng",
  "unpdf",
  "pdfkit",
  "dejavu-fonts-ttf",
  "pino",
  "pg",
  "nodemailer",
];

export default defineConfig(({ command }) => ({
  plugins: [serverOnly(), devApi(), tailwindcss(), reactRouter(), billReaderEntryName()],
  resolve: { tsconfigPaths: true },
  environments: {
    client: {
      build: {
        // CLIENT_SOURCEMAP=1 npm run build: to see what each chunk holds.
        sourcemap: Boolean(process.env.CLIENT_SOURCEMAP),
        rolldownOptions: {
          treeshake: {
            manualPureFunctions: SCHEMA_BUILDERS,
            // A schema module only defines schemas. The bundler cannot see that a chained schema
            // (`text().optional().catch(…)`) has no effect, so a page that imports a constant from
            // a module beside one still ran the module, and loaded zod (decision 0034, addendum).
            moduleSideEffects: (id) => (SCHEMA_MODULE.test(id) ? false : undefined),
          },
          output: { codeSplitting: { groups: CLIENT_CHUNKS } },
        },
      },
    },
    ssr: {
      // Only the build bundles: the dev server loads packages as they are, for fast restarts.
      resolve: command === "build" ? { noExternal: true, external: SERVER_EXTERNAL } : {},
      build: {
        // SERVER_SOURCEMAP=1 npm run build: to read a CPU profile of the one-file build by source.
        sourcemap: Boolean(process.env.SERVER_SOURCEMAP),
        // React Router 8 builds through Vite's environment API; our Hono server wraps its build.
        // The bill reader's child process (decision 0044) is a second entry, `bill-reader.js`
        // beside `index.js`, which `server/bills/read-isolated.ts` finds from its own path.
        rolldownOptions: {
          input: { index: "./server/main.ts", "bill-reader": "./server/bills/read-child.ts" },
        },
      },
    },
  },
}));
