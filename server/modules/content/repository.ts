import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { loyaltyPrograms } from '../../db/schema/loyalty';

/** A loyalty programme's public figures; without a name, the installation's first programme. */
export async function programFacts(db: Executor, name: string | undefined) {
  const q = db
    .select({
      name: loyaltyPrograms.name,
      collection_factor: loyaltyPrograms.collection_factor,
      conversion_factor: loyaltyPrograms.conversion_factor,
      expiry_duration: loyaltyPrograms.expiry_duration,
    })
    .from(loyaltyPrograms)
    .$dynamic();
  const [row] = await (name ? q.where(eq(loyaltyPrograms.name, name)) : q.orderBy(loyaltyPrograms.creation)).limit(1);
  return row ?? null;
}
