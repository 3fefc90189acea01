import { type Placeholder, type SQL, sql } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import type { Database } from "./client.ts";

/**
 * A query built once per database rather than on every call: drizzle's `prepare()` keeps the SQL
 * text and the row mapping, and node-postgres prepares the named statement once per connection,
 * so PostgreSQL parses and plans it once too. For the statements hot paths run on every request,
 * where building the SQL cost more of our CPU than running it.
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

const dialect = new PgDialect();

/**
 * A raw statement (`sql` with `sql.placeholder(name)` where its values go) prepared as `name`,
 * the way `.prepare(name)` prepares a query builder's; `execute({ name: value, … })` runs it and
 * answers the driver's result (`rows`).
 */
export function preparedStatement(name: string, build: (db: Database) => SQL) {
  return preparedPerDatabase((db) =>
    db._.session.prepareQuery(dialect.sqlToQuery(build(db)), undefined, name, false),
  );
}

/** The acting user of a statement prepared once for everyone: filled in by `ownerValues`. */
export type PreparedOwner = { id: Placeholder; companyId: Placeholder };

export const preparedOwner = (): PreparedOwner => ({
  id: sql.placeholder("ownerId"),
  companyId: sql.placeholder("ownerCompanyId"),
});

export const ownerValues = (user: { id: string; companyId: string }) => ({
  ownerId: user.id,
  ownerCompanyId: user.companyId,
});
