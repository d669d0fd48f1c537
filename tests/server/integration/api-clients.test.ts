import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { createMember, LOYALTY_MANAGER, Session, type TestServer } from '../../support/server';
import { auditLog } from '../../../server/db/schema/audit';
import { apiClients } from '../../../server/db/schema/integration';
import { rateLimits } from '../../../server/db/schema/auth';
import { BRANCHES } from '../../../server/seed/constants';
import { asClient, createClient, errorCode, I, integrationServer } from './support';

vi.setConfig({ testTimeout: 60_000 });

let server: TestServer;
let admin: Session;
let travel: (ms: number) => void;
beforeAll(async () => {
  ({ server, admin, travel } = await integrationServer());
}, 120_000);
afterAll(() => server.close());

const HOUR = 3600_000;

describe('API clients', () => {
  it('are created by a System Manager only, with the secret answered once and stored hashed', async () => {
    const res = await admin.call('member_rewards.api_clients.create', { client_name: 'Siam POS', scopes: ['members:read', 'points:earn'], branch: BRANCHES[0] });
    expect(res.statusCode, res.body).toBe(200);
    const { api_key, api_secret, client } = res.json().message;
    expect(api_key).toMatch(/^mrc_/);
    expect(api_secret.length).toBeGreaterThanOrEqual(32);
    expect(client).toMatchObject({ client_name: 'Siam POS', scopes: ['members:read', 'points:earn'], branch: BRANCHES[0], revoked_at: null });
    const [row] = await server.database.db.select().from(apiClients).where(eq(apiClients.api_key, api_key));
    expect(row!.secret_hash).not.toContain(api_secret);
    const list = await admin.call('member_rewards.api_clients.list', {}, 'GET');
    expect(list.statusCode).toBe(200);
    expect(list.body).toContain(api_key);
    expect(list.body).not.toContain(api_secret);
    expect(list.body).not.toContain(row!.secret_hash);

    const lm = new Session(server.app);
    await lm.login(LOYALTY_MANAGER.usr, LOYALTY_MANAGER.pwd);
    expect((await lm.call('member_rewards.api_clients.create', { client_name: 'x', scopes: ['members:read'] })).statusCode).toBe(403);
    expect((await lm.call('member_rewards.api_clients.list', {}, 'GET')).statusCode).toBe(403);

    const audit = await server.database.db.select().from(auditLog).where(eq(auditLog.ref_name, api_key));
    expect(audit.map((a) => [a.action, a.ref_doctype, a.user])).toEqual([['create', 'API Client', 'admin@example.com']]);
    expect(JSON.stringify(audit)).not.toContain(api_secret);
  });

  it('refuses an unknown scope and a branch that does not exist (417)', async () => {
    const bad = await admin.call('member_rewards.api_clients.create', { client_name: 'x', scopes: ['points:everything'] });
    expect(bad.statusCode).toBe(417);
    const none = await admin.call('member_rewards.api_clients.create', { client_name: 'x', scopes: [] });
    expect(none.statusCode).toBe(417);
    const branch = await admin.call('member_rewards.api_clients.create', { client_name: 'x', scopes: ['members:read'], branch: 'No such branch' });
    expect(branch.statusCode).toBe(417);
    expect(errorCode(branch)).toBe('branch_not_found');
  });

  it('rotate: the old secret works within the grace period and not after it; revoke: nothing works at once', async () => {
    const m = await createMember(server, { phone: '0891234567' });
    const first = await createClient(admin, ['members:read']);
    const lookup = (secret: string) => asClient(server, { key: first.key, secret }, I.lookup, { customer: m.customer });
    expect((await lookup(first.secret)).statusCode).toBe(200);

    const rotated = await admin.call('member_rewards.api_clients.rotate', { api_key: first.key, grace_hours: 2 });
    expect(rotated.statusCode, rotated.body).toBe(200);
    const second = rotated.json().message.api_secret as string;
    expect(second).not.toBe(first.secret);
    expect((await lookup(second)).statusCode).toBe(200);
    expect((await lookup(first.secret)).statusCode).toBe(200);
    travel(HOUR + 59 * 60_000);
    expect((await lookup(first.secret)).statusCode).toBe(200);
    travel(2 * 60_000); // 2 h 1 min after the rotation
    expect((await lookup(first.secret)).statusCode).toBe(401);
    expect((await lookup(second)).statusCode).toBe(200);

    // No grace: the old secret stops at once.
    const again = await admin.call('member_rewards.api_clients.rotate', { api_key: first.key, grace_hours: 0 });
    const third = again.json().message.api_secret as string;
    expect((await lookup(second)).statusCode).toBe(401);
    expect((await lookup(third)).statusCode).toBe(200);

    // A grace period beyond 24 hours is refused.
    expect((await admin.call('member_rewards.api_clients.rotate', { api_key: first.key, grace_hours: 25 })).statusCode).toBe(417);

    const revoked = await admin.call('member_rewards.api_clients.revoke', { api_key: first.key });
    expect(revoked.statusCode).toBe(200);
    expect(revoked.json().message.client.revoked_at).not.toBeNull();
    expect((await lookup(third)).statusCode).toBe(401);
    expect((await admin.call('member_rewards.api_clients.rotate', { api_key: first.key, grace_hours: 1 })).statusCode).toBe(404);

    const audit = await server.database.db.select().from(auditLog).where(eq(auditLog.ref_name, first.key));
    expect(audit.map((a) => a.action)).toEqual(['create', 'rotate_secret', 'rotate_secret', 'revoke']);
  });

  it('a revoked client with a rotated secret still in its grace period signs in with neither', async () => {
    const m = await createMember(server);
    const c = await createClient(admin, ['members:read']);
    const rotated = await admin.call('member_rewards.api_clients.rotate', { api_key: c.key, grace_hours: 24 });
    const next = rotated.json().message.api_secret as string;
    await admin.call('member_rewards.api_clients.revoke', { api_key: c.key });
    for (const secret of [c.secret, next]) {
      expect((await asClient(server, { key: c.key, secret }, I.lookup, { customer: m.customer })).statusCode).toBe(401);
    }
  });

  it('every call of a client is audited with the client as the actor', async () => {
    const m = await createMember(server);
    const c = await createClient(admin, ['members:read']);
    expect((await asClient(server, c, I.lookup, { customer: m.customer })).statusCode).toBe(200);
    const rows = await server.database.db.select().from(auditLog).where(eq(auditLog.user, c.key));
    expect(rows.map((r) => [r.action, r.role, r.ref_name])).toEqual([['lookup_member', 'API Client', m.customer]]);
  });

  it('are rate-limited per client: past 1,200 calls in a minute a client gets 429, another client does not', async () => {
    const m = await createMember(server);
    const busy = await createClient(admin, ['members:read']);
    const calm = await createClient(admin, ['members:read']);
    expect((await asClient(server, busy, I.lookup, { customer: m.customer })).statusCode).toBe(200);
    // The window already holds 1,199 more of the busy client's calls (made here without 1,199 requests).
    await server.database.db.update(rateLimits).set({ count: 1200 }).where(eq(rateLimits.key, `api-client:${busy.key}`));
    const over = await asClient(server, busy, I.lookup, { customer: m.customer });
    expect(over.statusCode).toBe(429);
    expect((await asClient(server, calm, I.lookup, { customer: m.customer })).statusCode).toBe(200);
  });
});
