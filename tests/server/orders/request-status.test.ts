import { and, eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { idempotencyKeys } from '../../../server/db/schema/auth';
import { claimIdempotentRequest } from '../../../server/frappe/request-status';
import { createMember, createTestServer, Session, type TestServer } from '../../support/server';
import { balance, gift, givePoints, invoicesOf, PLACE_ORDER } from './support';

const STATUS = 'member_rewards.api.request_status';

let server: TestServer;
beforeAll(async () => {
  server = await createTestServer({ seedDemo: true });
}, 120_000);
afterAll(() => server.close());

type Member = Awaited<ReturnType<typeof createMember>>;
let phones = 0;
/** A member who may spend (phone verified). */
const member = () => createMember(server, { phone: `08${String(Date.now() % 1e6).padStart(6, '0')}${String((phones += 1) % 100).padStart(2, '0')}` });
const redeem = (m: Member, key: string, points = 20) => m.session.call(PLACE_ORDER, gift('GIFT-TUMBLER', points), 'POST', { 'idempotency-key': key });
const status = async (m: Member, key: string) => {
  const res = await m.session.call(STATUS, { key });
  expect(res.statusCode).toBe(200);
  return res.json().message as { status: string; http_status?: number | null; answer?: { message?: { name: string } } & Record<string, unknown> };
};
const record = (m: Member, key: string) => server.database.db.select().from(idempotencyKeys).where(and(eq(idempotencyKeys.principal, m.name), eq(idempotencyKeys.key, key)));
/** A request that passed the idempotency check and then went quiet this long ago (a process that died mid-way). */
const runningSince = (m: Member, key: string, secondsAgo: number) =>
  server.database.db.insert(idempotencyKeys).values({ principal: m.name, key, request_hash: 'x', created_at: sql`now() - make_interval(secs => ${secondsAgo})` });

describe('member_rewards.api.request_status', () => {
  it('answers done with the stored answer when the redemption went through and only the answer was lost', async () => {
    const m = await member();
    await givePoints(server, m.customer, 24);
    const placed = await redeem(m, 'lost-answer');
    expect(placed.statusCode).toBe(200);

    const answer = await status(m, 'lost-answer');
    expect(answer).toMatchObject({ status: 'done', http_status: 200 });
    expect(answer.answer?.message?.name).toBe(placed.json().message.name);
    // Asking spent nothing more, and the same request again only replays.
    expect((await redeem(m, 'lost-answer')).json()).toEqual(placed.json());
    expect(await balance(server, m.customer)).toBe(4);
    expect(await invoicesOf(server, m.customer)).toHaveLength(1);
  });

  it('answers unknown for a request that never arrived, and that request, arriving later, is refused and spends nothing', async () => {
    const m = await member();
    await givePoints(server, m.customer, 24);
    expect(await status(m, 'never-arrived')).toEqual({ status: 'unknown' });

    const late = await redeem(m, 'never-arrived');
    expect(late.statusCode).toBe(417);
    expect(late.json().error_code).toBe('request_abandoned');
    expect(await balance(server, m.customer)).toBe(24);
    expect(await invoicesOf(server, m.customer)).toHaveLength(0);
    // Still true when asked again; a new attempt (a new key) goes through.
    expect(await status(m, 'never-arrived')).toEqual({ status: 'unknown' });
    expect((await redeem(m, 'a-new-attempt')).statusCode).toBe(200);
    expect(await balance(server, m.customer)).toBe(4);
  });

  it('answers done with the refusal when the server refused it: nothing was spent', async () => {
    const m = await member();
    await givePoints(server, m.customer, 5);
    const refused = await redeem(m, 'refused');
    expect(refused.statusCode).toBe(417);
    const answer = await status(m, 'refused');
    expect(answer).toMatchObject({ status: 'done', http_status: 417 });
    expect(answer.answer).toMatchObject({ exc_type: 'ValidationError', error_code: 'not_enough_points' });
    expect(await balance(server, m.customer)).toBe(5);
  });

  it('answers running while the request is being carried out, and gives up one that died', async () => {
    const m = await member();
    await givePoints(server, m.customer, 24);
    await runningSince(m, 'in-flight', 2);
    expect(await status(m, 'in-flight')).toEqual({ status: 'running' });
    expect((await record(m, 'in-flight'))[0]?.state).toBe('running');

    await runningSince(m, 'died', 120);
    expect(await status(m, 'died')).toEqual({ status: 'unknown' });
    expect((await record(m, 'died'))[0]?.state).toBe('abandoned');
    // A request with that key that is still alive somewhere cannot spend: its claim in the transaction is refused.
    const stillAlive = { idempotency: { principal: m.name, key: 'died' } } as unknown as FastifyRequest;
    await expect(server.database.db.transaction((tx) => claimIdempotentRequest(tx, stillAlive))).rejects.toMatchObject({ code: 'request_abandoned' });
    expect((await redeem(m, 'died')).json().error_code).toBe('request_abandoned');
    expect(await balance(server, m.customer)).toBe(24);
  });

  // Two connections at once: PostgreSQL only (PGlite runs one statement at a time).
  it.runIf(Boolean(process.env.TEST_DATABASE_URL))('never says unknown of a request whose spending transaction is committing meanwhile', async () => {
    const m = await member();
    await runningSince(m, 'race', 120);
    const req = { idempotency: { principal: m.name, key: 'race' } } as unknown as FastifyRequest;
    let release = () => {};
    let claimed = () => {};
    const isClaimed = new Promise<void>((resolve) => (claimed = resolve));
    const spending = server.database.db.transaction(async (tx) => {
      await claimIdempotentRequest(tx, req);
      claimed();
      await new Promise<void>((resolve) => (release = resolve));
    });
    await isClaimed;
    const asking = status(m, 'race'); // waits for the spending transaction's row lock
    await new Promise((resolve) => setTimeout(resolve, 200));
    release();
    await spending;
    expect(await asking).toEqual({ status: 'done', http_status: null, answer: null });
  });

  it("is scoped to the member: another member's question never gives up or reveals someone else's request", async () => {
    const a = await member();
    const b = await member();
    await givePoints(server, a.customer, 24);
    const placed = await redeem(a, 'shared-key');
    expect(placed.statusCode).toBe(200);
    expect(await status(b, 'shared-key')).toEqual({ status: 'unknown' });
    expect(await status(a, 'shared-key')).toMatchObject({ status: 'done', http_status: 200 });

    const c = await member();
    await givePoints(server, c.customer, 24);
    expect(await status(b, 'c-key')).toEqual({ status: 'unknown' });
    expect((await redeem(c, 'c-key')).statusCode).toBe(200);
  });

  it('needs a key and a signed-in member', async () => {
    const m = await member();
    const missing = await m.session.call(STATUS, {});
    expect(missing.statusCode).toBe(417);
    const guest = await new Session(server.app).call(STATUS, { key: 'x' });
    expect(guest.statusCode).toBe(403);
    const long = await m.session.call(STATUS, { key: 'k'.repeat(300) });
    expect(long.statusCode).toBe(417);
  });
});
