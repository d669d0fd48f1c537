import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestServer, type TestServer } from '../../support/server';
import { testConfig } from '../../../server/config';
import { sendSms } from '../../../server/modules/account/sms';
import { GatewayUnavailable } from '../../../server/frappe/gateway';
import { lastCode, newPhone, signInWithLine } from './helpers';

let server: TestServer;
beforeAll(async () => {
  // The default log level of `npm start`: the info-level log would be dropped here.
  server = await createTestServer({ logLevel: 'warn' });
});
afterAll(() => server.close());
afterEach(() => vi.restoreAllMocks());

const noLog = { info() {}, warn() {}, error() {} } as never;

describe('development SMS outbox', () => {
  it('prints the code sent to +66… on stdout at the default log level', async () => {
    const stdout = vi.spyOn(console, 'log').mockImplementation(() => {});
    const { s } = await signInWithLine(server, { name: `Sms ${Math.random().toString(36).slice(2, 6)}` }, '10.7.0.1');
    const phone = newPhone();
    const res = await s.call('honda_api.api_calls.verifyuser.getphone', { userphone: phone });
    expect(res.statusCode).toBe(200);
    const code = await lastCode(server, phone);
    const lines = stdout.mock.calls.map((args) => String(args[0]));
    expect(lines.filter((l) => l.includes(`code sent to +66${phone.slice(1)}`) && l.includes(code))).toHaveLength(1);
  });

  it('is refused in production and prints nothing there', async () => {
    const stdout = vi.spyOn(console, 'log').mockImplementation(() => {});
    const insert = vi.fn();
    const deps = { db: { insert } as never, config: testConfig({ production: true, logLevel: 'warn' }), log: noLog };
    await expect(sendSms(deps, '0812345678', 'code 123456')).rejects.toBeInstanceOf(GatewayUnavailable);
    expect(insert).not.toHaveBeenCalled();
    expect(stdout).not.toHaveBeenCalled();
  });

  it('stays quiet with LOG_LEVEL=silent', async () => {
    const stdout = vi.spyOn(console, 'log').mockImplementation(() => {});
    const deps = { db: { insert: () => ({ values: async () => {} }) } as never, config: testConfig({ logLevel: 'silent' }), log: noLog };
    await sendSms(deps, '0812345678', 'code 123456');
    expect(stdout).not.toHaveBeenCalled();
  });
});
