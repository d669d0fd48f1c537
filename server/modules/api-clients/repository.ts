import { desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { apiClients } from '../../db/schema/integration';

export type ApiClientRow = typeof apiClients.$inferSelect;

export async function insertClient(db: Executor, row: typeof apiClients.$inferInsert): Promise<ApiClientRow> {
  const [created] = await db.insert(apiClients).values(row).returning();
  return created!;
}

/** The client, its row locked for the rest of the transaction (a rotation and a revocation queue up). */
export async function lockClient(tx: Executor, apiKey: string): Promise<ApiClientRow | null> {
  const [row] = await tx.select().from(apiClients).where(eq(apiClients.api_key, apiKey)).for('update');
  return row ?? null;
}

export async function updateClient(tx: Executor, apiKey: string, set: Partial<typeof apiClients.$inferInsert>): Promise<ApiClientRow> {
  const [row] = await tx.update(apiClients).set(set).where(eq(apiClients.api_key, apiKey)).returning();
  return row!;
}

export async function allClients(db: Executor): Promise<ApiClientRow[]> {
  return db.select().from(apiClients).orderBy(desc(apiClients.created_at), desc(apiClients.api_key));
}
