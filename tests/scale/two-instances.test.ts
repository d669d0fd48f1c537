import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { createMember, createTestServer, Session, type TestServer } from '../support/server';
import { openDatabase, type Database } from '../../server/db/client';
import { buildApp } from '../../server/app';
import { balance, gift, givePoints, PLACE_ORDER } from '../server/orders/support';

/**
 * Two server instances on one PostgreSQL database, requests alternating between them with no sticky routing:
 * sessions, rate limits and idempotency live in the database, so both instances agree. Needs TEST_DATABASE_URL.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('two instances behind a load balancer', () => {
  let first: TestServer;
  let secondDb: Database;
  let second: FastifyInstance;

  beforeAll(async () => {
    first = await createTestServer({ seedDemo: true });
    secondDb = await openDatabase({ dataDir: '', databaseUrl: first.databaseUrl });
    second = await buildApp(first.config, secondDb);
    await second.ready();
  }, 120_000);
  afterAll(async () => {
    await second?.close();
    await secondDb?.close();
    await first?.close();
  });

  /** The same browser, its requests alternating between the two instances. */
  function balanced(session: Session) {
    let turn = 0;
    const other = new Session(second);
    return async (opts: Parameters<Session['request']>[0]) => {
      turn += 1;
      if (turn % 2 === 0) return session.request(opts);
      other.cookies = session.cookies;
      other.csrf = session.csrf;
      const res = await other.request(opts);
      session.cookies = other.cookies;
      return res;
    };
  }

  it('a session started on one instance works on the other, and logout on one ends it on both', async () => {
    const m = await createMember(first);
    const onSecond = new Session(second);
    onSecond.cookies = { ...m.session.cookies };
    onSecond.csrf = m.session.csrf;
    expect((await onSecond.call('frappe.auth.get_logged_user', {}, 'GET')).json().message).toBe(m.name);
    const cookies = { ...m.session.cookies };
    await onSecond.request({ method: 'POST', url: '/api/method/logout', payload: {} });
    const replay = new Session(first.app);
    replay.cookies = cookies;
    expect((await replay.call('frappe.auth.get_logged_user', {}, 'GET')).statusCode).toBe(403);
  });

  it('login rate limits are shared', async () => {
    const m = await createMember(first);
    const statuses: number[] = [];
    for (let i = 0; i < 12; i++) {
      const app = i % 2 ? second : first.app;
      statuses.push((await new Session(app, `10.2.0.${i}`).login(m.name, 'wrong')).statusCode);
    }
    expect(statuses.filter((s) => s === 401)).toHaveLength(10);
    expect(statuses.slice(10)).toEqual([429, 429]);
  });

  it('the same Idempotency-Key sent to both instances at once has one effect', async () => {
    const m = await createMember(first);
    const onSecond = new Session(second);
    onSecond.cookies = { ...m.session.cookies };
    onSecond.csrf = m.session.csrf;
    const body = { address_line1: '77 ถนนสีลม', city: 'Bangkok', country: 'Thailand', pincode: '10500' };
    const headers = { 'idempotency-key': 'scale-key-1' };
    const results = await Promise.all([
      m.session.call('headless_e_commerce.api.add_address', body, 'POST', headers),
      onSecond.call('headless_e_commerce.api.add_address', body, 'POST', headers),
      m.session.call('headless_e_commerce.api.add_address', body, 'POST', headers),
      onSecond.call('headless_e_commerce.api.add_address', body, 'POST', headers),
    ]);
    expect(results.every((r) => r.statusCode === 200 || r.statusCode === 409)).toBe(true);
    const list = (await m.session.call('headless_e_commerce.api.get_addresses', {}, 'GET')).json().message;
    expect(list.filter((a: { address_line1: string }) => a.address_line1 === '77 ถนนสีลม')).toHaveLength(1);
  });

  it('a 100-way redemption race split across both instances never overspends', async () => {
    const m = await createMember(first);
    await givePoints(first, m.customer, 7 * 15);
    const send = balanced(m.session);
    const results = await Promise.all(
      Array.from({ length: 100 }, () => send({ method: 'POST', url: `/api/method/${PLACE_ORDER}`, payload: gift('GIFT-TOTE', 15) })),
    );
    const ok = results.filter((r) => r.statusCode === 200).length;
    expect(ok).toBe(7);
    expect(results.every((r) => r.statusCode === 200 || r.statusCode === 417)).toBe(true);
    expect(await balance(first, m.customer)).toBe(0);
  }, 120_000);
});
