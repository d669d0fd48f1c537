import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTestServer, type TestServer } from '../../support/server';
import { notesModule } from './notes-module';

let server: TestServer;
let member: Awaited<ReturnType<typeof createMember>>;
beforeAll(async () => {
  server = await createTestServer({}, [notesModule]);
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
});
