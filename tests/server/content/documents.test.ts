import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createMember, createTestServer, Session, type TestServer } from '../../support/server';
import { seedDocuments } from '../../../server/seed/documents';

let server: TestServer;
let admin: Session;
let guest: Session;
let member: Awaited<ReturnType<typeof createMember>>;

const INFO_TITLES = ['Data Disclosure Consent', 'How To Collect Points', 'How To Redeem Rewards', 'Member Conditions', 'Detail of Blog'];

const enc = (q: Record<string, unknown>) => Object.fromEntries(Object.entries(q).map(([k, v]) => [k, JSON.stringify(v)]));
/** How the app reads a document: by title, fields name and description. */
async function byTitle(s: Session, doctype: string, title: string) {
  const res = await s.request({
    method: 'GET',
    url: `/api/resource/${encodeURIComponent(doctype)}`,
    query: enc({ filters: [['title', '=', title]], fields: ['name', 'description'], limit: 1 }),
  });
  expect(res.statusCode).toBe(200);
  return res.json().data[0] as { name: string; description: string } | undefined;
}

beforeAll(async () => {
  server = await createTestServer();
  await server.database.db.transaction((tx) => seedDocuments(tx));
  admin = new Session(server.app);
  expect((await admin.login(ADMIN.usr, ADMIN.pwd)).statusCode).toBe(200);
  guest = new Session(server.app);
  member = await createMember(server);
}, 120_000);
afterAll(() => server.close());

describe('information documents', () => {
  it.each(INFO_TITLES)('guests read "%s" by title: real Thai rich text', async (title) => {
    const doc = await byTitle(guest, 'Information Document', title);
    expect(doc?.name).toBe(title);
    expect(doc!.description).toMatch(/[\u0E00-\u0E7F]{20,}/);
    expect(doc!.description).toMatch(/<p>|<li>/);
    expect(doc!.description.length).toBeGreaterThan(300);
  });

  it('the terms document and the redeem conditions are read like Frappe does', async () => {
    const terms = await byTitle(guest, 'Terms and Conditions Document', 'Terms and Conditions');
    expect(terms!.description).toContain('ข้อกำหนด');
    // A Single: the name segment is ignored (the original app calls it with "[object Object]").
    const res = await guest.request({ method: 'GET', url: `/api/resource/${encodeURIComponent('Condition of redeem items')}/${encodeURIComponent('[object Object]')}` });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'Condition of redeem items', doctype: 'Condition of redeem items' });
    expect(res.json().data.description).toContain('<li>');
  });

  it('each doctype sees only its own documents, even for a System Manager', async () => {
    for (const s of [guest, admin]) {
      const res = await s.request({ method: 'GET', url: '/api/resource/Information Document', query: enc({ fields: ['title'], limit: 0 }) });
      expect(res.json().data.map((d: { title: string }) => d.title).sort()).toEqual([...INFO_TITLES].sort());
    }
    const terms = await admin.request({ method: 'GET', url: '/api/resource/Information Document/Terms and Conditions' });
    expect(terms.statusCode).toBe(404);
    const single = await admin.request({ method: 'GET', url: '/api/resource/Condition of redeem items/x' });
    expect(single.json().data.name).toBe('Condition of redeem items');
  });

  it('the points rules quoted in the texts are the programme’s', async () => {
    const doc = await byTitle(guest, 'Information Document', 'How To Collect Points');
    expect(doc!.description).toMatch(/ทุกยอดซื้อสุทธิ [\d,]+ บาท รับ 1 คะแนน/);
  });
});

describe('HTML is sanitised on the way in', () => {
  const evil =
    '<p onclick="alert(1)">สวัสดี <strong>สมาชิก</strong></p><script>window.__pwned = 1</script>' +
    '<img src="x" onerror="window.__pwned = 2"><img src="https://example.com/a.png" alt="a">' +
    '<a href="javascript:alert(3)">คลิก</a><a href="https://example.com" target="_blank">ลิงก์</a>' +
    '<iframe src="https://evil.example"></iframe><style>body{display:none}</style><div style="position:fixed">x</div>';

  function expectClean(html: string) {
    expect(html).not.toMatch(/<script|<\/script|__pwned|onerror|onclick|javascript:|<iframe|<style|style=/i);
    expect(html).toContain('<strong>สมาชิก</strong>');
    expect(html).toContain('<img src="https://example.com/a.png" alt="a" />');
    expect(html).toContain('rel="noopener noreferrer"');
    // The image that had no alt gets an empty one (decorative), never none.
    expect(html).not.toMatch(/<img(?![^>]*\balt=)[^>]*>/);
  }

  it('an update by the admin is stored without script, handlers or javascript: links', async () => {
    const res = await admin.request({
      method: 'PUT',
      url: '/api/resource/Information Document/Member Conditions',
      payload: { description: evil },
    });
    expect(res.statusCode).toBe(200);
    expectClean(res.json().data.description);
    expectClean((await byTitle(guest, 'Information Document', 'Member Conditions'))!.description);
  });

  it('a new document is cleaned too, and named by its title', async () => {
    const res = await admin.request({
      method: 'POST',
      url: '/api/resource/Information Document',
      payload: { title: 'Promotion Rules', description: evil },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.name).toBe('Promotion Rules');
    expectClean((await byTitle(guest, 'Information Document', 'Promotion Rules'))!.description);
    const single = await admin.request({ method: 'PUT', url: '/api/resource/Condition of redeem items/Condition of redeem items', payload: { description: evil } });
    expect(single.statusCode).toBe(200);
    expectClean(single.json().data.description);
  });

  it('members and guests cannot edit documents', async () => {
    for (const s of [member.session, guest]) {
      const res = await s.request({ method: 'PUT', url: '/api/resource/Information Document/How To Collect Points', payload: { description: 'x' } });
      expect(res.statusCode).toBe(403);
      const created = await s.request({ method: 'POST', url: '/api/resource/Information Document', payload: { title: 'Mine', description: 'x' } });
      expect(created.statusCode).toBe(403);
    }
    expect((await byTitle(guest, 'Information Document', 'How To Collect Points'))!.description).not.toBe('x');
  });

  it('a title is required', async () => {
    const res = await admin.request({ method: 'POST', url: '/api/resource/Information Document', payload: { description: '<p>x</p>' } });
    expect(res.statusCode).toBe(417);
  });
});

describe('member_rewards.api.get_loyalty_program', () => {
  it('tells anyone the programme’s public figures, and null for an unknown programme', async () => {
    const { loyaltyPrograms } = await import('../../../server/db/schema/loyalty');
    await server.database.db.insert(loyaltyPrograms).values({ name: 'Test Programme', collection_factor: 20, conversion_factor: 0.5, expiry_duration: 180 });
    const res = await guest.call('member_rewards.api.get_loyalty_program', { name: 'Test Programme' }, 'GET');
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toEqual({ name: 'Test Programme', collection_factor: 20, conversion_factor: 0.5, expiry_duration: 180 });
    const none = await guest.call('member_rewards.api.get_loyalty_program', { name: 'Nope' }, 'GET');
    expect(none.json().message).toBeNull();
  });
});
