import { defineConfig } from "vitest/config";

// Kept apart from vite.config.ts: tests need neither React Router's build plugin nor Tailwind.
export default defineConfig({
  test: {
    setupFiles: ["./tests/setup/fail-on-console.ts"],
    projects: [
      {
        extends: true,
        test: {
          name: "unit",
          include: [
            "app/**/*.test.{ts,tsx}",
            "server/**/*.test.ts",
            "scripts/**/*.test.ts",
            // The rules of the house (dependency-cruiser, the client-bundle guard) on fixtures.
            "tests/lint/**/*.test.ts",
          ],
        },
      },
      {
        extends: true,
        test: {
          name: "integration",
          include: ["tests/integration/**/*.test.ts"],
          // Each file starts its own database (PGlite in memory, or a fresh PostgreSQL database),
          // copied from a template migrated once per run; page servers share one Vite compiler.
          globalSetup: ["./tests/integration/global-setup.ts"],
          testTimeout: 30_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});
