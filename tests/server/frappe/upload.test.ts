import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createMember, createTestServer, serverMessage, Session, STAFF, type TestServer } from '../../support/server';
import { userWithRoles } from '../blog/helpers';
import { multipart, PNG } from '../../support/multipart';

let server: TestServer;
let member: Awaited<ReturnType<typeof createMember>>;
let admin: Session;
let blogger: Awaited<ReturnType<typeof userWithRoles>>;
beforeAll(async () => {
  server = await createTestServer({ maxUploadBytes: 1024 });
  member = await createMember(server);
  admin = new Session(server.app);
  expect((await admin.login(ADMIN.usr, ADMIN.pwd)).statusCode).toBe(200);
  blogger = await userWithRoles(server, ['Blog Manager']);
});
afterAll(() => server.close());

const upload = (s: Session, fields: Record<string, string>, file?: { name: string; type: string; data: Buffer }) =>
  s.request({ method: 'POST', url: '/api/method/upload_file', ...multipart(fields, file) });
const withAuth = (body: ReturnType<typeof multipart>, authorization: string) => ({ ...body, headers: { ...body.headers, authorization } });
const dot = { name: 'dot.png', type: 'image/png', data: PNG };

describe('upload_file', () => {
  it('stores an image and serves it under /files/', async () => {
    const res = await upload(admin, {}, dot);
    expect(res.statusCode).toBe(200);
    const doc = res.json().message;
    expect(doc).toMatchObject({ file_name: 'dot.png', is_private: 0, file_size: PNG.length, doctype: 'File' });
    const served = await server.app.inject({ method: 'GET', url: doc.file_url });
    expect(served.statusCode).toBe(200);
    expect(served.headers['content-type']).toBe('image/png');
    expect(served.rawPayload.equals(PNG)).toBe(true);
  });

  it('boot tells the app the upload limit (max_file_size, as in Frappe), so a form can check a file before sending it', async () => {
    const boot = await admin.call('member_rewards.api.boot', {}, 'GET');
    expect(boot.json().message.max_file_size).toBe(1024);
  });

  it('refuses a file over the size limit', async () => {
    const big = Buffer.concat([PNG, Buffer.alloc(2048)]);
    const res = await upload(admin, {}, { name: 'big.png', type: 'image/png', data: big });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ exc_type: 'PayloadTooLarge', error_code: 'file_too_large' });
  });

  it('refuses types outside the list and content that lies about its type', async () => {
    const html = await upload(admin, {}, { name: 'x.html', type: 'text/html', data: Buffer.from('<script>alert(1)</script>') });
    expect(html.statusCode).toBe(417);
    expect(serverMessage(html.json())).toContain('You can only upload');
    expect(html.json().error_code).toBe('file_type_not_allowed');
    const fake = await upload(admin, {}, { name: 'x.png', type: 'image/png', data: Buffer.from('<svg onload=alert(1)>') });
    expect(fake.statusCode).toBe(417);
  });

  it('a Blog Manager without System Manager may upload, by cookie or API token', async () => {
    expect((await upload(blogger.session, {}, dot)).statusCode).toBe(200);
    const viaToken = await server.app.inject({ method: 'POST', url: '/api/method/upload_file', ...withAuth(multipart({}, dot), blogger.token) });
    expect(viaToken.statusCode, viaToken.body).toBe(200);
  });

  it("refuses members (cookie and API token), staff and guests with Frappe's PermissionError", async () => {
    const withToken = await userWithRoles(server, ['Member']);
    const staff = new Session(server.app);
    expect((await staff.login(STAFF.usr, STAFF.pwd)).statusCode).toBe(200);
    const answers = {
      'member cookie': await upload(member.session, {}, dot),
      'member token': await server.app.inject({ method: 'POST', url: '/api/method/upload_file', ...withAuth(multipart({}, dot), withToken.token) }),
      staff: await upload(staff, {}, dot),
      guest: await upload(new Session(server.app), {}, dot),
    };
    for (const [who, res] of Object.entries(answers)) {
      expect(res.statusCode, who).toBe(403);
      expect(res.json(), who).toMatchObject({ exc_type: 'PermissionError' });
      expect(serverMessage(res.json()), who).toBe('You are not permitted to upload files.');
    }
  });

  it('needs CSRF with a cookie session', async () => {
    const noCsrf = await admin.request({ method: 'POST', url: '/api/method/upload_file', csrf: false, ...multipart({}, dot) });
    expect(noCsrf.statusCode).toBe(400);
  });

  it('serves a private file to its owner (and System Managers) only', async () => {
    const res = await upload(blogger.session, { is_private: '1' }, { name: 'secret.png', type: 'image/png', data: PNG });
    const url = res.json().message.file_url as string;
    expect(url).toMatch(/^\/private\/files\//);
    expect((await blogger.session.request({ method: 'GET', url })).statusCode).toBe(200);
    expect((await admin.request({ method: 'GET', url })).statusCode).toBe(200);
    const otherBlogger = await userWithRoles(server, ['Blog Manager']);
    expect((await otherBlogger.session.request({ method: 'GET', url })).statusCode).toBe(404);
    expect((await member.session.request({ method: 'GET', url })).statusCode).toBe(404);
    expect((await server.app.inject({ method: 'GET', url })).statusCode).toBe(404);
    expect((await server.app.inject({ method: 'GET', url: url.replace('/private', '') })).statusCode).toBe(404);
  });
});
