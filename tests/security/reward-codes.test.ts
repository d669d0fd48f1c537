import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { sql } from 'drizzle-orm';
import { createMember, createTillServer, freshDatabase, Session, type TestServer } from '../support/server';
import { gift, givePoints, PLACE_ORDER } from '../server/orders/support';
import { migrate } from '../../server/db/migrate';
import { formatRewardCode, REWARD_CODE_ALPHABET } from '../../contracts/reward-code';
import { serverForFile } from '../support/file-server';

/**
 * Reward order codes are not guessable (class 5 of the hardening issue): the till resolves a reward order by a
 * random 80-bit code only its member is shown, never by its sequential invoice name.
 */
const CODE = new RegExp(`^[${REWARD_CODE_ALPHABET}]{16}$`);
const RESOLVE = 'member_rewards.staff.resolve_code';
const CONFIRM = 'member_rewards.staff.confirm_reward';

let server: TestServer;
let staff: Session;
serverForFile(createTillServer, (till) => ({ server, staff } = till), 180_000);

async function redeem() {
  const m = await createMember(server);
  await givePoints(server, m.customer, 100);
  const res = await m.session.call(PLACE_ORDER, gift('GIFT-TOTE', 15));
  expect(res.statusCode, res.body).toBe(200);
  return { m, invoice: res.json().message.name as string, code: res.json().message.reward_code as string };
}

describe('reward order codes', () => {
  it('each reward order gets its own random 16-character code, shown to its member wherever the order is read', async () => {
    const a = await redeem();
    const b = await redeem();
    for (const o of [a, b]) expect(o.code).toMatch(CODE);
    expect(a.code).not.toBe(b.code);
    const list = await a.m.session.call('honda_api.api_calls.getuser.getorders', {}, 'GET');
    expect(list.json().message[0]).toMatchObject({ name: a.invoice, reward_code: a.code });
    const doc = await a.m.session.request({ method: 'GET', url: `/api/resource/Sales%20Invoice/${a.invoice}` });
    expect(doc.json().data.reward_code).toBe(a.code);
  });

  it('the invoice name, a delivery note name or the next invoice name no longer resolves at the till', async () => {
    const { invoice } = await redeem();
    const next = invoice.replace(/\d+$/, (n) => String(Number(n) + 1).padStart(n.length, '0'));
    for (const code of [invoice, next, 'MAT-DN-2026-00001']) {
      for (const method of [RESOLVE, CONFIRM]) {
        const res = await staff.call(method, { code });
        expect(res.statusCode, `${method} ${code}`).toBe(404);
        expect(res.json().reason).toBe('unknown_code');
      }
    }
  });

  it('the code resolves and confirms as printed, typed in lower case, or with spaces for dashes', async () => {
    const { invoice, code } = await redeem();
    const typed = formatRewardCode(code).toLowerCase().replace(/-/g, ' ');
    const res = await staff.call(RESOLVE, { code: typed });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message.reward).toMatchObject({ invoice, code });
    const confirmed = await staff.call(CONFIRM, { code: formatRewardCode(code) });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().message.invoice).toBe(invoice);
  });

  it('staff who may read the branch’s orders never see their codes', async () => {
    const { invoice } = await redeem();
    const doc = await staff.request({ method: 'GET', url: `/api/resource/Sales%20Invoice/${invoice}` });
    expect(doc.statusCode).toBe(200);
    expect(doc.json().data.reward_code).toBeUndefined();
    const list = await staff.request({ method: 'GET', url: '/api/resource/Sales%20Invoice', query: { fields: '["*"]' } });
    expect(JSON.stringify(list.json())).not.toMatch(/reward_code/);
    const field = await staff.request({ method: 'GET', url: '/api/resource/Sales%20Invoice', query: { fields: '["reward_code"]' } });
    expect(field.statusCode).toBe(417);
  });
});

/** The rows of a raw statement (both drivers answer `{ rows }`). */
const rowsOf = async <T>(result: Promise<unknown>) => ((await result) as { rows: T[] }).rows;

describe('the migration', () => {
  it('gives every existing reward order a distinct code and vouches for the back office’s addresses', async () => {
    const { database, drop } = await freshDatabase({ empty: true });
    const folder = fs.mkdtempSync(path.join(os.tmpdir(), 'mr-migrations-'));
    try {
      // The database as it stood before reward codes: the migrations up to 0002.
      const source = path.resolve('server/db/migrations');
      const journal = JSON.parse(fs.readFileSync(path.join(source, 'meta/_journal.json'), 'utf8')) as { entries: { tag: string; idx: number }[] };
      const before = journal.entries.filter((e) => e.idx <= 2);
      fs.mkdirSync(path.join(folder, 'meta'));
      fs.writeFileSync(path.join(folder, 'meta/_journal.json'), JSON.stringify({ ...journal, entries: before }));
      for (const e of before) fs.copyFileSync(path.join(source, `${e.tag}.sql`), path.join(folder, `${e.tag}.sql`));
      const migrator = database.kind === 'pglite' ? await import('drizzle-orm/pglite/migrator') : await import('drizzle-orm/node-postgres/migrator');
      await migrator.migrate(database.db as never, { migrationsFolder: folder });

      const db = database.db;
      await db.execute(sql`insert into users (name, email, roles, user_type) values
        ('boss@example.com', 'Boss@Example.com', '{System Manager}', 'System User'),
        ('till@example.com', 'till@example.com', '{Store Staff}', 'System User'),
        ('member@example.com', 'member@example.com', '{Member}', 'Website User')`);
      for (let i = 1; i <= 30; i += 1) {
        const kind = i % 10 === 0 ? 'purchase' : 'redemption';
        await db.execute(sql`insert into sales_invoices (name, customer, order_type, posting_date, due_date, status, payment_method)
          values (${`ACC-SINV-2026-${String(i).padStart(5, '0')}`}, 'CUST-00001', ${kind}, '2026-01-01', '2026-01-31', 'Paid', 'points')`);
      }

      await migrate(database);
      const rows = await rowsOf<{ order_type: string; reward_code: string | null }>(db.execute(sql`select name, order_type, reward_code from sales_invoices order by name`));
      const codes = rows.filter((r) => r.order_type === 'redemption').map((r) => r.reward_code);
      expect(codes).toHaveLength(27);
      for (const c of codes) expect(c).toMatch(CODE);
      expect(new Set(codes).size).toBe(27);
      expect(rows.filter((r) => r.order_type === 'purchase').every((r) => r.reward_code === null)).toBe(true);
      const users = await rowsOf<{ name: string; email_verified: boolean }>(db.execute(sql`select name, email_verified from users order by name`));
      expect(Object.fromEntries(users.map((u) => [u.name, u.email_verified]))).toEqual({
        'boss@example.com': true,
        'member@example.com': false,
        'till@example.com': true,
      });
    } finally {
      fs.rmSync(folder, { recursive: true, force: true });
      await database.close();
      await drop();
    }
  });
});
