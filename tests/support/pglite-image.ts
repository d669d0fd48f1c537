import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { drizzle } from 'drizzle-orm/pglite';
import type { Db } from '../../server/db/client';
import { migrate } from '../../server/db/migrate';

/** Where the workers find the image: set by the global set-up before any worker starts. */
export const PGLITE_IMAGE_ENV = 'MR_TEST_PGLITE_IMAGE';

/**
 * Vitest global set-up: one migrated PGlite database, dumped to a file every server test file loads instead of
 * running initdb and every migration again. Made anew each run, so a new migration is always in it.
 */
export default async function setup() {
  if (process.env.TEST_DATABASE_URL) return;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mr-pglite-'));
  const file = path.join(dir, 'migrated.tar');
  const client = new PGlite();
  await migrate({ db: drizzle(client) as unknown as Db, kind: 'pglite', close: () => client.close() });
  fs.writeFileSync(file, Buffer.from(await (await client.dumpDataDir('none')).arrayBuffer()));
  await client.close();
  process.env[PGLITE_IMAGE_ENV] = file;
  return () => fs.rmSync(dir, { recursive: true, force: true });
}
