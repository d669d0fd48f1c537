import type { Executor } from '../../db/client';
import { numberSetting, upsertSetting } from './repository';

export interface Tunable {
  key: string;
  fallback: number;
}

export async function readSettings(db: Executor, tunables: Tunable[]): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const t of tunables) out[t.key] = await numberSetting(db, t.key, t.fallback);
  return out;
}

/** Writes the given values (undefined ones are left alone), in the caller's transaction. */
export async function writeSettings(tx: Executor, values: Record<string, number | undefined>) {
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined) continue;
    await upsertSetting(tx, key, value);
  }
}
