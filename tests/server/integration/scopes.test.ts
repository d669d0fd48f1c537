import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createMember, Session, type TestServer } from '../../support/server';
import type { ApiScope } from '../../../contracts/api-clients';
import { asClient, createClient, errorCode, I, integrationServer, type Credentials } from './support';

vi.setConfig({ testTimeout: 120_000 });

let server: TestServer;
let admin: Session;
beforeAll(async () => {
  ({ server, admin } = await integrationServer());
}, 120_000);
afterAll(() => server.close());

/** Which scope opens each integration method: written by hand from the issue, not read from the server. */
const NEEDS: Record<string, ApiScope> = {
  [I.lookup]: 'members:read',
  [I.earn]: 'points:earn',
  [I.reverse]: 'points:earn',
  [I.hold]: 'points:redeem',
  [I.capture]: 'points:redeem',
  [I.release]: 'points:redeem',
  [I.confirm]: 'rewards:confirm',
  'member_rewards.webhooks.subscribe': 'webhooks',
  'member_rewards.webhooks.unsubscribe': 'webhooks',
  'member_rewards.webhooks.deliveries': 'webhooks',
};

/** Methods of members, staff and the back office (and Frappe's own): closed to every API client, whatever its scopes. */
const NOT_FOR_CLIENTS: [string, 'GET' | 'POST'][] = [
  ['frappe.auth.get_logged_user', 'GET'],
  ['headless_e_commerce.api.get_loyalty_points_details', 'GET'],
  ['headless_e_commerce.api.place_order', 'POST'],
  ['member_rewards.member_code.register_device', 'POST'],
  ['member_rewards.staff.resolve_code', 'POST'],
  ['member_rewards.staff.award_points', 'POST'],
  ['member_rewards.staff.confirm_reward', 'POST'],
  ['member_rewards.admin.adjust_points', 'POST'],
  ['member_rewards.api_clients.create', 'POST'],
  ['member_rewards.api_clients.list', 'GET'],
  ['member_rewards.auth.api_keys', 'GET'],
  ['member_rewards.programme.update_rules', 'POST'],
  ['member_rewards.privacy.list_access_log', 'GET'],
  ['member_rewards.webhooks.list_subscriptions', 'GET'],
  ['member_rewards.webhooks.subscribe_for_client', 'POST'],
  ['member_rewards.webhooks.redeliver', 'POST'],
  ['member_rewards.webhooks.set_subscription_enabled', 'POST'],
];

const SCOPE_SETS: ApiScope[][] = [['members:read'], ['points:earn'], ['points:redeem'], ['rewards:confirm'], ['webhooks'], ['members:read', 'points:redeem']];

describe('what an API client may call', () => {
  it('only the methods its scopes allow: every other one is a 403 in Frappe’s shape with code scope_missing', async () => {
    const m = await createMember(server);
    const args = { customer: m.customer, receipt_no: 'SCOPE-1', branch: 'สาขาสยาม', amount: 100, points: 1, hold: 'HOLD-none', code: 'R-NONE' };
    for (const scopes of SCOPE_SETS) {
      const c = await createClient(admin, scopes);
      for (const [method, scope] of Object.entries(NEEDS)) {
        const res = await asClient(server, c, method, args);
        if (scopes.includes(scope)) {
          expect(res.statusCode, `${scopes} → ${method}`).not.toBe(403);
          expect(res.statusCode, `${scopes} → ${method}`).not.toBe(401);
        } else {
          expect(res.statusCode, `${scopes} → ${method}`).toBe(403);
          expect(res.json(), `${scopes} → ${method}`).toMatchObject({ exc_type: 'PermissionError', error_code: 'scope_missing' });
        }
      }
    }
  });

  it('never a member, staff or back-office method, nor a resource, even with every scope', async () => {
    const all = await createClient(admin, ['members:read', 'points:earn', 'points:redeem', 'rewards:confirm', 'webhooks']);
    for (const [method, verb] of NOT_FOR_CLIENTS) {
      const res = await asClient(server, all, method, {}, verb);
      expect(res.statusCode, method).toBe(403);
      expect(errorCode(res), method).toBe('scope_missing');
    }
    const headers = { authorization: `token ${all.key}:${all.secret}` };
    for (const url of ['/api/resource/Customer', '/api/resource/Loyalty%20Point%20Entry', '/api/resource/User']) {
      const res = await server.app.inject({ method: 'GET', url, headers });
      expect(res.statusCode, url).toBe(403);
      expect(errorCode(res), url).toBe('scope_missing');
    }
  });

  it('no user may call an integration method, a System Manager included (403 api_client_only)', async () => {
    const m = await createMember(server);
    for (const method of Object.keys(NEEDS)) {
      for (const s of [admin, m.session]) {
        const res = await s.call(method, { customer: m.customer, receipt_no: 'X', branch: 'สาขาสยาม', amount: 100, points: 1, hold: 'x', code: 'x' });
        expect(res.statusCode, method).toBe(403);
        expect(errorCode(res), method).toBe('api_client_only');
      }
    }
  });

  it('a wrong secret or an unknown key is a 401', async () => {
    const c: Credentials = await createClient(admin, ['members:read']);
    const m = await createMember(server);
    expect((await asClient(server, { key: c.key, secret: 'wrong' }, I.lookup, { customer: m.customer })).statusCode).toBe(401);
    expect((await asClient(server, { key: 'mrc_unknown', secret: c.secret }, I.lookup, { customer: m.customer })).statusCode).toBe(401);
  });

  it('a client bound to a branch acts for it alone', async () => {
    const m = await createMember(server);
    const siam = await createClient(admin, ['points:earn'], 'สาขาสยาม');
    const other = await asClient(server, siam, I.earn, { customer: m.customer, receipt_no: 'BR-1', branch: 'สาขาเชียงใหม่', amount: 100 });
    expect(other.statusCode).toBe(403);
    expect(errorCode(other)).toBe('not_your_branch');
    const own = await asClient(server, siam, I.earn, { customer: m.customer, receipt_no: 'BR-1', amount: 100 });
    expect(own.statusCode, own.body).toBe(200);
    expect(own.json().message).toMatchObject({ branch: 'สาขาสยาม', points: 4 });
  });
});
