import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN, createMember, createTestServer, serverMessage, Session, type TestServer } from '../../support/server';
import { DEFAULT_ADDRESS_OPTIONS } from '../../../contracts/addresses';
import type { RuleCode } from '../../../contracts/errors';
import { RULE_SENTENCES } from '../../../contracts/rule-sentences';

let server: TestServer;
let alice: Awaited<ReturnType<typeof createMember>>;
let bob: Awaited<ReturnType<typeof createMember>>;

const valid = {
  first_name: 'สมชาย',
  last_name: 'ใจดี',
  address_line1: '99/1 ถนนสีลม',
  address_line2: '',
  city: 'Bang Rak',
  state: 'Bangkok',
  country: 'Thailand',
  pincode: '10500',
  phone: '0812345678',
  is_primary_address: 0,
  is_shipping_address: 0,
};

type Doc = Record<string, unknown> & { name: string };

async function add(s: Session, args: Record<string, unknown>, headers: Record<string, string> = {}) {
  return s.call('headless_e_commerce.api.add_address', args, 'POST', headers);
}
async function mine(s: Session): Promise<Doc[]> {
  const res = await s.call('headless_e_commerce.api.get_addresses', {}, 'GET');
  expect(res.statusCode).toBe(200);
  return res.json().message;
}

beforeAll(async () => {
  server = await createTestServer();
  alice = await createMember(server);
  bob = await createMember(server);
}, 120_000);
afterAll(() => server.close());

describe('add_address validation (the shared rules and their messages)', () => {
  it.each([
    ['address_line1 missing', { address_line1: '' }, 'Address line 1 is required'],
    ['address_line1 blank', { address_line1: '   ' }, 'Address line 1 is required'],
    ['city missing', { city: undefined }, 'City is required'],
    ['city "Select One"', { city: 'Select One' }, 'City is required'],
    ['country missing', { country: '' }, 'Country is required'],
    ['country "Select One"', { country: 'Select One' }, 'Country is required'],
    ['pincode letters', { pincode: '10a00' }, 'Pincode must be a number'],
    ['pincode missing', { pincode: '' }, 'Pincode must be a number'],
    ['pincode zero', { pincode: '0' }, 'Pincode must be a number'],
    ['pincode negative', { pincode: -10500 }, 'Pincode must be a number'],
    ['country outside the list', { country: 'Atlantis' }, 'Select a country from the list'],
    ['state of another country', { state: 'Texas' }, 'Select a province or state of the chosen country'],
    ['district outside the province', { city: 'Chatuchak', state: 'Pathum Thani' }, 'Select a district of the chosen province'],
    ['phone not a number', { phone: 'call me' }, 'This phone number is invalid'],
  ])('%s → 417 "%s"', async (_label, change, message) => {
    const before = (await mine(alice.session)).length;
    const res = await add(alice.session, { ...valid, ...change });
    expect(res.statusCode).toBe(417);
    expect(res.json().exc_type).toBe('ValidationError');
    expect(serverMessage(res.json())).toBe(message);
    // The app reads the rule by its code, whose sentence this is.
    expect(RULE_SENTENCES[res.json().error_code as RuleCode]).toBe(message);
    expect((await mine(alice.session)).length).toBe(before);
  });

  it('reports the first missing field first, in the order of the forms', async () => {
    const res = await add(alice.session, { country: '', city: '', address_line1: '', pincode: 'x' });
    expect(serverMessage(res.json())).toBe('Address line 1 is required');
    const res2 = await add(alice.session, { address_line1: 'x', country: '', city: '', pincode: 'x' });
    expect(serverMessage(res2.json())).toBe('City is required');
  });

  it('rejects flags other than 0 or 1', async () => {
    const res = await add(alice.session, { ...valid, is_primary_address: 2 });
    expect(res.statusCode).toBe(417);
  });

  it('"Select One" as state counts as no state, and a numeric pincode is accepted', async () => {
    const res = await add(alice.session, { ...valid, country: 'Germany', state: 'Select One', city: 'Berlin', pincode: 10115 });
    expect(res.statusCode).toBe(200);
    const doc = res.json().message;
    expect(doc.state).toBeUndefined();
    expect(doc.pincode).toBe('10115');
    expect(doc.doctype).toBe('Address');
    expect(doc.customer).toBeUndefined();
  });

  it('saves a valid address and lists it', async () => {
    const res = await add(alice.session, valid);
    expect(res.statusCode).toBe(200);
    const doc: Doc = res.json().message;
    expect(doc).toMatchObject({ address_line1: '99/1 ถนนสีลม', city: 'Bang Rak', state: 'Bangkok', pincode: '10500', first_name: 'สมชาย' });
    expect((await mine(alice.session)).map((a) => a.name)).toContain(doc.name);
  });
});

describe('preferred flags are exclusive per member', () => {
  it('setting primary or shipping on one address clears it on the member’s others only', async () => {
    const bobsPrimary: Doc = (await add(bob.session, { ...valid, is_primary_address: 1, is_shipping_address: 1 })).json().message;
    const a1: Doc = (await add(alice.session, { ...valid, address_line1: 'A1', is_primary_address: 1, is_shipping_address: 1 })).json().message;
    const a2: Doc = (await add(alice.session, { ...valid, address_line1: 'A2', is_primary_address: 1 })).json().message;
    let list = await mine(alice.session);
    const flags = (name: string) => {
      const a = list.find((x) => x.name === name)!;
      return [a.is_primary_address, a.is_shipping_address];
    };
    expect(flags(a1.name)).toEqual([0, 1]);
    expect(flags(a2.name)).toEqual([1, 0]);
    expect(list.filter((a) => a.is_primary_address === 1)).toHaveLength(1);
    expect(list[0]!.name).toBe(a2.name); // the primary address comes first

    const upd = await alice.session.call('headless_e_commerce.api.update_address', { ...valid, name: a2.name, address_line1: 'A2', is_primary_address: 1, is_shipping_address: 1 });
    expect(upd.statusCode).toBe(200);
    list = await mine(alice.session);
    expect(flags(a1.name)).toEqual([0, 0]);
    expect(flags(a2.name)).toEqual([1, 1]);
    expect(list.filter((a) => a.is_shipping_address === 1)).toHaveLength(1);

    const bobs = await mine(bob.session);
    expect(bobs.find((a) => a.name === bobsPrimary.name)).toMatchObject({ is_primary_address: 1, is_shipping_address: 1 });
  });

  it('concurrent primary addresses still leave exactly one', async () => {
    const carol = await createMember(server);
    await Promise.all(
      Array.from({ length: 5 }, (_, i) => add(carol.session, { ...valid, address_line1: `C${i}`, is_primary_address: 1 })),
    );
    const list = await mine(carol.session);
    expect(list).toHaveLength(5);
    expect(list.filter((a) => a.is_primary_address === 1)).toHaveLength(1);
  });
});

describe('update_address and delete_address', () => {
  it('updates the member’s own address with the same rules', async () => {
    const doc: Doc = (await add(alice.session, { ...valid, address_line1: 'Before' })).json().message;
    const bad = await alice.session.call('headless_e_commerce.api.update_address', { ...valid, name: doc.name, city: '' });
    expect(bad.statusCode).toBe(417);
    expect(serverMessage(bad.json())).toBe('City is required');
    const res = await alice.session.call('headless_e_commerce.api.update_address', {
      ...valid, name: doc.name, address_line1: 'After', state: 'Pathum Thani', city: 'Khlong Luang', pincode: '12120',
    });
    expect(res.statusCode).toBe(200);
    const after = (await mine(alice.session)).find((a) => a.name === doc.name)!;
    expect(after).toMatchObject({ address_line1: 'After', state: 'Pathum Thani', city: 'Khlong Luang', pincode: '12120' });
  });

  it('deletes the member’s own address', async () => {
    const doc: Doc = (await add(alice.session, { ...valid, address_line1: 'To delete' })).json().message;
    const res = await alice.session.call('headless_e_commerce.api.delete_address', { name: doc.name }, 'DELETE');
    expect(res.statusCode).toBe(200);
    expect((await mine(alice.session)).map((a) => a.name)).not.toContain(doc.name);
    const again = await alice.session.call('headless_e_commerce.api.delete_address', { name: doc.name });
    expect(again.statusCode).toBe(404);
  });

  it('replays an Idempotency-Key: one address, the same answer', async () => {
    const before = (await mine(alice.session)).length;
    const headers = { 'idempotency-key': 'd9b1e7c2-0000-4000-8000-000000000001' };
    const first = await add(alice.session, { ...valid, address_line1: 'Once' }, headers);
    const second = await add(alice.session, { ...valid, address_line1: 'Once' }, headers);
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json().message.name).toBe(first.json().message.name);
    expect((await mine(alice.session)).length).toBe(before + 1);
  });
});

describe('a member never reaches another member’s addresses', () => {
  let bobsAddress: Doc;
  beforeAll(async () => {
    bobsAddress = (await add(bob.session, { ...valid, address_line1: 'Bob only' })).json().message;
  });

  it('get_addresses lists only the caller’s', async () => {
    const names = (await mine(alice.session)).map((a) => a.name);
    expect(names).not.toContain(bobsAddress.name);
    expect((await mine(alice.session)).some((a) => a.address_line1 === 'Bob only')).toBe(false);
  });

  it('update_address on another member’s name looks like a missing address and changes nothing', async () => {
    const res = await alice.session.call('headless_e_commerce.api.update_address', { ...valid, name: bobsAddress.name, address_line1: 'Hacked' });
    expect(res.statusCode).toBe(404);
    const missing = await alice.session.call('headless_e_commerce.api.update_address', { ...valid, name: 'ADDR-NOPE', address_line1: 'Hacked' });
    expect(missing.statusCode).toBe(404);
    // Same answer shape for "someone else's" and "does not exist": nothing to probe.
    expect(serverMessage(res.json())!.replace(bobsAddress.name, 'X')).toBe(serverMessage(missing.json())!.replace('ADDR-NOPE', 'X'));
    expect((await mine(bob.session)).find((a) => a.name === bobsAddress.name)!.address_line1).toBe('Bob only');
  });

  it('delete_address on another member’s name is refused and deletes nothing', async () => {
    const res = await alice.session.call('headless_e_commerce.api.delete_address', { name: bobsAddress.name }, 'DELETE');
    expect(res.statusCode).toBe(404);
    expect((await mine(bob.session)).map((a) => a.name)).toContain(bobsAddress.name);
  });

  it('/api/resource/Address shows only own rows, whatever the filters', async () => {
    const q = (query: Record<string, unknown>) =>
      alice.session.request({
        method: 'GET',
        url: '/api/resource/Address',
        query: Object.fromEntries(Object.entries(query).map(([k, v]) => [k, JSON.stringify(v)])),
      });
    const byName = await q({ filters: [['name', '=', bobsAddress.name]], fields: ['name', 'address_line1'] });
    expect(byName.statusCode).toBe(200);
    expect(byName.json().data).toEqual([]);
    const orFilter = await q({ or_filters: [['name', '=', bobsAddress.name], ['address_line1', 'like', '%']], fields: ['name'], limit: 0 });
    expect(orFilter.json().data.map((r: Doc) => r.name)).not.toContain(bobsAddress.name);
    expect(orFilter.json().data.length).toBe((await mine(alice.session)).length);
    const direct = await alice.session.request({ method: 'GET', url: `/api/resource/Address/${bobsAddress.name}` });
    expect(direct.statusCode).toBe(404);
    const count = await alice.session.call('frappe.client.get_count', { doctype: 'Address', filters: [['name', '=', bobsAddress.name]] }, 'GET');
    expect(count.json().message).toBe(0);
  });

  it('/api/resource/Address cannot write at all', async () => {
    const put = await alice.session.request({ method: 'PUT', url: `/api/resource/Address/${bobsAddress.name}`, payload: { address_line1: 'x' } });
    expect(put.statusCode).toBe(403);
    const del = await alice.session.request({ method: 'DELETE', url: `/api/resource/Address/${bobsAddress.name}` });
    expect(del.statusCode).toBe(403);
    expect((await mine(bob.session)).find((a) => a.name === bobsAddress.name)!.address_line1).toBe('Bob only');
  });

  it('guests cannot list or add', async () => {
    const guest = new Session(server.app);
    expect((await guest.call('headless_e_commerce.api.get_addresses', {}, 'GET')).statusCode).toBe(403);
    expect((await add(guest, valid)).statusCode).toBe(403);
  });

  it('a user without a customer (admin) gets an empty list and a clear refusal', async () => {
    const admin = new Session(server.app);
    await admin.login(ADMIN.usr, ADMIN.pwd);
    expect(await mine(admin)).toEqual([]);
    const res = await add(admin, valid);
    expect(res.statusCode).toBe(417);
  });
});

describe('address options', () => {
  it('serves the address lists to anyone, with province → district', async () => {
    const res = await new Session(server.app).call('member_rewards.api.get_address_options', {}, 'GET');
    expect(res.statusCode).toBe(200);
    const opts = res.json().message;
    expect(opts.countries.map((c: { value: string }) => c.value)).toEqual([
      'Thailand', 'Pakistan', 'Germany', 'Great Britain', 'Poland', 'United States of America',
    ]);
    expect(opts.states.map((c: { value: string }) => c.value)).toEqual(['Sindh', 'Punjab', 'Balochistan', 'KPK', 'Florida', 'New York', 'Texas']);
    expect(opts.provinces.map((p: { value: string }) => p.value)).toEqual(['Bangkok', 'Samut Prakan', 'Samut Sakhon', 'Pathum Thani']);
    expect(opts).toEqual(DEFAULT_ADDRESS_OPTIONS);
  });
});
