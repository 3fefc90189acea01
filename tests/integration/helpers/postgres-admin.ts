import pg from "pg";

/** Drops a test database, cutting off any connection a test left open. */
export function dropDatabase(serverUrl: string, name: string): Promise<void> {
  return withAdmin(serverUrl, async (admin) => {
    await admin.query(`drop database if exists "${name}" with (force)`);
  });
}

/** One short connection to the test server's maintenance database, always closed. */
export async function withAdmin<T>(serverUrl: string, run: (client: pg.Client) => Promise<T>) {
  const admin = new pg.Client({ connectionString: serverUrl });
  // The server may end this connection itself (a drop with force, a restart): heard, not thrown.
  admin.on("error", () => undefined);
  await admin.connect();
  try {
    return await run(admin);
  } finally {
    await admin.end();
  }
}
