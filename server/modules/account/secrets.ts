import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { settings } from '../../db/schema/auth';
import { randomToken } from '../../frappe/crypto';

/**
 * Per-installation secrets kept in the `settings` table: created on first use, shared by every server
 * instance on the same database (no secret in the source or the environment is needed in development).
 */
export type SecretName = 'account.cookie_secret' | 'account.dev_line_channel_secret';

export async function installationSecret(db: Executor, key: SecretName): Promise<string> {
  const [row] = await db.select().from(settings).where(eq(settings.key, key)).limit(1);
  if (row && typeof row.value === 'string') return row.value;
  // Two instances may race here: the first insert wins and both read it back.
  await db.insert(settings).values({ key, value: randomToken(32) }).onConflictDoNothing();
  const [created] = await db.select().from(settings).where(eq(settings.key, key)).limit(1);
  if (!created || typeof created.value !== 'string') throw new Error(`setting ${key} could not be created`);
  return created.value;
}
