// Fills certified_devices with N generated devices for benchmarks, on the configured database
// (DATABASE_URL, else the embedded one under DATA_DIR).
//   node scripts/generate-devices.ts --count 100000 [--replace]
// --replace empties the table first, so it then holds exactly N rows.
import { parseArgs } from "node:util";
import { z } from "zod";
import { openDatabase } from "#server/db/client.ts";
import { certifiedDevices } from "#server/db/schema/index.ts";
import { generateDevices } from "#server/db/seed/data/devices.ts";
import { loadConfig } from "#server/platform/config.ts";
import { databaseTargetFor } from "#server/runtime.server.ts";

const { values } = parseArgs({
  options: { count: { type: "string" }, replace: { type: "boolean", default: false } },
});
const count = z.coerce.number().int().min(1).max(10_000_000).parse(values.count);

// 9 columns a row: 5,000 rows stay well under PostgreSQL's 65,535 bind parameters.
const BATCH = 5_000;

const database = await openDatabase(databaseTargetFor(loadConfig()));
await database.migrate();
const started = performance.now();
if (values.replace) await database.db.delete(certifiedDevices);
const devices = generateDevices(count);
for (let i = 0; i < devices.length; i += BATCH) {
  await database.db.insert(certifiedDevices).values(devices.slice(i, i + BATCH));
  if ((i / BATCH) % 20 === 19) process.stdout.write(`  ${i + BATCH} rows…\n`);
}
// As autovacuum would soon after a bulk load: fresh statistics and a visibility map for counts.
await database.db.execute("vacuum analyze certified_devices");
const total = await database.db.$count(certifiedDevices);
await database.close();
process.stdout.write(
  `Inserted ${count} devices in ${((performance.now() - started) / 1000).toFixed(1)} s; the table now holds ${total}.\n`,
);
