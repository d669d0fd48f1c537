import fs from 'node:fs';
import path from 'node:path';
import type { PgDatabase, PgQueryResultHKT, PgTransaction } from 'drizzle-orm/pg-core';
import type { ExtractTablesWithRelations } from 'drizzle-orm';
import * as schema from './schema/index';

export type Schema = typeof schema;
export type Db = PgDatabase<PgQueryResultHKT, Schema>;
export type Tx = PgTransaction<PgQueryResultHKT, Schema, ExtractTablesWithRelations<Schema>>;
/** Anything a repository can run a query on: the database or an open transaction. */
export type Executor = Db | Tx;

export interface Database {
  db: Db;
  kind: 'pglite' | 'postgres';
  close(): Promise<void>;
  /** The raw pg Pool when on PostgreSQL (the socket.io adapter needs it). */
  pool?: import('pg').Pool;
}

/** PGlite under dataDir by default; node-postgres when a DATABASE_URL is given. */
export async function openDatabase(opts: { dataDir: string; databaseUrl?: string; image?: Blob }): Promise<Database> {
  if (opts.databaseUrl) {
    const { Pool } = await import('pg');
    const { drizzle } = await import('drizzle-orm/node-postgres');
    const pool = new Pool({ connectionString: opts.databaseUrl, max: Number(process.env.PG_POOL_SIZE ?? 10) });
    // A dropped connection must fail the request that used it, not crash the process: idle clients report
    // through the pool, checked-out ones (the realtime adapter's LISTEN client) through their own 'error'.
    pool.on('error', () => {});
    pool.on('connect', (client) => client.on('error', () => {}));
    const db = drizzle(pool, { schema }) as unknown as Db;
    // pool.end() waits for every checked-out client; one killed under its borrower (the realtime adapter's
    // LISTEN client after a dropped connection) is never given back, so shutdown does not wait forever for it.
    const close = () => Promise.race([pool.end(), new Promise<void>((r) => setTimeout(r, 3000).unref())]);
    return { db, kind: 'postgres', pool, close };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { drizzle } = await import('drizzle-orm/pglite');
  let client;
  if (opts.dataDir === 'memory://') {
    // An image is a dumped data directory (already migrated): loading one skips initdb, seconds per database.
    client = new PGlite(opts.image ? { loadDataDir: opts.image } : {});
  } else {
    fs.mkdirSync(path.dirname(opts.dataDir), { recursive: true });
    try {
      fs.mkdirSync(opts.dataDir, { recursive: true });
      fs.accessSync(opts.dataDir, fs.constants.W_OK);
    } catch (err) {
      throw new Error(`The data directory ${opts.dataDir} cannot be written (${(err as Error).message}). Set DATA_DIR to a writable folder.`);
    }
    client = new PGlite(opts.dataDir);
  }
  await client.waitReady;
  const db = drizzle(client, { schema }) as unknown as Db;
  return { db, kind: 'pglite', close: () => client.close() };
}
