import type { Executor } from './client';

/**
 * A read that runs on every request of a hot route (the session behind a cookie, the profile, the points), built
 * once per database or transaction instead of on every call: drizzle assembles its SQL once, and on PostgreSQL the
 * named statement is parsed and planned once per connection. Its values are `sql.placeholder(…)`s given to
 * `execute`; a statement's name must be unique and always stand for the same SQL.
 */
export function preparedRead<P>(build: (db: Executor) => P): (db: Executor) => P {
  const byExecutor = new WeakMap<Executor, P>();
  return (db) => {
    let statement = byExecutor.get(db);
    if (!statement) byExecutor.set(db, (statement = build(db)));
    return statement;
  };
}
