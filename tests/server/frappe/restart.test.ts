import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { testConfig } from '../../../server/config';
import { openDatabase } from '../../../server/db/client';
import { migrate } from '../../../server/db/migrate';
import { seedIfEmpty } from '../../../server/seed/index';

describe.skipIf(Boolean(process.env.TEST_DATABASE_URL))('restart on the embedded database', () => {
  it('keeps data and does not seed twice', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mr-restart-'));
    const config = testConfig({ dataDir: path.join(dir, 'db'), seedDemo: true, seed: { adminPassword: 'a-password', staffPassword: 's-password' } });
    const counts = async () => {
      const database = await openDatabase(config);
      await migrate(database);
      const seeded = await seedIfEmpty(database.db, config);
      const rows = await database.db.execute(sql`select (select count(*) from users)::int as users, (select count(*) from items)::int as items`);
      await database.close();
      return { seeded: seeded.seeded, ...(rows as unknown as { rows: { users: number; items: number }[] }).rows[0] };
    };
    const first = await counts();
    const second = await counts();
    expect(first.seeded).toBe(true);
    expect(second.seeded).toBe(false);
    expect(second.users).toBe(first.users);
    expect(second.items).toBe(first.items);
    expect(first.users).toBeGreaterThanOrEqual(2);
    fs.rmSync(dir, { recursive: true, force: true });
  }, 60_000);

  it('says clearly when the data directory cannot be written', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'mr-ro-'));
    fs.writeFileSync(path.join(dir, 'db'), 'a file where the folder should be');
    await expect(openDatabase({ dataDir: path.join(dir, 'db') })).rejects.toThrow(/cannot be written.*DATA_DIR/);
  });
});
