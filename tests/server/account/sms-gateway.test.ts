import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { createTestServer, serverMessage, Session, type TestServer } from '../../support/server';
import { smsOutbox } from '../../../server/db/schema/auth';
import { say } from '../../../server/modules/account/messages';
import { newPhone, signInWithLine } from './helpers';

/**
 * The SMS HTTP-gateway adapter (server/modules/account/sms.ts), configured as SMS_GATEWAY_URL / SMS_GATEWAY_TOKEN
 * would configure it. The gateway is the SMS provider, outside our system, so only globalThis.fetch is stubbed:
 * it records what the server posts and plays the provider's answer.
 */
const GATEWAY = 'https://sms-gateway.example.test/v1/send';
const TOKEN = 'gateway-test-token';
const GETPHONE = 'honda_api.api_calls.verifyuser.getphone';
const VERIFY = 'honda_api.api_calls.verifyuser.verifyotp';
const FAILED = [say('th', 'smsFailed'), say('en', 'smsFailed')];

interface Posted {
  method?: string;
  headers: Headers;
  body: { to: string; message: string };
}

let server: TestServer;
let posted: Posted[] = [];
let provider: () => Promise<Response> = async () => new Response('{"ok":true}', { status: 200 });

beforeAll(async () => {
  server = await createTestServer({ sms: { url: GATEWAY, token: TOKEN } });
}, 60_000);
afterAll(() => server.close());

const realFetch = globalThis.fetch;
function stubGateway(answer: () => Promise<Response>) {
  posted = [];
  provider = answer;
  vi.stubGlobal('fetch', async (input: string | URL | Request, init?: RequestInit) => {
    const url = input instanceof Request ? input.url : String(input);
    if (url !== GATEWAY) return realFetch(input, init);
    posted.push({ method: init?.method, headers: new Headers(init?.headers), body: JSON.parse(String(init?.body)) });
    return provider();
  });
}
afterEach(() => {
  vi.unstubAllGlobals();
});

let ipSeq = 0;
async function member(name: string) {
  return (await signInWithLine(server, { name: `${name} ${Math.random().toString(36).slice(2, 6)}` }, `10.7.0.${++ipSeq}`)).s;
}
const codeIn = (message: string) => /\b(\d{6})\b/.exec(message)?.[1];

describe('SMS through the HTTP gateway', () => {
  it('posts the phone and a message holding the 6-digit code, with the bearer token; that code verifies the phone', async () => {
    stubGateway(async () => new Response('{"ok":true}', { status: 200 }));
    const s = await member('Gateway Member');
    const phone = newPhone();
    const res = await s.call(GETPHONE, { userphone: phone }, 'GET');
    expect(res.statusCode).toBe(200);
    expect(res.json().message.status).toBe('success');

    expect(posted).toHaveLength(1);
    const [sms] = posted;
    expect(sms!.method).toBe('POST');
    expect(sms!.headers.get('content-type')).toMatch(/application\/json/);
    expect(sms!.headers.get('authorization')).toBe(`Bearer ${TOKEN}`);
    expect(sms!.body.to).toBe(phone);
    const code = codeIn(sms!.body.message);
    expect(code).toMatch(/^\d{6}$/);
    // The code travels by SMS only: not in our answer, not in the development outbox.
    expect(res.body).not.toContain(code);
    expect(await server.database.db.select().from(smsOutbox).where(eq(smsOutbox.phone, phone))).toEqual([]);

    const ok = await s.call(VERIFY, { userphone: phone, otp: code });
    expect(ok.json().message.status).toBe('success');
  });

  it.each([
    ['answers with an error status', async () => new Response('provider down', { status: 503 })],
    ['cannot be reached', async (): Promise<Response> => { throw new TypeError('fetch failed'); }],
  ])('when the gateway %s: a clear error for the member, and the code it carried is dead', async (_label, answer) => {
    stubGateway(answer);
    const s = await member('Unlucky Member');
    const phone = newPhone();
    const res = await s.call(GETPHONE, { userphone: phone }, 'GET');
    expect(res.statusCode).toBe(500);
    expect(FAILED).toContain(serverMessage(res.json()));
    expect(res.body).not.toMatch(/provider down|fetch failed|sms-gateway/);

    expect(posted).toHaveLength(1);
    const code = codeIn(posted[0]!.body.message)!;
    const tried = await s.call(VERIFY, { userphone: phone, otp: code });
    expect(tried.json().message.status).toBe('failed');
    const boot = await s.call('headless_e_commerce.api.get_profile', {}, 'GET');
    expect(boot.json().message.phone_verified).toBe(false);

    // A code that never left does not count towards the 60 s resend wait: the member may try again at once.
    stubGateway(async () => new Response('{}', { status: 200 }));
    const again = await s.call(GETPHONE, { userphone: phone }, 'GET');
    expect(again.statusCode, again.body).toBe(200);
    expect(again.json().message.status).toBe('success');
  });
});

describe('development SMS outbox with a gateway configured', () => {
  it('is refused (404), so codes cannot be read back over HTTP', async () => {
    stubGateway(async () => new Response('{"ok":true}', { status: 200 }));
    const s = await member('Outbox Peeker');
    const phone = newPhone();
    await s.call(GETPHONE, { userphone: phone }, 'GET');
    const code = codeIn(posted[0]!.body.message)!;
    for (const who of [new Session(server.app, '10.7.9.9'), s]) {
      const res = await who.call('member_rewards.dev.sms_outbox', { phone }, 'GET');
      expect(res.statusCode).toBe(404);
      expect(res.json().exc_type).toBe('DoesNotExistError');
      expect(res.body).not.toContain(code);
    }
  });
});
