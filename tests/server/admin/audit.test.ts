import { serverForFile } from '../../support/file-server';
import { describe, expect, it, vi } from 'vitest';
import * as v from 'valibot';
import { eq, sql } from 'drizzle-orm';
import { ADMIN, createMember, createTestServer, Session, STAFF, type TestServer } from '../../support/server';
import { AUDIT_ACTIONS, AUDIT_DOCTYPES, AUDIT_ROLES, AuditLogSchema } from '../../../contracts/admin';
import { memberCodeAt, type MemberCodeDevice } from '../../../contracts/member-code';
import { auditLog } from '../../../server/db/schema/audit';
import { branches } from '../../../server/db/schema/orders';
import { BRANCHES } from '../../../server/seed/constants';
import { gift, givePoints, PLACE_ORDER } from '../orders/support';
import { auditOf, backOfficeSessions } from './support';

vi.setConfig({ testTimeout: 30_000 });

let server: TestServer;
let lm: Session;
let bm: Session;
let admin: Session;
let staff: Session;
serverForFile(
  async () => {
    const started = await createTestServer({ seedDemo: true });
    return { server: started, ...(await backOfficeSessions(started)) };
  },
  (s) => ({ server, lm, bm, admin, staff } = s),
  120_000,
);

const LOG = '/api/resource/Audit Log';

describe('audit log', () => {
  it('records every staff award and confirmation at the till, with who, role, branch and IP; a refused award records none', async () => {
    const m = await createMember(server);
    const device = (await m.session.call('member_rewards.member_code.register_device', {})).json().message as MemberCodeDevice;
    const award = await staff.call('member_rewards.staff.award_points', { member_code: await memberCodeAt(device), amount: 250, receipt_no: 'R-AUDIT-1' });
    expect(award.statusCode, award.body).toBe(200);
    const [row] = await auditOf(server, award.json().message.entry);
    expect(row).toMatchObject({
      user: STAFF.usr, role: 'Store Staff', branch: BRANCHES[0], action: 'award_points', ref_doctype: 'Loyalty Point Entry', ip: '127.0.0.1',
      before: {}, after: { customer: m.customer, points: 10, amount: 250, receipt_no: 'R-AUDIT-1' },
    });
    const count = async () => (await server.database.db.select({ n: sql<number>`count(*)::int` }).from(auditLog))[0]!.n;
    const before = await count();
    const again = await staff.call('member_rewards.staff.award_points', { member_code: await memberCodeAt(device), amount: 250, receipt_no: 'R-AUDIT-1' });
    expect(again.statusCode).toBeGreaterThanOrEqual(400);
    expect(await count()).toBe(before);

    await givePoints(server, m.customer, 15);
    const placed = (await m.session.call(PLACE_ORDER, gift('GIFT-TOTE', 15))).json().message as { name: string; reward_code: string };
    const order = placed.name;
    expect((await staff.call('member_rewards.staff.confirm_reward', { code: placed.reward_code })).statusCode).toBe(200);
    const [confirm] = await auditOf(server, order);
    expect(confirm).toMatchObject({ action: 'confirm_reward', ref_doctype: 'Sales Invoice', branch: BRANCHES[0] });
    expect(confirm!.after).toEqual({ delivery_notes: [{ name: expect.stringMatching(/^MAT-DN-/), status: 'Submitted' }] });
  });

  it('records the other back-office writes over /api/resource too: blog and information documents', async () => {
    const category = await admin.request({ method: 'POST', url: '/api/resource/Blog Category', payload: { title: 'ข่าวสมาชิก' } });
    const name = category.json().data.name as string;
    await admin.request({ method: 'DELETE', url: `/api/resource/Blog Category/${encodeURIComponent(name)}` });
    expect((await auditOf(server, name)).map((r) => [r.action, r.ref_doctype, r.before, r.after])).toEqual([
      ['create', 'Blog Category', {}, { name, title: 'ข่าวสมาชิก' }],
      ['delete', 'Blog Category', { name, title: 'ข่าวสมาชิก' }, {}],
    ]);
    await admin.request({ method: 'PUT', url: '/api/resource/Information Document/Member Conditions', payload: { description: '<p>เงื่อนไขใหม่</p>' } });
    const [doc] = await auditOf(server, 'Member Conditions');
    expect(doc).toMatchObject({ action: 'update', ref_doctype: 'Information Document', after: { description: '<p>เงื่อนไขใหม่</p>' } });
  });

  it('records a System Manager disabling and re-enabling a staff account, with who, role, branch and the change', async () => {
    const email = 'till-audit@example.com';
    const created = await admin.call('member_rewards.staff.create_staff_user', { email, full_name: 'Till audit', password: 'a-long-password', branch: BRANCHES[1] });
    expect(created.statusCode, created.body).toBe(200);
    const off = await admin.call('member_rewards.staff.set_staff_user_enabled', { user: email, enabled: 0 });
    expect(off.statusCode, off.body).toBe(200);
    const on = await admin.call('member_rewards.staff.set_staff_user_enabled', { user: email, enabled: 1 });
    expect(on.statusCode, on.body).toBe(200);
    const rows = (await auditOf(server, email)).filter((r) => r.action === 'update');
    expect(rows.map((r) => ({ user: r.user, role: r.role, branch: r.branch, doctype: r.ref_doctype, before: r.before, after: r.after, ip: r.ip }))).toEqual([
      { user: ADMIN.usr, role: 'System Manager', branch: BRANCHES[1], doctype: 'User', before: { enabled: true }, after: { enabled: false }, ip: '127.0.0.1' },
      { user: ADMIN.usr, role: 'System Manager', branch: BRANCHES[1], doctype: 'User', before: { enabled: false }, after: { enabled: true }, ip: '127.0.0.1' },
    ]);
  });

  it('names only actions, kinds of record and roles the back office has words for (contracts/admin.ts)', async () => {
    const rows = await server.database.db.select().from(auditLog);
    expect(rows.length).toBeGreaterThan(0);
    const unknown = rows.filter(
      (r) => !(AUDIT_ACTIONS as readonly string[]).includes(r.action) || !(AUDIT_DOCTYPES as readonly string[]).includes(r.ref_doctype) || !(AUDIT_ROLES as readonly string[]).includes(r.role),
    );
    expect(unknown.map((r) => [r.action, r.ref_doctype, r.role])).toEqual([]);
  });

  it('is read-only for everyone: no method writes it and the database refuses any change', async () => {
    for (const s of [admin, lm]) {
      expect((await s.request({ method: 'POST', url: LOG, payload: { action: 'forged' } })).statusCode).toBe(403);
      expect((await s.request({ method: 'PUT', url: `${LOG}/x`, payload: { action: 'forged' } })).statusCode).toBe(403);
      expect((await s.request({ method: 'DELETE', url: `${LOG}/x` })).statusCode).toBe(403);
    }
    const db = server.database.db;
    await expect(db.update(auditLog).set({ action: 'forged' })).rejects.toThrow();
    await expect(db.delete(auditLog)).rejects.toThrow();
    await expect(db.execute(sql`truncate audit_log`)).rejects.toThrow();
  });

  it('shows System and Loyalty Managers every row and a Branch Manager the rows of their branch; members and staff nothing', async () => {
    await lm.request({ method: 'PUT', url: `/api/resource/Branch/${encodeURIComponent(BRANCHES[1])}`, payload: { phone: '053 000 000' } });
    const all = (s: Session) => s.request({ method: 'GET', url: LOG, query: { fields: '["*"]', limit: '0' } });
    for (const s of [admin, lm]) {
      const rows = (await all(s)).json().data as unknown[];
      expect(rows.map((r) => v.parse(AuditLogSchema, r).branch)).toEqual(expect.arrayContaining([BRANCHES[0], BRANCHES[1]]));
    }
    const own = (await all(bm)).json().data as { branch: string }[];
    expect(own.length).toBeGreaterThan(0);
    expect(own.every((r) => r.branch === BRANCHES[0])).toBe(true);
    const m = await createMember(server);
    expect((await all(m.session)).statusCode).toBe(403);
    expect((await all(staff)).statusCode).toBe(403);
  });

  it('commits with the change or not at all: when the audit row cannot be written, the change is rolled back', async () => {
    const db = server.database.db;
    await db.execute(sql.raw(`create function audit_fault() returns trigger language plpgsql as $$ begin raise exception 'audit down'; end $$`));
    await db.execute(sql.raw(`create trigger audit_fault before insert on audit_log for each row when (new.ref_name = 'สาขาทดลอง') execute function audit_fault()`));
    try {
      const res = await lm.request({ method: 'POST', url: '/api/resource/Branch', payload: { branch: 'สาขาทดลอง' } });
      expect(res.statusCode).toBe(500);
      expect(await db.select().from(branches).where(eq(branches.name, 'สาขาทดลอง'))).toEqual([]);
    } finally {
      await db.execute(sql.raw('drop trigger audit_fault on audit_log'));
    }
    expect((await lm.request({ method: 'POST', url: '/api/resource/Branch', payload: { branch: 'สาขาทดลอง' } })).statusCode).toBe(200);
  });
});
