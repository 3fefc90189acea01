// `npm run db:seed`: migrates the configured database and adds whatever demo data is missing.

import { seedDemoData } from "#server/db/seed/index.ts";
import { ConfigError, loadConfig } from "#server/platform/config.ts";
import { createRuntime } from "#server/runtime.server.ts";

try {
  const config = loadConfig();
  // Seeding is asked for explicitly here, so the runtime must not also seed on its own.
  const runtime = await createRuntime({ ...config, demoMode: false });
  const result = await seedDemoData({
    db: runtime.database.db,
    auth: runtime.auth,
    storage: runtime.storage,
    config,
    logger: runtime.logger,
  });
  await runtime.close();
  process.stdout.write(
    `Demo data is in place (company ${result.companyId}, ${runtime.database.driver}).\n`,
  );
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
}
