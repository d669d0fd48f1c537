import { and, desc, eq, ne, sql, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { readSetting } from '../settings/repository';
import { addresses } from '../../db/schema/addresses';
import { customers } from '../../db/schema/customers';
import { DEFAULT_ADDRESS_OPTIONS, type AddressOptions } from '../../../contracts/addresses';

export type AddressRow = typeof addresses.$inferSelect;
export type NewAddressRow = typeof addresses.$inferInsert;

export const ADDRESS_OPTIONS_SETTING = 'address_options';

/** The member's Customer id (null when the user has none: staff, admin). */
export async function customerOfUser(db: Executor, user: string, lock = false): Promise<string | null> {
  const q = db.select({ name: customers.name }).from(customers).where(eq(customers.user, user)).limit(1);
  const rows = lock ? await q.for('update') : await q;
  return rows[0]?.name ?? null;
}

/** Own addresses: the preferred billing address first, then the newest. */
export function listForCustomer(db: Executor, customer: string): Promise<AddressRow[]> {
  return db
    .select()
    .from(addresses)
    .where(eq(addresses.customer, customer))
    .orderBy(desc(addresses.is_primary_address), desc(addresses.is_shipping_address), desc(addresses.creation), addresses.name);
}

export async function findOwn(db: Executor, customer: string, name: string, lock = false): Promise<AddressRow | undefined> {
  const q = db.select().from(addresses).where(and(eq(addresses.name, name), eq(addresses.customer, customer))).limit(1);
  const rows = lock ? await q.for('update') : await q;
  return rows[0];
}

export async function insertAddress(db: Executor, row: NewAddressRow): Promise<AddressRow> {
  const [inserted] = await db.insert(addresses).values(row).returning();
  return inserted!;
}

export async function updateAddressRow(db: Executor, name: string, changes: Partial<NewAddressRow>): Promise<AddressRow> {
  const [updated] = await db
    .update(addresses)
    .set({ ...changes, modified: sql`now()` })
    .where(eq(addresses.name, name))
    .returning();
  return updated!;
}

export async function deleteAddressRow(db: Executor, name: string): Promise<void> {
  await db.delete(addresses).where(eq(addresses.name, name));
}

/** Clears a preferred-address flag on the customer's other addresses. */
export async function clearFlagOnOthers(
  db: Executor,
  customer: string,
  keep: string,
  flag: 'is_primary_address' | 'is_shipping_address',
): Promise<void> {
  await db
    .update(addresses)
    .set({ [flag]: 0, modified: sql`now()` })
    .where(and(eq(addresses.customer, customer), ne(addresses.name, keep), eq(addresses[flag], 1)));
}

export async function addressOptions(db: Executor): Promise<AddressOptions> {
  return ((await readSetting(db, ADDRESS_OPTIONS_SETTING)) as AddressOptions | undefined) ?? DEFAULT_ADDRESS_OPTIONS;
}

/** A member's own addresses only (the Customer linked to the user): the read scope of the Address doctype. */
export const ownAddresses = (user: string): SQL =>
  sql`${addresses.customer} in (select ${customers.name} from ${customers} where ${eq(customers.user, user)})`;
