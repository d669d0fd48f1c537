import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import type { ServerConfig } from '../config';
import { settings } from '../db/schema/auth';
import { DEFAULT_ADJUSTMENT_REASONS } from '../../contracts/admin';
import { seedUsers } from './users';
import { seedDemo } from './demo';

export interface SeedResult {
  seeded: boolean;
  messages: string[];
}

/**
 * Seeds once: a `seeded` setting marks a database that already has its data, so a second start
 * neither re-seeds nor duplicates rows. Runs in one transaction: a failed seed leaves nothing behind.
 */
export async function seedIfEmpty(db: Db, config: ServerConfig): Promise<SeedResult> {
  const [done] = await db.select().from(settings).where(eq(settings.key, 'seeded'));
  if (done) return { seeded: false, messages: [] };
  const messages: string[] = [];
  await db.transaction(async (tx) => {
    messages.push(...(await seedUsers(tx, config)));
    // The reasons a point adjustment may give: the back office edits the list (member_rewards.admin.*_adjustment_reasons).
    await tx.insert(settings).values({ key: 'adjustment_reasons', value: [...DEFAULT_ADJUSTMENT_REASONS] });
    if (config.seedDemo) await seedDemo(tx);
    await tx.insert(settings).values({ key: 'seeded', value: new Date().toISOString() });
  });
  return { seeded: true, messages };
}
