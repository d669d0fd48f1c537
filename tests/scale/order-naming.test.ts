import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTestServer, type TestServer } from '../support/server';
import { openDatabase, type Database } from '../../server/db/client';
import { today } from '../../contracts/business-day';
import { nextInSeries } from '../../server/modules/orders/repository';
import { gift, givePoints, PLACE_ORDER } from '../server/orders/support';

/**
 * Order names are taken without a lock that every order waits on: an order that has its number and has not
 * committed yet (here a transaction on another connection, held open) does not hold up another member's order.
 * Needs TEST_DATABASE_URL (on PGlite every transaction runs alone anyway).
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('order names', () => {
  let server: TestServer;
  let other: Database;
  beforeAll(async () => {
    server = await createTestServer({ seedDemo: true });
    other = await openDatabase({ dataDir: '', databaseUrl: server.databaseUrl });
  }, 120_000);
  afterAll(async () => {
    await other?.close();
    await server?.close();
  });

  it("another member's order goes through while an order holding its number is still open, and the names differ", async () => {
    const m = await createMember(server);
    await givePoints(server, m.customer, 15);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let taken!: (name: string) => void;
    const heldName = new Promise<string>((resolve) => (taken = resolve));
    const inFlight = other.db.transaction(async (tx) => {
      taken(await nextInSeries(tx, `ACC-SINV-${today().slice(0, 4)}-`));
      await held;
    });
    const first = await heldName;
    const waited = new Promise<'blocked'>((resolve) => setTimeout(() => resolve('blocked'), 5000));
    const res = await Promise.race([m.session.call(PLACE_ORDER, gift('GIFT-TOTE', 15)), waited]);
    release();
    await inFlight;
    expect(res).not.toBe('blocked');
    if (res === 'blocked') return;
    expect(res.statusCode).toBe(200);
    const name = res.json().message.name as string;
    expect(name).toMatch(/^ACC-SINV-\d{4}-\d{5,}$/);
    expect(name).not.toBe(first);
  }, 30_000);
});
