import { eq } from 'drizzle-orm';
import type { TestServer } from '../../support/server';
import { addresses } from '../../../server/db/schema/addresses';
import { salesInvoices } from '../../../server/db/schema/orders';
import { balanceOf, earnPoints, programOf } from '../../../server/modules/loyalty/ledger';

export const PLACE_ORDER = 'headless_e_commerce.api.place_order';
export const BRANCH = 'สาขาสยาม';

/** Gives a member points through the ledger's own writer (an adjustment: spendable, but no tier progress). */
export async function givePoints(server: TestServer, customer: string, points: number) {
  const program = await programOf(server.database.db, customer);
  await earnPoints(server.database.db, { customer, program: program!, points, source: 'adjustment' });
}

/** Points earned on a purchase (they count toward the tier). */
export async function earnFromPurchase(server: TestServer, customer: string, points: number) {
  const program = await programOf(server.database.db, customer);
  await earnPoints(server.database.db, { customer, program: program!, points, source: 'purchase' });
}

export const balance = (server: TestServer, customer: string) => balanceOf(server.database.db, customer);

let n = 0;
export async function addAddress(server: TestServer, customer: string) {
  n += 1;
  const name = `ADDR-TEST-${n}-${Math.random().toString(36).slice(2, 6)}`;
  await server.database.db.insert(addresses).values({
    name,
    customer,
    address_title: `บ้าน ${n}`,
    first_name: 'สมใจ',
    last_name: 'ใจดี',
    address_line1: `${n} ถนนสุขุมวิท`,
    city: 'Khlong Toei',
    state: 'Bangkok',
    country: 'Thailand',
    pincode: '10110',
    phone: '0812345678',
  });
  return name;
}

export async function invoicesOf(server: TestServer, customer: string) {
  return server.database.db.select().from(salesInvoices).where(eq(salesInvoices.customer, customer));
}

export const gift = (item_code: string, loyalty_points: number, extra: Record<string, unknown> = {}) => ({
  loyalty_points,
  items: [{ item_code, qty: 1 }],
  payment_method: 'bank-transfer',
  branch: BRANCH,
  ...extra,
});
