import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, serverMessage, Session, type TestServer } from '../../support/server';
import { resource } from './helpers';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
});
afterAll(async () => server?.close());

const SIGN_UP = 'member_rewards.marketing.sign_up';

describe('marketing sign-up', () => {
  it('creates a visitor account (no role, no points) that is signed in and can sign in again by username or email', async () => {
    const s = new Session(server.app, '10.0.0.1');
    const res = await s.call(SIGN_UP, { username: 'Baker.Fan', email: 'Fan@Example.com', password: 'long-enough-1' });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message).toMatchObject({ user: 'baker.fan', full_name: 'baker.fan' });
    const boot = await s.call('member_rewards.api.boot', {}, 'GET');
    expect(boot.json().message).toMatchObject({ user: 'baker.fan', roles: [] });
    for (const usr of ['baker.fan', 'fan@example.com']) {
      const again = new Session(server.app, '10.0.0.1');
      expect((await again.login(usr, 'long-enough-1')).statusCode).toBe(200);
    }
    // A visitor is not a member and not an admin.
    s.csrf = res.json().message.csrf_token;
    const write = await s.request({ method: 'POST', url: resource('Blog Category'), payload: { title: 'x' } });
    expect(write.statusCode).toBe(403);
  });

  it('refuses a taken username (in any case); an e-mail someone else gave reserves nothing and says nothing', async () => {
    const s = new Session(server.app, '10.0.0.2');
    expect((await s.call(SIGN_UP, { username: 'first', email: 'first@example.com', password: 'long-enough-1' })).statusCode).toBe(200);
    const dupName = await new Session(server.app, '10.0.0.2').call(SIGN_UP, { username: 'FIRST', email: 'other@example.com', password: 'long-enough-1' });
    expect(dupName.statusCode).toBe(409);
    expect(serverMessage(dupName.json())).toBe('This username is already registered');
    expect(dupName.json().error_code).toBe('username_taken');
    // The same address, or the admin's, signs up like any other: an unverified address claims nothing.
    const sameMail = await new Session(server.app, '10.0.0.3').call(SIGN_UP, { username: 'second', email: 'FIRST@example.com', password: 'long-enough-1' });
    expect(sameMail.statusCode).toBe(200);
    const adminMail = await new Session(server.app, '10.0.0.3').call(SIGN_UP, { username: 'admin2', email: 'admin@example.com', password: 'long-enough-1' });
    expect(adminMail.statusCode).toBe(200);
  });

  it('validates each field with a readable message', async () => {
    const cases: [Record<string, unknown>, string][] = [
      [{ email: 'a@example.com', password: 'long-enough-1' }, 'Username is required'],
      [{ username: 'ab', email: 'a@example.com', password: 'long-enough-1' }, 'Username must be at least 3 characters'],
      [{ username: 'a b c', email: 'a@example.com', password: 'long-enough-1' }, 'Username may contain only English letters, digits, dots, hyphens and underscores'],
      [{ username: 'abc', email: '', password: 'long-enough-1' }, 'Email is required'],
      [{ username: 'abc', email: 'not-an-email', password: 'long-enough-1' }, 'Please enter a valid email address'],
      [{ username: 'abc', email: 'a@example.com', password: 'short' }, 'Password must be at least 8 characters'],
    ];
    for (const [args, message] of cases) {
      const res = await new Session(server.app, '10.0.0.3').call(SIGN_UP, args);
      expect(res.statusCode, JSON.stringify(args)).toBe(417);
      expect(serverMessage(res.json())).toBe(message);
    }
  });

  it('limits sign-ups per address to 5 an hour', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 6; i++) {
      const res = await new Session(server.app, '10.0.0.9').call(SIGN_UP, { username: `rate${i}`, email: `rate${i}@example.com`, password: 'long-enough-1' });
      codes.push(res.statusCode);
    }
    expect(codes).toEqual([200, 200, 200, 200, 200, 429]);
  });
});
