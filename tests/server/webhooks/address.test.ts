import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { ADMIN, createMember, createTestServer, Session, type TestServer } from '../../support/server';
import { webhookSubscriptions } from '../../../server/db/schema/webhooks';
import { isPublicAddress } from '../../../server/modules/webhooks/address';
import { asClient, createClient, I, type Credentials } from '../integration/support';
import { deliver, deliveriesOf, receiver, W, type Receiver } from './support';

vi.setConfig({ testTimeout: 120_000 });

describe('which addresses count as public', () => {
  it('refuses loopback, private, link-local, CGNAT, unique-local and metadata addresses, in every spelling', () => {
    for (const address of [
      '127.0.0.1', '127.8.9.10', '0.0.0.0', '10.1.2.3', '172.16.0.1', '172.31.255.255', '192.168.1.1', '169.254.169.254', '169.254.0.1', '100.64.0.1',
      '100.127.255.254', '224.0.0.1', '255.255.255.255', '::', '::1', 'fd00:ec2::254', 'fc00::1', 'fe80::1', '::ffff:127.0.0.1', '::ffff:7f00:1',
      '::ffff:10.0.0.1', '::ffff:a9fe:a9fe', '64:ff9b::7f00:1', '2002:7f00:1::1', 'not-an-address',
    ]) {
      expect(isPublicAddress(address), address).toBe(false);
    }
    for (const address of ['8.8.8.8', '1.1.1.1', '100.128.0.1', '172.32.0.1', '2606:4700:4700::1111', '::ffff:8.8.8.8', '2001:4860:4860::8888']) {
      expect(isPublicAddress(address), address).toBe(true);
    }
  });
});

describe('in production (NODE_ENV=production)', () => {
  let server: TestServer;
  let admin: Session;
  let client: Credentials;
  let hook: Receiver;
  beforeAll(async () => {
    server = await createTestServer({ seedDemo: true, production: true });
    admin = new Session(server.app);
    expect((await admin.login(ADMIN.usr, ADMIN.pwd)).statusCode).toBe(200);
    client = await createClient(admin, ['webhooks', 'points:earn']);
    hook = await receiver();
  }, 120_000);
  afterAll(async () => {
    await hook.close();
    await server.close();
  });

  it('a subscription must be https to a public address: loopback, private, metadata and names resolving to them are refused', async () => {
    for (const url of [
      hook.url, // http://127.0.0.1:…
      'http://example.com/hook',
      'https://127.0.0.1/hook',
      'https://localhost/hook',
      'https://[::1]/hook',
      'https://10.0.0.8/hook',
      'https://169.254.169.254/latest/meta-data',
      'https://[fd00:ec2::254]/hook',
      'https://100.64.1.1/hook',
      'https://[::ffff:127.0.0.1]/hook',
    ]) {
      const res = await asClient(server, client, W.subscribe, { url, events: ['points.earned'] });
      expect(res.statusCode, url).toBe(417);
      expect(JSON.stringify(res.json()), url).toMatch(/This URL is not accepted: (The URL must start with https:\/\/|.*not a public address)/);
    }
    // A public address is accepted (an address, so no name needs resolving here).
    const ok = await asClient(server, client, W.subscribe, { url: 'https://8.8.8.8/hook', events: ['points.earned'] });
    expect(ok.statusCode, ok.body).toBe(200);
    await asClient(server, client, W.unsubscribe, { subscription: ok.json().message.subscription.subscription });
    const back = await admin.call(W.subscribeFor, { api_key: client.key, url: 'https://192.168.0.10/hook', events: ['points.earned'] });
    expect(back.statusCode).toBe(417);
    expect((await admin.call(W.list, { api_key: client.key }, 'GET')).json().message).toEqual([]);
  });

  it('each delivery checks the address again when it is sent: an endpoint that resolves to a private address now is not called, and the delivery says why', async () => {
    // As if the name had resolved to a public address at subscribe and to this machine now (DNS rebinding).
    const [sub] = await server.database.db
      .insert(webhookSubscriptions)
      .values({ name: 'WHS-rebound', api_key: client.key, url: `https://localhost:${hook.port}/hook`, events: ['points.earned'], secret: `whsec_${Buffer.alloc(32, 1).toString('base64')}`, created_by: 'test' })
      .returning();
    const m = await createMember(server);
    const earned = await asClient(server, client, I.earn, { customer: m.customer, receipt_no: 'PROD-1', branch: 'สาขาสยาม', amount: 100 });
    expect(earned.statusCode, earned.body).toBe(200);
    await deliver(server, () => new Date());
    expect(hook.received).toHaveLength(0);
    const [row] = await deliveriesOf(server, sub!.name);
    expect(row).toMatchObject({ status: 'pending', attempts: 1, last_status: null });
    expect(row!.last_response).toMatch(/^Refused: localhost resolves to (127\.0\.0\.1|::1), not a public address$/);
  });
});
