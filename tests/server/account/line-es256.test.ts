import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import { createTestServer, type TestServer } from '../../support/server';
import { LINE_ISSUER, verifyIdToken, type LineMode } from '../../../server/modules/account/line';

/*
 * LINE signs id_tokens with HS256 (the channel secret) or ES256 (keys published at api.line.me/oauth2/v2.1/certs).
 * LINE's key endpoint cannot be reached here: fetch is answered with a key set made for the test, the only part
 * of LINE that is played.
 */
const MODE: LineMode = { kind: 'line', channelId: '1650000000', channelSecret: 'line-secret' };
const NONCE = 'nonce-es256';

let server: TestServer;
let lineKey: CryptoKey;
let otherKey: CryptoKey;
let published: JWK;

beforeAll(async () => {
  server = await createTestServer({ line: { channelId: MODE.channelId, channelSecret: MODE.channelSecret } });
  const line = await generateKeyPair('ES256', { extractable: true });
  lineKey = line.privateKey;
  published = { ...(await exportJWK(line.publicKey)), kid: 'line-key-1', alg: 'ES256', use: 'sig' };
  otherKey = (await generateKeyPair('ES256')).privateKey;
  const realFetch = globalThis.fetch;
  vi.spyOn(globalThis, 'fetch').mockImplementation(async (input, init) => {
    const url = String(input instanceof Request ? input.url : input);
    if (url === 'https://api.line.me/oauth2/v2.1/certs') return Response.json({ keys: [published] });
    return realFetch(input, init);
  });
}, 60_000);
afterEach(() => vi.clearAllMocks());
afterAll(async () => {
  vi.restoreAllMocks();
  await server.close();
});

const es256Token = (key: CryptoKey, claims: Record<string, unknown> = {}, kid = 'line-key-1') =>
  new SignJWT({ name: 'สมชาย', nonce: NONCE, ...claims })
    .setProtectedHeader({ alg: 'ES256', kid })
    .setIssuer(LINE_ISSUER)
    .setSubject('U0123456789abcdef0123456789abcdef')
    .setAudience(MODE.channelId)
    .setIssuedAt()
    .setExpirationTime('10m')
    .sign(key);

describe('LINE id_tokens signed with ES256', () => {
  it("are accepted when LINE's published key signed them", async () => {
    const identity = await verifyIdToken(server.database.db, MODE, await es256Token(lineKey), NONCE);
    expect(identity).toEqual({ sub: 'U0123456789abcdef0123456789abcdef', name: 'สมชาย', picture: null });
  });

  it('are refused when signed with any other key, under LINE key id or not', async () => {
    await expect(verifyIdToken(server.database.db, MODE, await es256Token(otherKey), NONCE)).rejects.toThrow(/id_token/);
    await expect(verifyIdToken(server.database.db, MODE, await es256Token(otherKey, {}, 'unknown-kid'), NONCE)).rejects.toThrow(/id_token/);
  });

  it('are refused for another channel, with another nonce, or expired', async () => {
    const db = server.database.db;
    const wrongAudience = await new SignJWT({ nonce: NONCE }).setProtectedHeader({ alg: 'ES256', kid: 'line-key-1' }).setIssuer(LINE_ISSUER)
      .setSubject('U1').setAudience('another-channel').setIssuedAt().setExpirationTime('10m').sign(lineKey);
    await expect(verifyIdToken(db, MODE, wrongAudience, NONCE)).rejects.toThrow(/id_token/);
    await expect(verifyIdToken(db, MODE, await es256Token(lineKey), 'another-nonce')).rejects.toThrow(/nonce mismatch/);
    const expired = await new SignJWT({ nonce: NONCE }).setProtectedHeader({ alg: 'ES256', kid: 'line-key-1' }).setIssuer(LINE_ISSUER)
      .setSubject('U1').setAudience(MODE.channelId).setIssuedAt(Math.floor(Date.now() / 1000) - 7200).setExpirationTime(Math.floor(Date.now() / 1000) - 3600).sign(lineKey);
    await expect(verifyIdToken(db, MODE, expired, NONCE)).rejects.toThrow(/id_token/);
  });
});
