import { eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { settings } from '../../db/schema/auth';

/** A setting's stored value (undefined when none is set): every module reads the settings table through this. */
export async function readSetting(db: Executor, key: string): Promise<unknown> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, key)).limit(1);
  return row?.value;
}

/** A number setting, or its default when none is set or it is not a number. */
export async function numberSetting(db: Executor, key: string, fallback: number): Promise<number> {
  const value = await readSetting(db, key);
  const n = Number(value);
  return value !== undefined && Number.isFinite(n) ? n : fallback;
}

export async function upsertSetting(tx: Executor, key: string, value: unknown) {
  await tx.insert(settings).values({ key, value }).onConflictDoUpdate({ target: settings.key, set: { value: sql`excluded.value` } });
}
