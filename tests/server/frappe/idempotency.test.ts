import * as v from 'valibot';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, sql } from 'drizzle-orm';
import { createMember, createTestServer, serverMessage, type TestServer } from '../../support/server';
import { idempotencyKeys } from '../../../server/db/schema/auth';
import { noArgs, defineMethod } from '../../../server/frappe/methods';
import type { ServerModule } from '../../../server/frappe/module';
import { purgeIdempotencyKeys } from '../../../server/frappe/idempotency';
import { buildApp } from '../../../server/app';
import { notesModule } from './notes-module';

/** A write that stays open until the test lets it go, so a second request meets it still running. */
let entered: () => void = () => {};
let release: () => void = () => {};
let holdCalls = 0;
const holdModule: ServerModule = {
  name: 'test-hold',
  methods: [
    defineMethod({
      path: 'test.hold',
      verbs: ['POST'],
      allow: ['Member'],
      args: noArgs,
      returns: v.picklist(['done', 'ran twice']),
      async handler() {
        holdCalls += 1;
        // Only the first call waits: a second run (the bug this guards against) must fail fast, not hang.
        if (holdCalls > 1) return 'ran twice';
        await new Promise<void>((resolve) => {
          release = resolve;
          entered();
        });
        return 'done';
      },
    }),
  ],
};

let server: TestServer;
let member: Awaited<ReturnType<typeof createMember>>;
beforeAll(async () => {
  server = await createTestServer({}, [notesModule, holdModule]);
  member = await createMember(server);
});
afterAll(() => server.close());

const create = (key: string, line: string) =>
  member.session.request({ method: 'POST', url: '/api/resource/Test Note', payload: { address_line1: line }, headers: { 'idempotency-key': key } });
const count = async (line: string) => {
  const res = await member.session.request({ method: 'GET', url: '/api/resource/Test Note', query: { filters: JSON.stringify([['address_line1', '=', line]]) } });
  return res.json().data.length as number;
};

describe('Idempotency-Key', () => {
  it('replays the first answer for the same key and body, with one effect', async () => {
    const first = await create('key-seq', 'seq street');
    const second = await create('key-seq', 'seq street');
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(await count('seq street')).toBe(1);
  });

  it('has one effect when the same key arrives concurrently (the others get 409 or the replay)', async () => {
    const results = await Promise.all(Array.from({ length: 8 }, () => create('key-par', 'par street')));
    const statuses = results.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200).length).toBeGreaterThanOrEqual(1);
    expect(statuses.every((s) => s === 200 || s === 409)).toBe(true);
    expect(await count('par street')).toBe(1);
  });

  it('refuses the same key with a different body with 422', async () => {
    await create('key-diff', 'one street');
    const res = await create('key-diff', 'another street');
    expect(res.statusCode).toBe(422);
    expect(res.json().exc_type).toBe('IdempotencyMismatch');
    expect(await count('another street')).toBe(0);
  });

  it('scopes keys to the caller: another member’s same key is a new request', async () => {
    const other = await createMember(server);
    await create('key-shared', 'shared street');
    const res = await other.session.request({ method: 'POST', url: '/api/resource/Test Note', payload: { address_line1: 'shared street' }, headers: { 'idempotency-key': 'key-shared' } });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.owner).toBe(other.name);
  });

  it('answers 409 in Frappe’s shape while the first request with the key is still running', async () => {
    const inside = new Promise<void>((resolve) => (entered = resolve));
    const first = member.session.call('test.hold', {}, 'POST', { 'idempotency-key': 'key-hold' });
    await inside;
    const second = await member.session.call('test.hold', {}, 'POST', { 'idempotency-key': 'key-hold' });
    expect(second.statusCode).toBe(409);
    expect(second.json().exc_type).toBe('IdempotencyConflict');
    expect(second.json().exception).toMatch(/^frappe\.exceptions\.IdempotencyConflict: /);
    expect(serverMessage(second.json())).toBe('This request is already being processed.');
    release();
    expect((await first).json()).toEqual({ message: 'done' });
    const replay = await member.session.call('test.hold', {}, 'POST', { 'idempotency-key': 'key-hold' });
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(holdCalls).toBe(1);
  });
});

describe('Idempotency-Key expiry (24 h)', () => {
  const record = (key: string) => and(eq(idempotencyKeys.principal, member.name), eq(idempotencyKeys.key, key));
  const age = (key: string, hours: number) =>
    server.database.db
      .update(idempotencyKeys)
      .set({ created_at: sql`${idempotencyKeys.created_at} - make_interval(hours => ${hours})` })
      .where(record(key));

  it('treats a key older than 24 h as new: a second effect, no replay', async () => {
    const first = await create('key-old', 'old street');
    await age('key-old', 25);
    const again = await create('key-old', 'old street');
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBeUndefined();
    expect(again.json().data.name).not.toBe(first.json().data.name);
    expect(await count('old street')).toBe(2);
    // The new answer is the one replayed from now on.
    const replay = await create('key-old', 'old street');
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(again.json());
  });

  it('lets an expired key carry a different body (no 422)', async () => {
    await create('key-old-diff', 'first body street');
    await age('key-old-diff', 25);
    const res = await create('key-old-diff', 'second body street');
    expect(res.statusCode).toBe(200);
    expect(await count('second body street')).toBe(1);
  });

  it('still replays a key just under 24 h old', async () => {
    await create('key-23h', '23h street');
    await age('key-23h', 23);
    const res = await create('key-23h', '23h street');
    expect(res.headers['idempotent-replayed']).toBe('true');
    expect(await count('23h street')).toBe(1);
  });

  it('purges records older than 24 h and keeps the rest', async () => {
    await create('key-purge-old', 'purge old street');
    await create('key-purge-new', 'purge new street');
    await age('key-purge-old', 25);
    expect(await purgeIdempotencyKeys(server.database.db)).toBeGreaterThanOrEqual(1);
    expect(await server.database.db.select().from(idempotencyKeys).where(record('key-purge-old'))).toHaveLength(0);
    expect(await server.database.db.select().from(idempotencyKeys).where(record('key-purge-new'))).toHaveLength(1);
  });

  it('purges on start (and hourly after) without being asked', async () => {
    await create('key-purge-start', 'purge start street');
    await age('key-purge-start', 25);
    const other = await buildApp(server.config, server.database);
    await other.ready();
    await other.close();
    expect(await server.database.db.select().from(idempotencyKeys).where(record('key-purge-start'))).toHaveLength(0);
  });
});
