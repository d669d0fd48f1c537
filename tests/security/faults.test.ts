import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import pg from 'pg';
import { createMember, createTestServer, type TestServer } from '../support/server';
import { balance, gift, givePoints, invoicesOf, PLACE_ORDER } from '../server/orders/support';

/**
 * The database connection is cut while requests are running: each request either completes or fails cleanly
 * (Frappe's error shape, nothing half-written), and the server recovers without a restart. Needs PostgreSQL.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('database faults (PostgreSQL)', () => {
  let server: TestServer;
  beforeAll(async () => {
    server = await createTestServer({ seedDemo: true });
  }, 120_000);
  afterAll(() => server?.close());

  async function cutConnections() {
    const admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
    const db = new URL(server.databaseUrl!).pathname.slice(1);
    await admin.query('select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()', [db]);
    await admin.end();
  }

  it('redemptions cut mid-flight leave the ledger consistent, and the server recovers', async () => {
    const m = await createMember(server);
    await givePoints(server, m.customer, 300);
    const inflight = Array.from({ length: 12 }, () => m.session.call(PLACE_ORDER, gift('GIFT-TOTE', 15)));
    await new Promise((r) => setTimeout(r, 15));
    await cutConnections();
    const results = await Promise.all(inflight);
    for (const r of results) {
      expect([200, 417, 500, 503]).toContain(r.statusCode);
      if (r.statusCode >= 500) {
        expect(r.json().exc_type).toBeTruthy();
        expect(r.body).not.toMatch(/at .*\.(ts|js):\d+/);
      }
    }
    // Recovery: new requests work on fresh connections.
    let recovered = false;
    for (let i = 0; i < 10 && !recovered; i++) {
      const res = await m.session.call('headless_e_commerce.api.get_profile', {}, 'GET');
      recovered = res.statusCode === 200;
      if (!recovered) await new Promise((r) => setTimeout(r, 200));
    }
    expect(recovered).toBe(true);
    // Nothing half-written: every order that exists was paid for, and only those.
    const orders = await invoicesOf(server, m.customer);
    expect(await balance(server, m.customer)).toBe(300 - 15 * orders.length);
  }, 60_000);

  it.skipIf(!process.env.PG_CTL)('survives a PostgreSQL restart', async () => {
    const m = await createMember(server);
    execFileSync('runuser', ['-u', 'postgres', '--', process.env.PG_CTL!, '-D', process.env.PG_DATA!, '-m', 'fast', '-w', 'restart'], { stdio: 'ignore' });
    let ok = false;
    for (let i = 0; i < 20 && !ok; i++) {
      const res = await m.session.call('headless_e_commerce.api.get_profile', {}, 'GET');
      if (res.statusCode >= 500) expect(res.json().exc_type).toBeTruthy();
      ok = res.statusCode === 200;
      if (!ok) await new Promise((r) => setTimeout(r, 250));
    }
    expect(ok).toBe(true);
  }, 60_000);
});
