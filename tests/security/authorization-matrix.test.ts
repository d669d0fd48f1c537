import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createWorld, isAllowed, type Actor, type RoleName } from './roles';
import type { TestServer } from '../support/server';

/**
 * Every method and every doctype verb, for each caller (guest, two members, staff of two branches, a Loyalty
 * Manager, a Branch Manager, the admin): the expected allow/deny is computed from
 * the server's own declarations (who may call it) and checked against the running app. "Allowed" means the
 * server did not refuse on permission (it may still refuse the empty arguments with a 417).
 */
let server: TestServer;
let actors: Record<RoleName, Actor>;
beforeAll(async () => {
  ({ server, actors } = await createWorld());
}, 180_000);
afterAll(() => server.close());

// Calls that end the caller's own session or are covered with real arguments elsewhere.
const SKIP = new Set(['logout', 'login']);
const ROLES: RoleName[] = ['guest', 'memberA', 'memberB', 'staffA', 'staffB', 'loyaltyManager', 'branchManagerA', 'admin'];

describe('authorization matrix: methods', () => {
  it('refuses exactly the callers the declarations exclude', async () => {
    const mismatches: string[] = [];
    let checked = 0;
    for (const [path, def] of server.app.methodRegistry) {
      if (SKIP.has(path)) continue;
      for (const role of ROLES) {
        const actor = actors[role];
        const verb = def.verbs.includes('POST') ? 'POST' : def.verbs[0]!;
        const res = await actor.session.call(path, {}, verb);
        const allowed = isAllowed(actor.user, def.allow);
        const refused = res.statusCode === 403 || res.statusCode === 401;
        checked += 1;
        if (allowed === refused) mismatches.push(`${role} ${verb} ${path}: expected ${allowed ? 'allowed' : 'refused'}, got ${res.statusCode}`);
        expect(res.statusCode, `${role} ${path}`).toBeLessThan(500);
      }
    }
    console.log(`authorization matrix: ${checked} method × caller checks`);
    expect(mismatches).toEqual([]);
  }, 180_000);

  it('refuses every verb a method does not declare', async () => {
    for (const [path, def] of server.app.methodRegistry) {
      for (const verb of ['GET', 'POST', 'PUT', 'DELETE'] as const) {
        if (def.verbs.includes(verb) || path === 'upload_file') continue;
        const res = await actors.admin.session.call(path, {}, verb);
        expect(res.statusCode, `${verb} ${path}`).toBe(403);
      }
    }
  }, 120_000);
});

/**
 * Methods whose callers are written out here rather than read from their declarations, so a declaration that
 * lets in one role too many fails: only these roles may call them; every other caller gets 403 (a guest 401/403).
 */
const EXPECTED: Array<[path: string, verb: 'GET' | 'POST', allowed: readonly RoleName[]]> = [
  ['member_rewards.broadcast.preview', 'POST', ['loyaltyManager', 'admin']],
  ['member_rewards.broadcast.send', 'POST', ['loyaltyManager', 'admin']],
  ['member_rewards.broadcast.list', 'GET', ['loyaltyManager', 'admin']],
];

describe('authorization matrix: written-out rows', () => {
  it.each(EXPECTED)('%s', async (path, verb, allowed) => {
    for (const role of ROLES) {
      const res = await actors[role].session.call(path, {}, verb);
      const refused = res.statusCode === 403 || (role === 'guest' && res.statusCode === 401);
      expect({ role, refused }).toEqual({ role, refused: !allowed.includes(role) });
      expect(res.statusCode, `${role} ${path}`).toBeLessThan(500);
    }
  });
});

describe('authorization matrix: doctypes', () => {
  it('list, read, create, update and delete follow each doctype’s rules', async () => {
    const mismatches: string[] = [];
    let checked = 0;
    for (const [doctype, dt] of server.app.doctypeRegistry) {
      const url = `/api/resource/${encodeURIComponent(doctype)}`;
      for (const role of ROLES) {
        const { session, user } = actors[role];
        const verbs: [string, typeof dt.read | undefined, () => ReturnType<typeof session.request>][] = [
          ['list', dt.read, () => session.request({ method: 'GET', url })],
          ['create', dt.create, () => session.request({ method: 'POST', url, payload: {} })],
          ['update', dt.update, () => session.request({ method: 'PUT', url: `${url}/no-such-doc`, payload: {} })],
          ['delete', dt.delete, () => session.request({ method: 'DELETE', url: `${url}/no-such-doc` })],
        ];
        for (const [verb, perm, send] of verbs) {
          const res = await send();
          const allowed = Boolean(perm && isAllowed(user, perm.allow));
          const refused = res.statusCode === 403;
          checked += 1;
          if (allowed === refused) mismatches.push(`${role} ${verb} ${doctype}: expected ${allowed ? 'allowed' : 'refused'}, got ${res.statusCode}`);
          expect(res.statusCode, `${role} ${verb} ${doctype}`).toBeLessThan(500);
        }
      }
    }
    console.log(`authorization matrix: ${checked} doctype verb × caller checks`);
    expect(mismatches).toEqual([]);
  }, 180_000);
});
