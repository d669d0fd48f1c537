import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTestServer, Session, type TestServer } from '../support/server';
import { newPhone } from '../server/account/helpers';

/** Rate limits hold under a burst of 200 rapid attempts (login and one-time codes). */
let server: TestServer;
beforeAll(async () => {
  server = await createTestServer();
}, 120_000);
afterAll(() => server.close());

describe('rate limits under 200 rapid attempts', () => {
  it('lets at most 10 password guesses through for one account', async () => {
    const m = await createMember(server);
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) => new Session(server.app, `10.3.${Math.floor(i / 250)}.${i % 250}`).login(m.name, `guess-${i}`)),
    );
    const checked = results.filter((r) => r.statusCode === 401).length;
    expect(checked).toBeLessThanOrEqual(10);
    expect(results.filter((r) => r.statusCode === 429).length).toBeGreaterThanOrEqual(190);
  }, 120_000);

  it('lets at most 5 wrong one-time codes be checked for one phone', async () => {
    const m = await createMember(server);
    const phone = newPhone();
    const sent = await m.session.call('honda_api.api_calls.verifyuser.getphone', { userphone: phone }, 'GET');
    expect(sent.statusCode).toBe(200);
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        m.session.call('honda_api.api_calls.verifyuser.verifyotp', { userphone: phone, otp: String(100000 + i) }),
      ),
    );
    const answered = results.filter((r) => r.statusCode === 200);
    const refused = results.filter((r) => r.statusCode === 429);
    expect(answered.length + refused.length).toBe(200);
    // However the burst interleaves, no more than a handful of guesses are ever compared with the code.
    expect(answered.filter((r) => r.json().message?.status === 'success')).toHaveLength(0);
    expect(refused.length).toBeGreaterThan(150);
  }, 120_000);
});
