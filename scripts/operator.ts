// `npm run operator -- grant <email>`, `revoke <email>` or `list`: platform operators (decision
// 0011) are granted here, on the machine, never through the web. Reads the same environment as
// the server (DATABASE_URL or the embedded database in DATA_DIR). The embedded database allows one
// process at a time: stop the server first, or use PLATFORM_OPERATORS instead.

import {
  grantPlatformOperator,
  listPlatformOperators,
  type OperatorAccount,
  revokePlatformOperator,
} from "#server/accounts/index.ts";
import { ConfigError, loadConfig } from "#server/platform/config.ts";
import { createRuntime, serviceContext } from "#server/runtime.server.ts";

const USAGE = [
  "Usage:",
  "  npm run operator -- grant <email>    make the account with this email a platform operator",
  "  npm run operator -- revoke <email>   take that back",
  "  npm run operator -- list             every operator, and why they are one",
].join("\n");

function describe(account: OperatorAccount): string {
  const why = [account.granted ? "granted" : "", account.byConfig ? "configured" : ""]
    .filter(Boolean)
    .join(", ");
  return `${account.email} (${account.username ?? "no username"}, ${account.company ?? "no company"}): ${why || "not an operator"}`;
}

async function main(args: string[]): Promise<number> {
  const [command, email] = args;
  const needsEmail = command === "grant" || command === "revoke";
  if (!(needsEmail && email) && command !== "list") {
    process.stderr.write(`${USAGE}\n`);
    return 2;
  }
  const config = loadConfig();
  // Demo data is seeded by the server or `npm run db:seed`, never as a side effect of this.
  const runtime = await createRuntime({ ...config, demoMode: false, logLevel: "warn" });
  try {
    // Demo mode still decides who counts as an operator, as in the running server.
    const ctx = { ...serviceContext(runtime), config };
    if (command === "list") {
      const operators = await listPlatformOperators(ctx);
      if (operators.length === 0) process.stdout.write("No platform operators.\n");
      for (const account of operators) process.stdout.write(`${describe(account)}\n`);
      return 0;
    }
    const address = email ?? "";
    const outcome =
      command === "grant"
        ? await grantPlatformOperator(ctx, { email: address })
        : await revokePlatformOperator(ctx, { email: address });
    if (!outcome.ok) {
      process.stderr.write(`${outcome.message}\n`);
      return 1;
    }
    process.stdout.write(`${describe(outcome.value)}\n`);
    if (command === "revoke" && outcome.value.byConfig) {
      process.stdout.write(
        "Still an operator: PLATFORM_OPERATORS names this address (or it is the demo admin in demo mode).\n",
      );
    }
    // Servers that already know the account learn of the change within their session cache's lifetime.
    process.stdout.write("Running servers apply it within 5 seconds.\n");
    return 0;
  } finally {
    await runtime.close();
  }
}

try {
  process.exitCode = await main(process.argv.slice(2));
} catch (error) {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exitCode = 1;
}
