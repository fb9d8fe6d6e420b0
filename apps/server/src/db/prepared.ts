// The hot reads, built once per database. Drizzle builds a query's SQL text anew on every call,
// which was 8 % of the server's thread under load (docs/proof.md, load): the token check runs on
// every request and the lobby's reads on most. A statement prepared here runs on the database it
// was built on, never inside a transaction, so the repositories take a Db for these, not a Runner.
import type { Db } from './client';

/** `build`'s prepared statement for each database it is asked for, built on first use. */
export function preparedOn<T>(build: (db: Db) => T): (db: Db) => T {
  const built = new WeakMap<Db, T>();
  return (db) => {
    let statement = built.get(db);
    if (statement === undefined) {
      statement = build(db);
      built.set(db, statement);
    }
    return statement;
  };
}
