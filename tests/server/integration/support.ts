import { expect } from 'vitest';
import { ADMIN, createTestServer, Session, type TestServer } from '../../support/server';
import type { ApiScope } from '../../../contracts/api-clients';

/** A server whose clock the test moves (the rotation grace and the holds' expiry are measured on it). */
export async function integrationServer() {
  let offsetMs = 0;
  const clock = () => new Date(Date.now() + offsetMs);
  const server = await createTestServer({ seedDemo: true }, [], { clock });
  const admin = new Session(server.app);
  expect((await admin.login(ADMIN.usr, ADMIN.pwd)).statusCode).toBe(200);
  return {
    server,
    admin,
    clock,
    /** Moves the server's clock by `ms` from now on. */
    travel: (ms: number) => {
      offsetMs += ms;
    },
  };
}

export interface Credentials {
  key: string;
  secret: string;
}

export async function createClient(admin: Session, scopes: ApiScope[], branch?: string): Promise<Credentials> {
  const res = await admin.call('member_rewards.api_clients.create', { client_name: `Till ${Math.random().toString(36).slice(2, 7)}`, scopes, ...(branch ? { branch } : {}) });
  expect(res.statusCode, res.body).toBe(200);
  const { api_key, api_secret } = res.json().message as { api_key: string; api_secret: string };
  return { key: api_key, secret: api_secret };
}

/** A call as the API client, with Frappe's token header and nothing else (no cookie, no CSRF token). */
export function asClient(server: TestServer, c: Credentials, method: string, args: Record<string, unknown> = {}, verb: 'GET' | 'POST' = 'POST') {
  const headers = { authorization: `token ${c.key}:${c.secret}` };
  if (verb === 'GET') {
    const query = Object.fromEntries(Object.entries(args).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
    return server.app.inject({ method: 'GET', url: `/api/method/${method}`, query, headers });
  }
  return server.app.inject({ method: 'POST', url: `/api/method/${method}`, payload: args, headers });
}

export const I = {
  lookup: 'member_rewards.integration.lookup_member',
  earn: 'member_rewards.integration.earn',
  reverse: 'member_rewards.integration.reverse',
  hold: 'member_rewards.integration.hold',
  capture: 'member_rewards.integration.capture',
  release: 'member_rewards.integration.release',
  confirm: 'member_rewards.integration.confirm_reward',
} as const;

export const errorCode = (res: { json(): unknown }) => (res.json() as { error_code?: string }).error_code;
