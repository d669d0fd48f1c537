import * as v from 'valibot';
import { createECDH, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMember, createMemberWithDevice, createTestServer, LOYALTY_MANAGER, Session, type TestServer } from '../../support/server';
import { addAddress, gift, givePoints, PLACE_ORDER } from '../orders/support';
import { auditLog } from '../../../server/db/schema/audit';
import { personalDataAccess, privacyRequests } from '../../../server/db/schema/privacy';
import { EXPORTS_PER_DAY, MyDataSchema, PRIVACY_EXPORT_MEMBER_DATA, PRIVACY_EXPORT_MY_DATA, PRIVACY_RECORD_REQUEST, PRIVACY_SET_CONSENT } from '../../../contracts/privacy';

vi.setConfig({ testTimeout: 60_000 });

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ seedDemo: true });
}, 600_000);
afterAll(() => server?.close());

const download = (s: Session) => s.call(PRIVACY_EXPORT_MY_DATA.path, {}, 'GET');

describe('download my data', () => {
  it('is one JSON file, not wrapped in message, with the member’s profile, addresses, consents, ledger and orders, and nothing of another member', async () => {
    const me = await createMember(server);
    const other = await createMember(server);
    await addAddress(server, me.customer);
    await addAddress(server, other.customer);
    await givePoints(server, me.customer, 100);
    await givePoints(server, other.customer, 333);
    expect((await me.session.call(PLACE_ORDER, gift('GIFT-TUMBLER', 20))).statusCode).toBe(200);
    expect((await me.session.call(PRIVACY_SET_CONSENT.path, { purpose: 'marketing', granted: 1 })).statusCode).toBe(200);

    const res = await download(me.session);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="member-data-${me.customer}.json"`);
    const doc = JSON.parse(res.body);
    expect(doc.message).toBeUndefined();
    const parsed = v.parse(MyDataSchema, doc);
    expect(parsed.profile).toMatchObject({ customer: me.customer, email: me.name, loyalty_points: 80 });
    expect(parsed.addresses).toHaveLength(1);
    expect(parsed.addresses[0]).toMatchObject({ customer: me.customer, address_line1: expect.stringContaining('ถนนสุขุมวิท') });
    expect(parsed.points.map((p) => p.loyalty_points)).toEqual(expect.arrayContaining([100, -20]));
    expect(parsed.orders).toHaveLength(1);
    expect(parsed.orders[0]).toMatchObject({ order_type: 'redemption', items: [expect.objectContaining({ item_code: 'GIFT-TUMBLER' })] });
    expect(parsed.consents).toEqual([expect.objectContaining({ purpose: 'marketing', granted: true, source: 'settings' })]);
    expect(parsed.sessions.length).toBeGreaterThan(0);
    expect(res.body).not.toContain(other.customer);
    expect(res.body).not.toContain(other.name);
    expect(res.body).not.toContain('333');
    // Other people named on the records (the staff or manager who acted) stay out too.
    expect(Object.keys(parsed.points[0]!)).not.toContain('staff_user');
    expect(Object.keys(parsed.points[0]!)).not.toContain('owner');
  });

  it('holds the member’s notification settings and devices: the member-code device and each push subscription', async () => {
    const me = await createMemberWithDevice(server);
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const subscription = {
      endpoint: `https://push.example.test/push/${randomBytes(8).toString('hex')}`,
      keys: { p256dh: ecdh.getPublicKey('base64url'), auth: randomBytes(16).toString('base64url') },
      expirationTime: null,
    };
    expect((await me.session.call('member_rewards.notifications.subscribe', { subscription })).statusCode).toBe(200);
    expect((await me.session.call('member_rewards.notifications.update_settings', { quiet_hours: false })).statusCode).toBe(200);

    const res = await download(me.session);
    expect(res.statusCode, res.body).toBe(200);
    const parsed = v.parse(MyDataSchema, JSON.parse(res.body));
    expect(parsed.member_code_devices).toEqual([expect.objectContaining({ member_no: Number(me.device.member_no), revoked_at: null })]);
    expect(parsed.push_devices).toHaveLength(1);
    expect(parsed.notification_settings).toMatchObject({ quiet_hours: false });
  });

  it('is audited and recorded as a completed access request', async () => {
    const me = await createMember(server);
    expect((await download(me.session)).statusCode).toBe(200);
    const audit = await server.database.db.select().from(auditLog).where(eq(auditLog.ref_name, me.customer));
    expect(audit.map((a) => [a.action, a.ref_doctype, a.user, a.role])).toEqual([['export', 'Personal Data', me.name, 'Member']]);
    const [request] = await server.database.db.select().from(privacyRequests).where(eq(privacyRequests.customer, me.customer));
    expect(request).toMatchObject({ kind: 'access', status: 'completed', channel: 'app' });
  });

  it(`is limited to ${EXPORTS_PER_DAY} a day, with its code`, async () => {
    const me = await createMember(server);
    for (let i = 0; i < EXPORTS_PER_DAY; i++) expect((await download(me.session)).statusCode).toBe(200);
    const refused = await download(me.session);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error_code).toBe('export_rate_limited');
  });

  it('a manager answers an access request made to staff: the member’s copy, the request completed, audited and in the access log', async () => {
    const me = await createMember(server);
    const lm = new Session(server.app);
    await lm.login(LOYALTY_MANAGER.usr, LOYALTY_MANAGER.pwd);
    const recorded = await lm.call(PRIVACY_RECORD_REQUEST.path, { customer: me.customer, kind: 'access' });
    expect(recorded.statusCode, recorded.body).toBe(200);
    expect(recorded.json().message).toMatchObject({ status: 'open', kind: 'access', channel: 'back_office' });
    const res = await lm.call(PRIVACY_EXPORT_MEMBER_DATA.path, { customer: me.customer }, 'GET');
    expect(res.statusCode, res.body).toBe(200);
    expect(v.parse(MyDataSchema, JSON.parse(res.body)).profile.customer).toBe(me.customer);
    const requests = await server.database.db.select().from(privacyRequests).where(eq(privacyRequests.customer, me.customer));
    expect(requests.map((r) => [r.kind, r.status, r.completed_by])).toEqual([['access', 'completed', LOYALTY_MANAGER.usr]]);
    const audit = await server.database.db.select().from(auditLog).where(eq(auditLog.ref_name, me.customer));
    expect(audit.map((a) => [a.action, a.ref_doctype, a.user])).toEqual([['export', 'Personal Data', LOYALTY_MANAGER.usr]]);
    const logged = await server.database.db.select().from(personalDataAccess).where(eq(personalDataAccess.customer, me.customer));
    expect(logged.map((r) => [r.user, r.what])).toEqual([[LOYALTY_MANAGER.usr, 'export']]);
  });

  it('a manager has no data of their own to download', async () => {
    const lm = new Session(server.app);
    await lm.login(LOYALTY_MANAGER.usr, LOYALTY_MANAGER.pwd);
    expect((await download(lm)).statusCode).toBe(403);
  });
});
