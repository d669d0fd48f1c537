import { sql, type Column, type SQL } from 'drizzle-orm';

/**
 * `json_build_object('key', value, …)` from an object of columns and expressions: a read that comes inside another
 * statement (a scalar subquery, the session's statement) carries its row as one JSON value. The keys are the code's
 * own constants, written into the SQL.
 */
export const jsonObject = (fields: Record<string, SQL | Column>): SQL =>
  sql.join([sql`json_build_object(`, sql.join(Object.entries(fields).map(([key, value]) => sql`${sql.raw(`'${key}'`)}, ${value}`), sql`, `), sql`)`]);
