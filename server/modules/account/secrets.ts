import type { Executor } from '../../db/client';
import { randomToken } from '../../frappe/crypto';
import { insertSettingIfAbsent } from './repository';
import { readSetting as settingValue } from '../settings/repository';

/**
 * Per-installation secrets kept in the `settings` table: created on first use, shared by every server
 * instance on the same database (no secret in the source or the environment is needed in development).
 */
export type SecretName = 'account.cookie_secret' | 'account.dev_line_channel_secret';

export async function installationSecret(db: Executor, key: SecretName): Promise<string> {
  const value = await settingValue(db, key);
  if (typeof value === 'string') return value;
  // Two instances may race here: the first insert wins and both read it back.
  await insertSettingIfAbsent(db, key, randomToken(32));
  const created = await settingValue(db, key);
  if (typeof created !== 'string') throw new Error(`setting ${key} could not be created`);
  return created;
}
