import type { Database } from "./client.ts";

/**
 * A query built once per database rather than on every call: drizzle's `prepare()` keeps the SQL
 * text and the row mapping, and node-postgres prepares the named statement once per connection.
 * For the statements every request runs, where building the SQL cost more than running it.
 */
export function preparedPerDatabase<Query>(
  build: (db: Database) => Query,
): (db: Database) => Query {
  const built = new WeakMap<Database, Query>();
  return (db) => {
    let query = built.get(db);
    if (query === undefined) {
      query = build(db);
      built.set(db, query);
    }
    return query;
  };
}
