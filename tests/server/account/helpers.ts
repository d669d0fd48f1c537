import { expect } from 'vitest';
import { desc, eq } from 'drizzle-orm';
import { Session, type TestServer } from '../../support/server';
import { smsOutbox } from '../../../server/db/schema/auth';

export const AUTHORIZE = 'honda_api.api_calls.linetoken.get_oauth2_authorize_url';
export const CALLBACK = '/api/method/honda_api.api_calls.linehandle.login_via_line';

/** Asks for the authorize address like the login page does; returns it with its state and nonce. */
export async function startLine(s: Session, args: Record<string, string> = {}) {
  const res = await s.call(AUTHORIZE, args, 'GET');
  expect(res.statusCode).toBe(200);
  const url = res.json().message as string;
  const parsed = new URL(url, 'http://app.test');
  return { url, parsed, state: parsed.searchParams.get('state')!, nonce: parsed.searchParams.get('nonce')! };
}

/** The development LINE page approving a typed display name (or the demo member): returns the callback address. */
export async function approveOnDevPage(s: Session, state: string, nonce: string, who: { name: string } | 'demo') {
  const query: Record<string, string> = who === 'demo' ? { state, nonce, who: 'demo' } : { state, nonce, who: 'typed', display_name: who.name };
  const res = await s.request({ method: 'GET', url: '/api/dev/line/authorize/approve', query });
  expect(res.statusCode).toBe(302);
  return res.headers.location as string;
}

/** A whole LINE sign-in through the development page; the session ends signed in with its CSRF token. */
export async function signInWithLine(server: TestServer, who: { name: string } | 'demo', ip = '127.0.0.1') {
  const s = new Session(server.app, ip);
  const { state, nonce } = await startLine(s);
  const callback = await approveOnDevPage(s, state, nonce, who);
  const res = await s.request({ method: 'GET', url: callback });
  expect(res.statusCode).toBe(302);
  const boot = await s.call('member_rewards.api.boot', {}, 'GET');
  s.csrf = boot.json().message.csrf_token;
  return { s, location: res.headers.location as string, user: boot.json().message.user as string };
}

/** The last code the development SMS outbox holds for a phone. */
export async function lastCode(server: TestServer, phone: string): Promise<string> {
  const [row] = await server.database.db.select().from(smsOutbox).where(eq(smsOutbox.phone, phone)).orderBy(desc(smsOutbox.id)).limit(1);
  const code = row?.body.match(/\b(\d{6})\b/)?.[1];
  if (!code) throw new Error(`no code sent to ${phone}`);
  return code;
}

let phoneSeq = 0;
/** A distinct Thai mobile number per call. */
export function newPhone() {
  phoneSeq += 1;
  return `08${String(10_000_000 + ((Date.now() % 1_000_000) * 7 + phoneSeq * 7919) % 89_999_999).padStart(8, '0')}`;
}
