import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMember, createTestServer, serverMessage, Session, type TestServer } from '../../support/server';
import { notesModule } from './notes-module';

let server: TestServer;
let alice: Awaited<ReturnType<typeof createMember>>;
let bob: Awaited<ReturnType<typeof createMember>>;

const list = (s: Session, query: Record<string, unknown>) =>
  s.request({
    method: 'GET',
    url: '/api/resource/Test Note',
    query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)])),
  });

beforeAll(async () => {
  server = await createTestServer({}, [notesModule]);
  alice = await createMember(server);
  bob = await createMember(server);
  for (const [i, title] of ['alpha', 'beta', 'gamma', 'delta'].entries()) {
    const res = await alice.session.request({
      method: 'POST',
      url: '/api/resource/Test Note',
      payload: { name: `A-${i}`, address_title: title, address_line1: `${i} Sukhumvit`, pincode: String(10100 + i) },
    });
    expect(res.statusCode).toBe(200);
  }
  await bob.session.request({ method: 'POST', url: '/api/resource/Test Note', payload: { name: 'B-0', address_title: 'bob', address_line1: 'Silom' } });
});
afterAll(() => server.close());

describe('/api/resource list', () => {
  it('returns only name by default and only the caller’s rows', async () => {
    const res = await list(alice.session, {});
    expect(res.statusCode).toBe(200);
    const names = res.json().data.map((r: { name: string }) => r.name).sort();
    expect(names).toEqual(['A-0', 'A-1', 'A-2', 'A-3']);
    expect(Object.keys(res.json().data[0])).toEqual(['name']);
  });

  it.each([
    [[['address_title', '=', 'beta']], ['A-1']],
    [[['address_title', '!=', 'beta']], ['A-0', 'A-2', 'A-3']],
    [[['pincode', '>', '10101']], ['A-2', 'A-3']],
    [[['pincode', '<', '10101']], ['A-0']],
    [[['pincode', '>=', '10102']], ['A-2', 'A-3']],
    [[['pincode', '<=', '10101']], ['A-0', 'A-1']],
    [[['address_title', 'like', '%ta']], ['A-1', 'A-3']],
    [[['address_title', 'not like', '%ta']], ['A-0', 'A-2']],
    [[['address_title', 'in', ['alpha', 'gamma']]], ['A-0', 'A-2']],
    [[['address_title', 'in', 'alpha, gamma']], ['A-0', 'A-2']],
    [[['address_title', 'not in', ['alpha', 'gamma']]], ['A-1', 'A-3']],
    [[['address_title', 'is', 'set']], ['A-0', 'A-1', 'A-2', 'A-3']],
    [[['pincode', 'between', ['10101', '10102']]], ['A-1', 'A-2']],
    [[['Test Note', 'address_title', '=', 'delta']], ['A-3']],
    [{ address_title: 'gamma' }, ['A-2']],
    [{ address_title: ['like', 'a%'] }, ['A-0']],
    [[['address_title', 'beta']], ['A-1']],
  ])('filters %j', async (filters, expected) => {
    const res = await list(alice.session, { filters, fields: ['name'] });
    expect(res.statusCode).toBe(200);
    expect(res.json().data.map((r: { name: string }) => r.name).sort()).toEqual(expected);
  });

  it('or_filters combine with or', async () => {
    const res = await list(alice.session, { or_filters: [['address_title', '=', 'alpha'], ['address_title', '=', 'delta']] });
    expect(res.json().data.map((r: { name: string }) => r.name).sort()).toEqual(['A-0', 'A-3']);
  });

  it('never widens the scope: a filter or or_filter naming another member’s row finds nothing', async () => {
    for (const q of [{ filters: [['name', '=', 'B-0']] }, { or_filters: [['name', '=', 'B-0'], ['owner', '=', bob.name]] }, { filters: { owner: bob.name } }]) {
      const res = await list(alice.session, q);
      expect(res.statusCode).toBe(200);
      expect(res.json().data).toEqual([]);
    }
  });

  it('orders, pages and answers arrays when as_dict is false', async () => {
    const res = await list(alice.session, { fields: ['name', 'address_title'], order_by: 'address_title desc', limit_start: '1', limit: '2', as_dict: 'false' });
    expect(res.json().data).toEqual([['A-3', 'delta'], ['A-1', 'beta']]);
    const page = await list(alice.session, { fields: ['*'], limit_page_length: '1', order_by: 'name asc' });
    expect(page.json().data).toHaveLength(1);
    expect(page.json().data[0]).toMatchObject({ name: 'A-0', address_title: 'alpha', city: 'Bangkok' });
  });

  it.each([
    ['a field that is not declared', { fields: ['customer'] }, 'Field not permitted in query: customer'],
    ['SQL in fields', { fields: ['name; drop table users'] }, 'Field not permitted'],
    ['a function in fields', { fields: ['count(*) as n'] }, 'Field not permitted'],
    ['a column of another table', { fields: ['users.password_hash'] }, 'Field not permitted'],
    ['SQL in a filter field', { filters: [['name = name or 1=1 --', '=', 'x']] }, 'Field not permitted'],
    ['an unknown operator', { filters: [['name', 'regexp', '.*']] }, 'Operator must be one of'],
    ['another doctype', { filters: [['User', 'name', '=', 'x']] }, 'Filters on other doctypes are not permitted'],
    ['SQL in order_by', { order_by: 'name; delete from users' }, 'Invalid order_by'],
    ['an undeclared order_by field', { order_by: 'password_hash desc' }, 'Field not permitted'],
    ['a negative limit', { limit: '-1' }, 'limit must be a non-negative whole number'],
    ['an object as a filter value', { filters: [['name', '=', { $ne: 1 }]] }, 'Filter values must be'],
    ['an object that cannot become text in fields', { fields: [{ toString: '' }] }, 'fields must be a list of field names'],
  ])('refuses %s with a 417', async (_label, query, message) => {
    const res = await list(alice.session, query);
    expect(res.statusCode).toBe(417);
    expect(res.json().exc_type).toBe('ValidationError');
    expect(serverMessage(res.json())).toContain(message);
  });

  it('keeps SQL in filter values as data', async () => {
    const res = await list(alice.session, { filters: [['address_title', '=', "alpha' or '1'='1"]] });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toEqual([]);
  });
});

describe('/api/resource documents', () => {
  it('reads a document without nulls and with its doctype', async () => {
    const res = await alice.session.request({ method: 'GET', url: '/api/resource/Test Note/A-1' });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ name: 'A-1', doctype: 'Test Note', address_title: 'beta' });
    expect(res.json().data).not.toHaveProperty('customer');
  });

  it('answers 404 for a missing document and for another member’s document alike', async () => {
    for (const name of ['NOPE', 'B-0']) {
      const res = await alice.session.request({ method: 'GET', url: `/api/resource/Test Note/${name}` });
      expect(res.statusCode).toBe(404);
      expect(res.json().exc_type).toBe('DoesNotExistError');
    }
  });

  it('cannot update or delete another member’s document', async () => {
    const put = await alice.session.request({ method: 'PUT', url: '/api/resource/Test Note/B-0', payload: { address_title: 'hacked' } });
    expect(put.statusCode).toBe(404);
    const del = await alice.session.request({ method: 'DELETE', url: '/api/resource/Test Note/B-0' });
    expect(del.statusCode).toBe(404);
    const mine = await bob.session.request({ method: 'GET', url: '/api/resource/Test Note/B-0' });
    expect(mine.json().data.address_title).toBe('bob');
  });

  it('ignores fields a client may not set (owner, customer...)', async () => {
    const res = await alice.session.request({
      method: 'POST',
      url: '/api/resource/Test Note',
      payload: { name: 'A-X', address_line1: 'x', owner: bob.name, customer: 'someone', is_primary_address: 1 },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().data).toMatchObject({ owner: alice.name, is_primary_address: 0 });
  });

  it('updates, answers the new document, then deletes with 202', async () => {
    const put = await alice.session.request({ method: 'PUT', url: '/api/resource/Test Note/A-X', payload: { address_title: 'renamed' } });
    expect(put.statusCode).toBe(200);
    expect(put.json().data.address_title).toBe('renamed');
    const del = await alice.session.request({ method: 'DELETE', url: '/api/resource/Test Note/A-X' });
    expect(del.statusCode).toBe(202);
    expect(del.json()).toEqual({ message: 'ok' });
    const gone = await alice.session.request({ method: 'GET', url: '/api/resource/Test Note/A-X' });
    expect(gone.statusCode).toBe(404);
  });

  it('refuses a duplicate name with 409 and a doc failing validation with 417', async () => {
    const dup = await alice.session.request({ method: 'POST', url: '/api/resource/Test Note', payload: { name: 'A-0', address_line1: 'x' } });
    expect(dup.statusCode).toBe(409);
    expect(dup.json().exc_type).toBe('DuplicateEntryError');
    const bad = await alice.session.request({ method: 'POST', url: '/api/resource/Test Note', payload: { address_title: 'no line' } });
    expect(bad.statusCode).toBe(417);
    expect(serverMessage(bad.json())).toBe('Address line 1 is required');
  });

  it('refuses guests with 403 and unknown doctypes with 404', async () => {
    const guest = new Session(server.app);
    const res = await guest.request({ method: 'GET', url: '/api/resource/Test Note' });
    expect(res.statusCode).toBe(403);
    expect(res.json().exc_type).toBe('PermissionError');
    const unknown = await alice.session.request({ method: 'GET', url: '/api/resource/Nope' });
    expect(unknown.statusCode).toBe(404);
  });
});

describe('frappe.client.get_count', () => {
  it('counts only what the caller may read', async () => {
    const all = await alice.session.call('frappe.client.get_count', { doctype: 'Test Note' }, 'GET');
    expect(all.json().message).toBe(4);
    const filtered = await alice.session.call('frappe.client.get_count', { doctype: 'Test Note', filters: [['address_title', 'like', '%a']] }, 'GET');
    expect(filtered.json().message).toBe(4);
    const probe = await alice.session.call('frappe.client.get_count', { doctype: 'Test Note', filters: { owner: bob.name } }, 'GET');
    expect(probe.json().message).toBe(0);
    const guest = await new Session(server.app).call('frappe.client.get_count', { doctype: 'Test Note' }, 'GET');
    expect(guest.statusCode).toBe(403);
  });
});
