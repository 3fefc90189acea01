import type { TestProject } from "vitest/node";
import { createDatabaseTemplate } from "./helpers/database-template.ts";
import { startModuleServer } from "./helpers/module-server.ts";

/**
 * Once per integration run, before any file (decision 0030): the migrated database every file's
 * own database is copied from, and the one Vite compiler the files' page servers share.
 */
export default async function setup(project: TestProject) {
  const database = await createDatabaseTemplate(process.env.TEST_DATABASE_URL);
  project.provide("databaseTemplate", database.template);
  const modules = await startModuleServer();
  project.provide("moduleServerUrl", modules.url);
  return async () => {
    await modules.close();
    await database.dispose();
  };
}
