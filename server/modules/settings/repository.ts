import { sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { settings } from '../../db/schema/auth';

export async function upsertSetting(tx: Executor, key: string, value: unknown) {
  await tx.insert(settings).values({ key, value }).onConflictDoUpdate({ target: settings.key, set: { value: sql`excluded.value` } });
}
