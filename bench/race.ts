// Parallel redemptions on PostgreSQL and the checks that make them a hard failure: the members' requests all at once,
// then no overspend (every member spent exactly what they could afford), no negative balance, exactly the affordable
// count, and a counted stock left at exactly what it was less the units taken. Also the reference redemption: the
// least a correct redemption can do, written directly with node-postgres behind a bare Fastify route.
import { randomBytes } from 'node:crypto';
import Fastify from 'fastify';
import type { AddressInfo } from 'node:net';
import { today } from '../contracts/business-day';
import { balances, type Queryable, type SignedInMember } from './members';

export const ITEM = 'GIFT-TOTE';
export const PRICE = 15; // GIFT-TOTE's points in the demo catalogue
export const AFFORDABLE = 7; // each member holds points for exactly 7 redemptions
export const BRANCH = 'สาขาสยาม';

/** Sends one redemption for `member` and answers the HTTP status. */
export type Redeem = (member: SignedInMember, i: number) => Promise<number>;

/** Our place_order over HTTP; `base(i)` picks the instance of the i-th request (round robin over several). */
export const placeOrder =
  (base: (i: number) => string): Redeem =>
  (m, i) =>
    fetch(`${base(i)}/api/method/headless_e_commerce.api.place_order`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: m.cookie, 'x-frappe-csrf-token': m.csrf },
      body: JSON.stringify({ loyalty_points: PRICE, items: [{ item_code: ITEM, qty: 1 }], payment_method: 'bank-transfer', branch: BRANCH }),
    }).then(async (r) => (await r.arrayBuffer(), r.status));

export interface RaceResult {
  requests: number;
  ok: number;
  expected: number;
  seconds: number;
  overspends: number;
  negative: number;
  stockLeft: number | null;
  oversold: number;
  otherStatuses: number;
  failures: number;
}

/** Sets the reward's counted stock (null: not counted, the points decide alone). */
export async function setStock(db: Queryable, stock: number | null) {
  await db.query('update items set stock_qty = $2 where item_code = $1', [ITEM, stock]);
}

/**
 * Every member sends `parallel` redemptions at once (all members together) and the outcome is checked. A counted
 * stock is set to one unit more than the points allow, so the points still decide and the stock is taken on every
 * order: what is left must be exactly that one unit.
 */
export async function race(db: Queryable, members: SignedInMember[], parallel: number, redeem: Redeem, countStock: boolean): Promise<RaceResult> {
  const affordable = Math.min(AFFORDABLE, parallel);
  const expected = members.length * affordable;
  const stock = countStock ? expected + 1 : null;
  await setStock(db, stock);
  const started = performance.now();
  let n = 0;
  const statuses = await Promise.all(members.flatMap((m) => Array.from({ length: parallel }, () => redeem(m, n++).catch(() => 0))));
  const seconds = (performance.now() - started) / 1000;
  const ok = statuses.filter((s) => s === 200).length;
  const left = await balances(db, members.map((m) => m.customer));
  let overspends = 0;
  let negative = 0;
  for (const m of members) {
    const b = left.get(m.customer) ?? 0;
    if (b < 0) negative += 1;
    if (b !== PRICE * (AFFORDABLE - affordable)) overspends += 1;
  }
  const { rows } = await db.query('select stock_qty from items where item_code = $1', [ITEM]);
  const stockLeft = rows[0]?.stock_qty === null || rows[0]?.stock_qty === undefined ? null : Number(rows[0].stock_qty);
  const oversold = stock === null ? 0 : stockLeft === stock - ok && stockLeft >= 0 ? 0 : 1;
  const otherStatuses = statuses.filter((s) => s !== 200 && s !== 417).length;
  await setStock(db, null);
  return {
    requests: statuses.length,
    ok,
    expected,
    seconds,
    overspends,
    negative,
    stockLeft,
    oversold,
    otherStatuses,
    failures: overspends + negative + oversold + otherStatuses + (ok === expected ? 0 : 1),
  };
}

/**
 * The reference: one transaction that locks the member, checks the balance (the ledger's sum, as ours), takes a
 * counted unit, inserts the invoice and its ledger row. Same tables, indexes and pool size as the server, the same
 * HTTP client in front; no validation, pricing, naming, FIFO batches, delivery notes or notifications.
 */
export async function startReference(databaseUrl: string, poolSize = Number(process.env.PG_POOL_SIZE ?? 10)) {
  const { Pool } = await import('pg');
  const pool = new Pool({ connectionString: databaseUrl, max: poolSize });
  const app = Fastify();
  app.post<{ Body: { customer: string } }>('/redeem', async (req, reply) => {
    const customer = req.body.customer;
    const day = today();
    const client = await pool.connect();
    try {
      await client.query('begin');
      await client.query('select name from customers where name = $1 for update', [customer]);
      const { rows } = await client.query(
        'select coalesce(sum(loyalty_points), 0)::int as balance from loyalty_point_entries where customer = $1 and expiry_date >= $2 and posting_date <= $2',
        [customer, day],
      );
      if (rows[0].balance < PRICE) {
        await client.query('rollback');
        return reply.code(417).send({ exc_type: 'ValidationError' });
      }
      const stock = await client.query('update items set stock_qty = stock_qty - 1 where item_code = $1 and stock_qty is not null and stock_qty >= 1 returning stock_qty', [ITEM]);
      const counted = await client.query('select 1 from items where item_code = $1 and stock_qty is not null', [ITEM]);
      if (counted.rowCount && !stock.rowCount) {
        await client.query('rollback');
        return reply.code(417).send({ exc_type: 'ValidationError' });
      }
      const name = `REF-${randomBytes(6).toString('hex')}`;
      await client.query(
        `insert into sales_invoices (name, customer, order_type, posting_date, due_date, status, loyalty_points, payment_method, branch)
         values ($1, $2, 'redemption', $3, $3::date + 30, 'Paid', $4, 'points', $5)`,
        [name, customer, day, PRICE, BRANCH],
      );
      await client.query(
        `insert into loyalty_point_entries (name, customer, loyalty_program, loyalty_points, posting_date, expiry_date, invoice, invoice_type, entry_type, source, branch)
         values ($1, $2, 'Member Rewards', $3, $4, $4::date + 365, $5, 'Sales Invoice', 'redeem', 'redemption', $6)`,
        [`LPE-${name}`, customer, -PRICE, day, name, BRANCH],
      );
      await client.query('commit');
      return { message: { name } };
    } catch (err) {
      await client.query('rollback').catch(() => {});
      throw err;
    } finally {
      client.release();
    }
  });
  await app.listen({ port: 0, host: '127.0.0.1' });
  const url = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
  const redeem: Redeem = (m) =>
    fetch(`${url}/redeem`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ customer: m.customer }) }).then(
      async (r) => (await r.arrayBuffer(), r.status),
    );
  return {
    redeem,
    close: async () => {
      await app.close();
      await pool.end();
    },
  };
}

export const perSecond = (n: number, seconds: number) => (n / seconds).toFixed(1);
