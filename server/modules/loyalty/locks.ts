import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { customers } from '../../db/schema/customers';

/** Locks the member's customer row until the transaction ends: the one place concurrent writers queue up. */
export async function lockCustomer(tx: Executor, customer: string) {
  return (await lockCustomerRow(tx, customer)) !== null;
}

/** lockCustomer, answering whether the back office has blocked the member (null: no such customer). */
export async function lockCustomerRow(tx: Executor, customer: string): Promise<{ name: string; blocked: boolean } | null> {
  const [row] = await tx.select({ name: customers.name, blocked: customers.blocked }).from(customers).where(eq(customers.name, customer)).for('update');
  return row ?? null;
}
