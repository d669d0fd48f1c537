import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { createMember, createTestServer, type TestServer } from '../../support/server';
import { loyaltyPointEntries } from '../../../server/db/schema/loyalty';
import { addDays, earnPoints, programOf } from '../../../server/modules/loyalty/ledger';
import { today } from '../../../contracts/business-day';

/** The runner's injected clock: tests move it. */
let now = new Date();
let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ seedDemo: true, jobsIntervalSeconds: 300 }, [], { clock: () => now });
});
afterAll(() => server.close());

describe('the loyalty jobs on the shared job runner', () => {
  it('run on their schedule with the runner clock: a batch past its expiry day gets its expiry entry, once', async () => {
    const m = await createMember(server);
    const db = server.database.db;
    const program = await programOf(db, m.customer);
    const expiry = addDays(today(), 3);
    await earnPoints(db, { customer: m.customer, program: program!, points: 40, source: 'purchase', postingDate: today(), expiryDate: expiry });
    const expired = () =>
      db.select().from(loyaltyPointEntries).where(and(eq(loyaltyPointEntries.customer, m.customer), eq(loyaltyPointEntries.entry_type, 'expire')));

    await server.app.jobs.runDue();
    expect(await expired()).toHaveLength(0);
    // Five days later, past midnight Bangkok after the expiry day: the next slot runs the expiry.
    now = new Date(now.getTime() + 5 * 24 * 60 * 60_000);
    await server.app.jobs.runDue();
    await server.app.jobs.runDue();
    const rows = await expired();
    expect(rows.map((r) => r.loyalty_points)).toEqual([-40]);
  });
});
