import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTestServer, serverMessage, Session, type TestServer } from '../../support/server';
import { notesModule } from './notes-module';
import type { ServerModule } from '../../../server/frappe/module';
import { defineMethod, noArgs } from '../../../server/frappe/methods';
import * as v from 'valibot';

const echoArgs = v.object({ items: v.array(v.object({ qty: v.number() })), note: v.optional(v.string()) });
const probes: ServerModule = {
  name: 'probes',
  methods: [
    defineMethod({ path: 'test.boom', verbs: ['GET'], allow: ['Guest'], args: noArgs, returns: v.never(), handler: () => { throw new Error('secret internals at /srv/x.ts:12'); } }),
    defineMethod({ path: 'test.nothing', verbs: ['GET'], allow: ['Guest'], args: noArgs, returns: v.undefined(), handler: () => undefined }),
    defineMethod({
      path: 'test.contract', verbs: ['GET'], allow: ['Guest'], args: v.object({ n: v.optional(v.string()) }),
      returns: v.object({ n: v.number() }),
      handler: (_ctx, args) => ({ n: args.n === undefined ? 1 : args.n }),
    }),
    defineMethod({
      path: 'test.echo', verbs: ['GET', 'POST'], allow: ['Member'],
      args: echoArgs,
      returns: echoArgs,
      handler: (_ctx, args) => args,
    }),
  ],
};

let server: TestServer;
let member: Awaited<ReturnType<typeof createMember>>;
beforeAll(async () => {
  server = await createTestServer({ production: true }, [notesModule, probes]);
  member = await createMember(server);
});
afterAll(() => server.close());

function expectFrappeShape(body: Record<string, unknown>, excType: string) {
  expect(body.exc_type).toBe(excType);
  expect(String(body.exception)).toMatch(new RegExp(`^frappe\\.exceptions\\.${excType}: `));
  const messages = JSON.parse(String(body._server_messages)) as string[];
  expect(JSON.parse(messages[0]!)).toMatchObject({ indicator: 'red', raise_exception: 1 });
}

describe('answer contracts', () => {
  it('an answer that breaks its declared contract fails loudly in tests instead of reaching the app', async () => {
    const ok = await member.session.call('test.contract', {}, 'GET');
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toEqual({ message: { n: 1 } });
    const broken = await member.session.call('test.contract', { n: 'one' }, 'GET');
    expect(broken.statusCode).toBe(500);
  });
});

describe('Frappe error statuses and shape', () => {
  it('417 for an unknown method, like Frappe', async () => {
    const res = await member.session.call('no.such.method', {}, 'GET');
    expect(res.statusCode).toBe(417);
    expectFrappeShape(res.json(), 'ValidationError');
  });

  it('403 for a guest calling a member method and for a verb the method does not take', async () => {
    const guest = await new Session(server.app).call('test.echo', { items: [] }, 'GET');
    expect(guest.statusCode).toBe(403);
    expectFrappeShape(guest.json(), 'PermissionError');
    const verb = await member.session.request({ method: 'PUT', url: '/api/method/test.echo', payload: { items: [] } });
    expect(verb.statusCode).toBe(403);
  });

  it('417 with the field for arguments of the wrong type; JSON strings in queries are decoded', async () => {
    const bad = await member.session.call('test.echo', { items: [{ qty: 'many' }] }, 'POST');
    expect(bad.statusCode).toBe(417);
    expect(serverMessage(bad.json())).toContain('items.0.qty');
    const ok = await member.session.call('test.echo', { items: [{ qty: 2 }], ignored: 'x' }, 'GET');
    expect(ok.json()).toEqual({ message: { items: [{ qty: 2 }] } });
  });

  it('{} for a method that returns nothing', async () => {
    const res = await new Session(server.app).call('test.nothing', {}, 'GET');
    expect(res.json()).toEqual({});
  });

  it('404 for an unknown /api path, never the app’s index.html', async () => {
    for (const url of ['/api/nothing', '/api/resource', '/files/missing.png', '/socket.io/x']) {
      const res = await server.app.inject({ method: 'GET', url });
      expect(res.statusCode, url).toBe(404);
      expect(res.headers['content-type']).toContain('application/json');
    }
  });

  it('4xx, never 500, for malformed bodies', async () => {
    const cases = [
      { payload: '{"usr": ', type: 'application/json' },
      { payload: '[1,2]', type: 'application/json' },
      { payload: '"just a string"', type: 'application/json' },
      { payload: 'x'.repeat(2 * 1024 * 1024), type: 'application/json' },
      { payload: '<xml/>', type: 'application/xml' },
    ];
    for (const c of cases) {
      const res = await member.session.request({ method: 'POST', url: '/api/method/test.echo', payload: c.payload, headers: { 'content-type': c.type } });
      expect(res.statusCode, c.payload.slice(0, 20)).toBeGreaterThanOrEqual(400);
      expect(res.statusCode).toBeLessThan(500);
      expect(res.json().exc_type).toBeTruthy();
    }
  });

  it('500 without a stack trace or internals in production', async () => {
    const res = await new Session(server.app).call('test.boom', {}, 'GET');
    expect(res.statusCode).toBe(500);
    expect(res.body).not.toContain('secret internals');
    expect(res.body).not.toMatch(/at .*\.ts:\d+/);
    expect(serverMessage(res.json())).toBe('Internal Server Error');
  });
});
