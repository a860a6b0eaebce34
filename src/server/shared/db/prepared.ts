import type { Db } from './database.ts';

/**
 * A statement built and prepared once per database handle (named statements are planned once per
 * connection): for the statements every request of a hot route runs, where building and planning
 * cost more than running them. A transaction is a handle of its own and prepares its own.
 */
export function preparedPerDb<T>(prepare: (db: Db) => T): (db: Db) => T {
  const statements = new WeakMap<Db, T>();
  return (db) => {
    let statement = statements.get(db);
    if (!statement) statements.set(db, (statement = prepare(db)));
    return statement;
  };
}
