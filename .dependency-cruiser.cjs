// The rules of the house (docs: /work/shared/design.md "Layout (the house)"), checked by
// `npm run lint`. tests/lint/dependency-rules.test.ts breaks each rule on purpose and expects it
// to be reported, so a rule that silently stops matching fails a test.

/** Areas: a folder of services, queries and pure logic; others use one only through its index.ts. */
const AREAS = [
  "accounts",
  "catalog",
  "site",
  "notifications",
  "dashboard",
  "deals",
  "customers",
  "quotes",
  "bills",
  "assistant",
  "reports",
].join("|");

/** Folders that hold services: the areas and the platform below them. */
const SERVICES = `${AREAS}|platform`;

/** React Router's route modules: the route table's files and the root route. */
const ROUTE_MODULES = ["^app/routes/", "^app/root[.]tsx$"];

/** React and React Router, resolved into node_modules or (if ever unresolved) by name. */
const UI_PACKAGES = [
  "(^|/)node_modules/(react|react-dom|react-router)/",
  "(^|/)node_modules/@react-router/",
  "^(react|react-dom|react-router)(/|$)",
  "^@react-router/",
];

/** The folders whose imports must not climb. */
const TOP = "app|server|tests|scripts|bench";

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: "no-cycle",
      severity: "error",
      comment: "No import cycles, type-only imports included: they still tie the modules together.",
      from: {},
      to: { circular: true },
    },
    {
      name: "client-imports-server",
      severity: "error",
      comment:
        "Client code (components, stores, lib) never imports server/. Route modules may: React " +
        "Router strips their loaders, actions and middleware (and those imports) from the client " +
        "bundle. Server-only modules (*.server.ts(x), entry.server.tsx) never reach the browser.",
      from: {
        path: "^app/",
        pathNot: [...ROUTE_MODULES, "[.]server[.]tsx?$"],
      },
      to: { path: "^server/" },
    },
    {
      name: "route-imports-db",
      severity: "error",
      comment:
        "Routes call area services (#server/<area>/…); the database and SQL stay behind them.",
      from: { path: ROUTE_MODULES },
      to: { path: "^server/db/" },
    },
    {
      name: "service-imports-ui",
      severity: "error",
      comment: "A service is fn(ctx, input): it knows nothing of React or React Router.",
      from: { path: `^server/(${SERVICES})/` },
      to: { path: UI_PACKAGES },
    },
    {
      name: "service-imports-web",
      severity: "error",
      comment:
        "A service knows no request or HTTP status: server/web (React Router glue) and " +
        "server/http (Hono) call services, never the other way.",
      from: { path: `^server/(${SERVICES})/` },
      to: { path: "^server/(web|http)/" },
    },
    {
      name: "area-internals",
      severity: "error",
      comment:
        "An area uses another area only through its door, server/<area>/index.ts. Lower layers " +
        "(platform, db, auth) may be used freely.",
      from: { path: `^server/(${AREAS})/` },
      to: {
        path: `^server/(${AREAS})/`,
        pathNot: ["^server/$1/", "^server/[^/]+/index[.]ts$"],
      },
    },
    {
      name: "lower-layer-imports-area",
      severity: "error",
      comment:
        "platform and db sit below the areas: they must not depend on them. The demo seed is the " +
        "exception: it writes its book of business through an area's own insert (saved quotes " +
        "priced by the quote engine), so the demo shows what the product would store.",
      from: { path: "^server/(platform|db)/", pathNot: "^server/db/seed/" },
      to: { path: `^server/(${AREAS})/` },
    },
    {
      name: "no-parent-import",
      severity: "error",
      comment:
        "No `../` climbing: an import that leaves its folder goes through #app/… or #server/… " +
        "(Node subpath imports in package.json). A relative import that resolves outside the " +
        "importing file's folder is one that climbed.",
      from: { path: `^(${TOP}|(?:${TOP})/.+)/[^/]+$` },
      to: {
        dependencyTypes: ["local"],
        dependencyTypesNot: ["aliased", "aliased-subpath-import", "aliased-tsconfig-paths"],
        pathNot: "^$1/",
      },
    },
    {
      name: "alias-unresolved",
      severity: "error",
      comment:
        "An #app/ or #server/ import that does not resolve would also escape every rule above.",
      from: {},
      to: { couldNotResolve: true, path: "^#" },
    },
  ],
  options: {
    // TypeScript 7 has no JavaScript API for dependency-cruiser's tsc parser; swc reads TS/TSX
    // and always reports type-only imports (so they count in cycles). tsPreCompilationDeps would
    // ask for the tsc parser again, hence left out.
    parser: "swc",
    doNotFollow: { path: "(^|/)node_modules/" },
    // The aliases are Node subpath imports ("imports" in package.json), which enhanced-resolve
    // reads by default; node_modules packages resolve through their "exports" like Node does.
    enhancedResolveOptions: {
      exportsFields: ["exports"],
      conditionNames: ["import", "require", "node", "default", "types"],
    },
    reporterOptions: { text: { highlightFocused: true } },
  },
};
