import type { Executor } from '../db/client';
import { seedMembers } from './members';
import { seedCatalog } from './catalog';
import { seedLoyalty } from './loyalty';
import { seedDocuments } from './documents';
import { seedBlog } from './blog';
import { seedActivity } from './activity';

/** Demo data for a new installation, domain by domain (order matters: members before their points). */
export async function seedDemo(tx: Executor): Promise<void> {
  await seedCatalog(tx);
  await seedMembers(tx);
  await seedLoyalty(tx);
  await seedActivity(tx);
  await seedDocuments(tx);
  await seedBlog(tx);
}
