import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createManagerServer, createMember, LOYALTY_MANAGER, Session, type TestServer } from '../../support/server';
import { approveOnDevPage, signInWithLine, startLine } from '../account/helpers';
import { customers } from '../../../server/db/schema/customers';
import { users } from '../../../server/db/schema/auth';
import { privacyConsents } from '../../../server/db/schema/privacy';
import { devIdToken, newLineSub } from '../../../server/modules/account/line';
import {
  PRIVACY_GET_CONSENTS, PRIVACY_GET_MEMBER_CONSENTS, PRIVACY_GET_NOTICE, PRIVACY_LIST_NOTICES, PRIVACY_PUBLISH_NOTICE, PRIVACY_SET_CONSENT, PRIVACY_SET_MEMBER_CONSENT,
} from '../../../contracts/privacy';
import { ADMIN_METHODS } from '../../../contracts/admin';
import { notificationEvents } from '../../../server/db/schema/notifications';
import { auditOf } from '../admin/support';

vi.setConfig({ testTimeout: 60_000 });

let server: TestServer;
let manager: Session;
beforeAll(async () => {
  // The demo data: a loyalty programme to award points in.
  ({ server, manager } = await createManagerServer());
}, 600_000);
afterAll(() => server?.close());

const notice = (n: number) => ({
  title: { th: `นโยบายฉบับที่ ${n}`, en: `Policy version ${n}` },
  intro: { th: 'โปรดอ่าน', en: 'Please read' },
  sections: [{ title: { th: '1. ข้อมูล', en: '1. Data' }, body: { th: 'เนื้อหา', en: 'Text' } }],
});

async function customerOf(user: string) {
  const [row] = await server.database.db.select().from(customers).where(eq(customers.user, user));
  return row!.name;
}
const ledgerOf = async (customer: string) =>
  server.database.db.select().from(privacyConsents).where(eq(privacyConsents.customer, customer)).orderBy(privacyConsents.id);

describe('the privacy notice', () => {
  it('is readable by anyone: the first version, dated, in Thai and English', async () => {
    const res = await new Session(server.app).call(PRIVACY_GET_NOTICE.path, {}, 'GET');
    expect(res.statusCode, res.body).toBe(200);
    const n = res.json().message;
    expect(n.version).toBe(1);
    expect(n.sections).toHaveLength(4);
    expect(n.title.th).toBe('นโยบายคุ้มครองข้อมูลส่วนบุคคล');
    expect(n.title.en).toBe('Personal data protection policy');
    expect(Number.isNaN(Date.parse(n.published_at))).toBe(false);
  });

  it('an unknown version is a 417 with its code', async () => {
    const res = await new Session(server.app).call(PRIVACY_GET_NOTICE.path, { version: '99' }, 'GET');
    expect(res.statusCode).toBe(417);
    expect(res.json().error_code).toBe('privacy_version_unknown');
  });
});

describe('consent on record', () => {
  it('a LINE sign-in records the privacy-notice consent with the version the modal showed, once', async () => {
    const s = new Session(server.app);
    const { state, nonce } = await startLine(s, { privacy_version: '1' });
    const callback = await approveOnDevPage(s, state, nonce, { name: 'Consent Tester' });
    const res = await s.request({ method: 'GET', url: callback });
    expect(res.statusCode).toBe(302);
    const user = (await s.call('member_rewards.api.boot', {}, 'GET')).json().message.user as string;
    const customer = await customerOf(user);
    const rows = await ledgerOf(customer);
    expect(rows.map((r) => [r.purpose, r.granted, r.version, r.source])).toEqual([['privacy_notice', true, 1, 'sign_in']]);

    const consents = await s.call(PRIVACY_GET_CONSENTS.path, {}, 'GET');
    expect(consents.statusCode, consents.body).toBe(200);
    expect(consents.json().message).toMatchObject({ current_notice_version: 1, consents: { privacy_notice: { granted: 1, version: 1 }, marketing: null } });
  });

  it('refuses to start a sign-in with a version never published', async () => {
    const res = await new Session(server.app).call('honda_api.api_calls.linetoken.get_oauth2_authorize_url', { privacy_version: '7' }, 'GET');
    expect(res.statusCode).toBe(417);
    expect(res.json().error_code).toBe('privacy_version_unknown');
  });

  it('a LIFF sign-in records it too (source liff), with the current version when none is sent', async () => {
    const sub = newLineSub();
    const idToken = await devIdToken(server.database.db, { sub, name: 'LIFF Consent' });
    const s = new Session(server.app);
    const res = await s.call('member_rewards.account.liff_login', { id_token: idToken });
    expect(res.statusCode, res.body).toBe(200);
    const [u] = await server.database.db.select().from(users).where(eq(users.line_sub, sub));
    const rows = await ledgerOf(await customerOf(u!.name));
    expect(rows.map((r) => [r.purpose, r.granted, r.version, r.source])).toEqual([['privacy_notice', true, 1, 'liff']]);
  });

  it('publishing a new version asks again: the member agreed to 1, the current one is 2, and agreeing records 2', async () => {
    const { s, user } = await signInWithLine(server, { name: 'Re-ask Tester' });
    const published = await manager.call(PRIVACY_PUBLISH_NOTICE.path, notice(2));
    expect(published.statusCode, published.body).toBe(200);
    expect(published.json().message.version).toBe(2);
    expect((await auditOf(server, '2')).filter((a) => a.ref_doctype === 'Privacy Notice').map((a) => a.action)).toEqual(['publish']);

    const before = (await s.call(PRIVACY_GET_CONSENTS.path, {}, 'GET')).json().message;
    expect(before.current_notice_version).toBe(2);
    expect(before.consents.privacy_notice.version).toBe(1);

    const agreed = await s.call(PRIVACY_SET_CONSENT.path, { purpose: 'privacy_notice', granted: 1, version: 2 });
    expect(agreed.statusCode, agreed.body).toBe(200);
    expect(agreed.json().message.consents.privacy_notice.version).toBe(2);
    const rows = await ledgerOf(await customerOf(user));
    expect(rows.map((r) => [r.version, r.source])).toEqual([[1, 'sign_in'], [2, 'settings']]);

    const list = await manager.call(PRIVACY_LIST_NOTICES.path, {}, 'GET');
    expect(list.statusCode, list.body).toBe(200);
    const rowsByVersion = Object.fromEntries(list.json().message.rows.map((r: { version: number; members_agreed: number }) => [r.version, r.members_agreed]));
    expect(rowsByVersion[2]).toBe(1);
  });

  it('granting the notice needs the version; an unknown one is refused', async () => {
    const { s } = await signInWithLine(server, { name: 'Version Tester' });
    const none = await s.call(PRIVACY_SET_CONSENT.path, { purpose: 'privacy_notice', granted: 1 });
    expect(none.statusCode).toBe(417);
    expect(none.json().error_code).toBe('privacy_version_required');
    const unknown = await s.call(PRIVACY_SET_CONSENT.path, { purpose: 'privacy_notice', granted: 1, version: 40 });
    expect(unknown.statusCode).toBe(417);
    expect(unknown.json().error_code).toBe('privacy_version_unknown');
  });

  it('marketing is opt-in: off until given, given and withdrawn in one call each, every change on the ledger', async () => {
    const m = await createMember(server);
    const start = (await m.session.call(PRIVACY_GET_CONSENTS.path, {}, 'GET')).json().message;
    expect(start.consents.marketing).toBeNull();
    const on = await m.session.call(PRIVACY_SET_CONSENT.path, { purpose: 'marketing', granted: 1 });
    expect(on.json().message.consents.marketing.granted).toBe(1);
    const off = await m.session.call(PRIVACY_SET_CONSENT.path, { purpose: 'marketing', granted: 0 });
    expect(off.json().message.consents.marketing.granted).toBe(0);
    const rows = await ledgerOf(m.customer);
    expect(rows.map((r) => [r.purpose, r.granted, r.source])).toEqual([
      ['marketing', true, 'settings'],
      ['marketing', false, 'settings'],
    ]);
  });

  it('the ledger is append-only: no update or delete of a consent', async () => {
    const db = server.database.db;
    const refusal = (p: Promise<unknown>) =>
      p.then(
        () => 'allowed',
        (err: { message?: string; cause?: { message?: string } }) => String(err.cause?.message ?? err.message),
      );
    expect(await refusal(db.execute(sql`update privacy_consents set granted = not granted`))).toMatch(/append-only/);
    expect(await refusal(db.execute(sql`delete from privacy_consents`))).toMatch(/append-only/);
  });

  it('a member sees only their own consents (the ledger is keyed by the session, never by an argument)', async () => {
    const a = await createMember(server);
    const b = await createMember(server);
    await a.session.call(PRIVACY_SET_CONSENT.path, { purpose: 'marketing', granted: 1, customer: b.customer });
    expect((await ledgerOf(b.customer)).length).toBe(0);
    expect((await ledgerOf(a.customer)).length).toBe(1);
  });
});

describe('consent on the member’s behalf, and what marketing consent does not touch', () => {
  it('a manager records a consent the member gave to staff: source back_office, the manager as recorder, audited', async () => {
    const m = await createMember(server);
    const res = await manager.call(PRIVACY_SET_MEMBER_CONSENT.path, { customer: m.customer, purpose: 'marketing', granted: 1 });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message.consents.marketing.granted).toBe(1);
    expect((await ledgerOf(m.customer)).map((r) => [r.purpose, r.granted, r.source, r.recorded_by])).toEqual([['marketing', true, 'back_office', LOYALTY_MANAGER.usr]]);
    expect((await auditOf(server, m.customer)).map((a) => [a.action, a.ref_doctype, a.user])).toEqual([['update', 'Personal Data', LOYALTY_MANAGER.usr]]);
  });

  it('a manager reads a member’s consents as the member would: nothing asked yet, then the member’s own yes to offers', async () => {
    const m = await createMember(server);
    const before = await manager.call(PRIVACY_GET_MEMBER_CONSENTS.path, { customer: m.customer }, 'GET');
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json().message.consents).toEqual({ privacy_notice: null, marketing: null });
    expect((await m.session.call(PRIVACY_SET_CONSENT.path, { purpose: 'marketing', granted: 1 })).statusCode).toBe(200);
    const after = await manager.call(PRIVACY_GET_MEMBER_CONSENTS.path, { customer: m.customer }, 'GET');
    expect(after.json().message.consents.marketing.granted).toBe(1);
    const unknown = await manager.call(PRIVACY_GET_MEMBER_CONSENTS.path, { customer: 'CUST-NOBODY' }, 'GET');
    expect([unknown.statusCode, unknown.json().error_code]).toEqual([404, 'member_not_found']);
  });

  it('a member who never agreed to offers still hears about their points (a transactional notice)', async () => {
    const m = await createMember(server);
    const adjusted = await manager.call(ADMIN_METHODS.adjustPoints, { customer: m.customer, points: 10, reason: 'goodwill' }, 'POST', { 'idempotency-key': 'consent-transactional' });
    expect(adjusted.statusCode, adjusted.body).toBe(200);
    const events = await server.database.db.select().from(notificationEvents).where(eq(notificationEvents.user, m.name));
    expect(events.map((e) => e.kind)).toEqual(['points_adjusted']);
    expect((await ledgerOf(m.customer)).filter((r) => r.purpose === 'marketing')).toEqual([]);
  });
});

describe('signing in does not pile up consents', () => {
  it('signing in again with the version already agreed to records nothing new', async () => {
    const first = await signInWithLine(server, { name: 'Twice' });
    const customer = await customerOf(first.user);
    const [u] = await server.database.db.select().from(users).where(eq(users.name, first.user));
    const idToken = await devIdToken(server.database.db, { sub: u!.line_sub!, name: 'Twice' });
    const again = await new Session(server.app).call('member_rewards.account.liff_login', { id_token: idToken });
    expect(again.statusCode, again.body).toBe(200);
    expect((await ledgerOf(customer)).filter((r) => r.purpose === 'privacy_notice')).toHaveLength(1);
  });
});
