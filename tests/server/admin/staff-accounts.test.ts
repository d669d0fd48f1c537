import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import * as v from 'valibot';
import { desc, eq } from 'drizzle-orm';
import { ADMIN, createMember, createTestServer, Session, type TestServer } from '../../support/server';
import { ADMIN_METHODS as M, StaffRowSchema } from '../../../contracts/admin';
import { memberCodeAt, type MemberCodeDevice } from '../../../contracts/member-code';
import { mailOutbox } from '../../../server/db/schema/auth';
import { BRANCHES } from '../../../server/seed/constants';
import { auditOf, errorCode, managers } from './support';

vi.setConfig({ testTimeout: 30_000 });

let server: TestServer;
let lm: Session;
let bm: Session;
beforeAll(async () => {
  server = await createTestServer({ seedDemo: true });
  ({ loyalty: lm, branch: bm } = await managers(server));
}, 120_000);
afterAll(() => server.close());

const [SIAM, CHIANG_MAI] = BRANCHES;

async function mailedKey(to: string): Promise<string> {
  const [mail] = await server.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, to)).orderBy(desc(mailOutbox.id)).limit(1);
  return decodeURIComponent(/update-password\?key=(\S+)/.exec(mail?.body ?? '')![1]!);
}

/** Creates an account through the back office and sets its password through the mailed link, as the person would. */
async function hire(by: Session, email: string, branch: string, extra: Record<string, unknown> = {}) {
  const res = await by.call(M.createStaff, { email, full_name: `พนักงาน ${email}`, branch, ...extra });
  expect(res.statusCode, res.body).toBe(200);
  const set = await new Session(server.app).call('frappe.core.doctype.user.user.update_password', { key: await mailedKey(email), new_password: 'a-new-staff-password' });
  expect(set.statusCode, set.body).toBe(200);
  const session = new Session(server.app);
  expect((await session.login(email, 'a-new-staff-password')).statusCode).toBe(200);
  return { answer: res.json().message, session };
}

describe('staff accounts', () => {
  it('a Loyalty Manager adds staff to any branch; a link to set the password is mailed; it signs in at the till', async () => {
    const { answer, session } = await hire(lm, 'cashier1@example.com', CHIANG_MAI);
    expect(v.parse(StaffRowSchema, answer)).toMatchObject({ name: 'cashier1@example.com', role: 'Store Staff', branch: CHIANG_MAI, enabled: true, daily_award_cap: null });
    expect(answer.reset_sent).toBe(true);
    const boot = (await session.call('member_rewards.api.boot', {}, 'GET')).json().message;
    expect(boot).toMatchObject({ roles: ['Store Staff'], branch: CHIANG_MAI });
    const dup = await lm.call(M.createStaff, { email: 'cashier1@example.com', full_name: 'x', branch: SIAM });
    expect(dup.statusCode).toBe(409);
    expect(errorCode(dup)).toBe('email_in_use');
    // The same address in other letters is the same address.
    const shouted = await lm.call(M.createStaff, { email: 'CASHIER1@Example.com', full_name: 'x', branch: SIAM });
    expect(errorCode(shouted)).toBe('email_in_use');
    expect((await auditOf(server, 'cashier1@example.com'))[0]).toMatchObject({ action: 'create', ref_doctype: 'User', branch: CHIANG_MAI, role: 'Loyalty Manager' });
  });

  it('a Branch Manager sees and adds only their own branch’s Store Staff', async () => {
    await hire(lm, 'cashier2@example.com', CHIANG_MAI);
    await hire(bm, 'cashier3@example.com', SIAM);
    const own = (await bm.call(M.listStaff, { branch: CHIANG_MAI, limit: 200 }, 'GET')).json().message;
    expect(own.rows.every((r: { branch: string }) => r.branch === SIAM)).toBe(true);
    expect(own.rows.map((r: { name: string }) => r.name)).toEqual(expect.arrayContaining(['staff@example.com', 'cashier3@example.com']));
    expect(own.total).toBe(own.rows.length);
    const all = (await lm.call(M.listStaff, { limit: 200 }, 'GET')).json().message.rows.map((r: { name: string }) => r.name);
    expect(all).toEqual(expect.arrayContaining(['cashier2@example.com', 'cashier3@example.com', 'branch.manager@example.com']));

    const elsewhere = await bm.call(M.createStaff, { email: 'x1@example.com', full_name: 'x', branch: CHIANG_MAI });
    expect([elsewhere.statusCode, errorCode(elsewhere)]).toEqual([403, 'not_your_branch']);
    const manager = await bm.call(M.createStaff, { email: 'x2@example.com', full_name: 'x', branch: SIAM, role: 'Branch Manager' });
    expect([manager.statusCode, errorCode(manager)]).toEqual([403, 'role_not_allowed']);
    for (const change of [{ enabled: 0 }, { daily_award_cap: 10 }]) {
      const res = await bm.call(M.updateStaff, { user: 'cashier2@example.com', ...change });
      expect([res.statusCode, errorCode(res)]).toEqual([404, 'staff_not_found']);
    }
    const self = await bm.call(M.updateStaff, { user: 'branch.manager@example.com', daily_award_cap: 1 });
    expect(errorCode(self)).toBe('cannot_change_self');
    // The Branch Manager reads the audit rows of their branch only.
    const audit = (await bm.request({ method: 'GET', url: '/api/resource/Audit Log', query: { fields: '["ref_name","branch"]', limit: '0' } })).json().data;
    expect(audit.map((r: { ref_name: string }) => r.ref_name)).toContain('cashier3@example.com');
    expect(audit.every((r: { branch: string }) => r.branch === SIAM)).toBe(true);
  });

  it('disabling ends the account’s sessions and API tokens at once; enabling lets it sign in again', async () => {
    const { session } = await hire(bm, 'cashier4@example.com', SIAM);
    const token = (await new Session(server.app).call('frappeauth_app.authentication.login', { usr: 'cashier4@example.com', pwd: 'a-new-staff-password' })).json().message.token;
    const withToken = () => server.app.inject({ method: 'GET', url: '/api/method/frappe.auth.get_logged_user', headers: { authorization: `token ${token}` } });
    expect((await withToken()).statusCode).toBe(200);

    const off = await bm.call(M.updateStaff, { user: 'cashier4@example.com', enabled: 0 });
    expect(off.json().message).toMatchObject({ enabled: false });
    expect((await session.call('member_rewards.staff.actions', {}, 'GET')).statusCode).toBe(403);
    expect((await withToken()).statusCode).toBe(401);
    expect((await new Session(server.app).login('cashier4@example.com', 'a-new-staff-password')).statusCode).toBe(401);

    await bm.call(M.updateStaff, { user: 'cashier4@example.com', enabled: 1 });
    expect((await new Session(server.app).login('cashier4@example.com', 'a-new-staff-password')).statusCode).toBe(200);
    expect((await withToken()).statusCode).toBe(401);
    const rows = (await auditOf(server, 'cashier4@example.com')).map((r) => [r.action, r.before, r.after]);
    expect(rows.slice(1)).toEqual([['update', { enabled: true }, { enabled: false }], ['update', { enabled: false }, { enabled: true }]]);
  });

  it('moving to another branch is the Loyalty Manager’s; the account then works for the new branch only', async () => {
    const { session } = await hire(lm, 'cashier5@example.com', SIAM);
    const refused = await bm.call(M.updateStaff, { user: 'cashier5@example.com', branch: CHIANG_MAI });
    expect([refused.statusCode, errorCode(refused)]).toEqual([403, 'not_your_branch']);
    const moved = await lm.call(M.updateStaff, { user: 'cashier5@example.com', branch: CHIANG_MAI });
    expect(moved.json().message.branch).toBe(CHIANG_MAI);
    expect((await session.call('member_rewards.api.boot', {}, 'GET')).json().message.branch).toBe(CHIANG_MAI);
    const unknown = await lm.call(M.updateStaff, { user: 'cashier5@example.com', branch: 'สาขาไม่มีจริง' });
    expect(errorCode(unknown)).toBe('branch_not_found');
  });

  it('sends a fresh password link on request, which sets the password; only to staff accounts', async () => {
    await hire(lm, 'cashier6@example.com', SIAM);
    const sent = await bm.call(M.sendStaffPasswordReset, { user: 'cashier6@example.com' });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json().message).toEqual({ user: 'cashier6@example.com', sent: true });
    const key = await mailedKey('cashier6@example.com');
    const used = await new Session(server.app).call('frappe.core.doctype.user.user.update_password', { key, new_password: 'another-new-password' });
    expect(used.statusCode).toBe(200);
    expect(errorCode(await lm.call(M.sendStaffPasswordReset, { user: ADMIN.usr }))).toBe('staff_not_found');
  });

  it('holds a staff account to its own daily award cap, across members', async () => {
    const { session: till } = await hire(lm, 'cashier7@example.com', SIAM, { daily_award_cap: 30 });
    const award = async (n: number) => {
      const m = await createMember(server);
      const device = (await m.session.call('member_rewards.member_code.register_device', {})).json().message as MemberCodeDevice;
      return till.call('member_rewards.staff.award_points', { member_code: await memberCodeAt(device), amount: 25 * n, receipt_no: `CAP-${n}-${Math.random().toString(36).slice(2, 8)}` });
    };
    expect((await award(20)).json().message.points).toBe(20);
    const over = await award(11);
    expect(over.statusCode).toBe(417);
    expect(over.json()).toMatchObject({ reason: 'staff_daily_cap', cap: 30, remaining: 10 });
    expect((await award(10)).statusCode).toBe(200);
    await lm.call(M.updateStaff, { user: 'cashier7@example.com', daily_award_cap: null });
    expect((await award(11)).statusCode).toBe(200);
  });
});
