import { createECDH, randomBytes, type ECDH } from 'node:crypto';
import http, { type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';
import * as ece from 'http_ece';
import { importJWK, jwtVerify, type JWTPayload } from 'jose';

/**
 * A push service of our own for tests (no browser push service exists here): it takes what the server posts to a
 * subscription's endpoint, checks the VAPID signature (RFC 8292: ES256 JWT whose `aud` is the endpoint's origin,
 * signed by the key in `k=`), and decrypts the body (RFC 8291, aes128gcm) with the subscription's private key and
 * auth secret, as the browser would. `status` decides the answer (201 by default; 410 = the subscription is gone).
 */
export interface ReceivedPush {
  path: string;
  headers: IncomingHttpHeaders;
  /** The decrypted body, when the signature checked out and the body decrypted. */
  plaintext: string | null;
  vapid: (JWTPayload & { k: string }) | null;
  status: number;
}

export interface TestSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
}

export class LocalPushService {
  readonly received: ReceivedPush[] = [];
  /** The answer for each request, by endpoint path (default 201). */
  status: (path: string, attempt: number) => number = () => 201;
  private server?: http.Server;
  private readonly keys = new Map<string, { ecdh: ECDH; auth: string }>();
  base = '';

  async start(host = '127.0.0.1'): Promise<this> {
    this.server = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        void this.handle(req.url ?? '/', req.headers, Buffer.concat(chunks)).then((status) => {
          res.writeHead(status).end();
        });
      });
    });
    await new Promise<void>((resolve) => this.server!.listen(0, host, resolve));
    this.base = `http://${host}:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  /** A subscription as a browser would make one, its endpoint on this service. */
  subscription(name = randomBytes(8).toString('hex')): TestSubscription {
    const ecdh = createECDH('prime256v1');
    ecdh.generateKeys();
    const auth = randomBytes(16).toString('base64url');
    const path = `/push/${name}`;
    this.keys.set(path, { ecdh, auth });
    return { endpoint: `${this.base}${path}`, keys: { p256dh: ecdh.getPublicKey('base64url'), auth } };
  }

  /** The decrypted JSON payloads received for one subscription (or all). */
  payloads(sub?: TestSubscription): unknown[] {
    const path = sub ? new URL(sub.endpoint).pathname : undefined;
    return this.received.filter((r) => r.status < 300 && r.plaintext && (!path || r.path === path)).map((r) => JSON.parse(r.plaintext!));
  }

  private async handle(path: string, headers: IncomingHttpHeaders, body: Buffer): Promise<number> {
    const attempt = this.received.filter((r) => r.path === path).length + 1;
    const status = this.status(path, attempt);
    let vapid: ReceivedPush['vapid'] = null;
    let plaintext: string | null = null;
    try {
      vapid = await verifyVapid(headers.authorization ?? '', this.base);
      const key = this.keys.get(path);
      if (key) plaintext = ece.decrypt(body, { version: 'aes128gcm', privateKey: key.ecdh, authSecret: key.auth }).toString('utf8');
    } catch {
      // recorded without plaintext: the test sees what failed
    }
    this.received.push({ path, headers, plaintext, vapid, status });
    return status;
  }

  async close() {
    await new Promise<void>((resolve) => (this.server ? this.server.close(() => resolve()) : resolve()));
  }
}

/** `vapid t=<jwt>, k=<public key>`: the JWT must be ES256-signed by k, for this origin, and not expired. */
async function verifyVapid(header: string, origin: string) {
  const match = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header);
  if (!match) throw new Error('no VAPID authorization');
  const raw = Buffer.from(match[2]!, 'base64url');
  const key = await importJWK(
    { kty: 'EC', crv: 'P-256', x: raw.subarray(1, 33).toString('base64url'), y: raw.subarray(33, 65).toString('base64url') },
    'ES256',
  );
  const { payload } = await jwtVerify(match[1]!, key, { audience: origin, algorithms: ['ES256'] });
  return { ...payload, k: match[2]! };
}
