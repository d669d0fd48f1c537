import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { ADMIN, createMember, createTestServer, serverMessage, Session, type TestServer } from '../../support/server';
import { auditLog } from '../../../server/db/schema/audit';
import { numberSetting, readSetting, upsertSetting } from '../../../server/modules/settings/repository';

const GET = 'member_rewards.settings.get_settings';
const UPDATE = 'member_rewards.settings.update_settings';

let server: TestServer;
let admin: Session;
beforeAll(async () => {
  server = await createTestServer({ seedDemo: true });
  admin = new Session(server.app);
  await admin.login(ADMIN.usr, ADMIN.pwd);
}, 120_000);
afterAll(() => server.close());

const message = (res: { json(): unknown }) => serverMessage(res.json() as { _server_messages?: string });

describe('programme settings (back office)', () => {
  it("starts from the defaults, and a change is what checkout charges from then on", async () => {
    expect((await admin.call(GET, {}, 'GET')).json().message).toEqual({ shipping_fee: 59, checkout_discount: 99, staff_award_daily_cap: 500 });
    const m = await createMember(server);
    const totals = async () =>
      (await m.session.call('member_rewards.api.checkout_totals', { items: [{ item_code: 'SNEAKER-BLACK', qty: 1 }], delivery_method: 'delivery' })).json().message;
    expect((await totals()).shipping_fee).toBe(59);

    const res = await admin.call(UPDATE, { shipping_fee: 40, staff_award_daily_cap: '800' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toEqual({ shipping_fee: 40, checkout_discount: 99, staff_award_daily_cap: 800 });
    expect((await totals()).shipping_fee).toBe(40);
    expect((await totals()).discount_amount).toBe(99);
    await admin.call(UPDATE, { shipping_fee: 59, staff_award_daily_cap: 500 });
    // Each change is in the audit log with the figures it changed.
    const log = await server.database.db.select().from(auditLog).where(eq(auditLog.ref_doctype, 'Settings'));
    expect(log.sort((a, b) => a.seq - b.seq).map((r) => [r.user, r.before, r.after])).toEqual([
      [ADMIN.usr, { shipping_fee: 59, staff_award_daily_cap: 500 }, { shipping_fee: 40, staff_award_daily_cap: 800 }],
      [ADMIN.usr, { shipping_fee: 40, staff_award_daily_cap: 800 }, { shipping_fee: 59, staff_award_daily_cap: 500 }],
    ]);
  });

  it('refuses bad values and unknown settings with a clear 417, changing nothing', async () => {
    for (const [args, text] of [
      [{ shipping_fee: -1 }, 'shipping_fee must be a whole number from 0 to 100000'],
      [{ checkout_discount: 9.5 }, 'checkout_discount must be a whole number from 0 to 100000'],
      [{ staff_award_daily_cap: 'lots' }, 'Argument \'staff_award_daily_cap\''],
      [{ vat_rate: 7 }, 'Unknown setting: vat_rate'],
    ] as const) {
      const res = await admin.call(UPDATE, args);
      expect(res.statusCode).toBe(417);
      expect(message(res)).toContain(text);
    }
    expect((await admin.call(GET, {}, 'GET')).json().message).toEqual({ shipping_fee: 59, checkout_discount: 99, staff_award_daily_cap: 500 });
  });

  it('is for System Managers only: members, staff and guests get 403', async () => {
    const member = await createMember(server);
    const staff = await createMember(server, { roles: ['Store Staff'], branch: 'สาขาสยาม' });
    for (const s of [member.session, staff.session, new Session(server.app)]) {
      expect((await s.call(UPDATE, { shipping_fee: 0 })).statusCode).toBe(403);
      expect((await s.call(GET, {}, 'GET')).statusCode).toBe(403);
    }
  });
});

describe('the one read of the settings table', () => {
  it('answers the stored value as it was stored, and nothing for a key never set', async () => {
    const db = server.database.db;
    await upsertSetting(db, 'test_list', ['a', 'b']);
    await upsertSetting(db, 'test_mark', '2026-06-15');
    expect(await readSetting(db, 'test_list')).toEqual(['a', 'b']);
    expect(await readSetting(db, 'test_mark')).toBe('2026-06-15');
    expect(await readSetting(db, 'test_never_set')).toBeUndefined();
  });

  it('reads a number setting, stored as a number or as digits, and falls back when unset or not a number', async () => {
    const db = server.database.db;
    await upsertSetting(db, 'test_fee', 40);
    await upsertSetting(db, 'test_cap', '800');
    await upsertSetting(db, 'test_word', 'lots');
    expect(await numberSetting(db, 'test_fee', 59)).toBe(40);
    expect(await numberSetting(db, 'test_cap', 500)).toBe(800);
    expect(await numberSetting(db, 'test_word', 500)).toBe(500);
    expect(await numberSetting(db, 'test_never_set', 99)).toBe(99);
  });
});
