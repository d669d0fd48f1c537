import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestServer, type TestServer } from '../../support/server';
import { DEMO_MEMBER, LOYALTY_PROGRAM } from '../../../server/seed/constants';
import { signInWithLine } from '../account/helpers';
import { recordStatements } from '../../../server/db/statement-log';
import { issueApiKey } from '../../../server/frappe/api-keys';

/**
 * The real demo seed (SEED_DEMO, as `npm start` runs it on a new database) must reproduce the original's sample
 * member: 24 points, tier Silver, next tier Gold, 11 points to go. Nothing here writes points: if the seed's
 * batches, tiers or expiry dates drift, these numbers move.
 */
let server: TestServer;
let demo: Awaited<ReturnType<typeof signInWithLine>>;

beforeAll(async () => {
  server = await createTestServer({ seedDemo: true });
  demo = await signInWithLine(server, 'demo');
}, 60_000);
afterAll(() => server.close());

describe('demo member from the seed', () => {
  it('signs in through the development LINE page as the seeded member', () => {
    expect(demo.user).toBe(DEMO_MEMBER.user);
  });

  it('get_profile: 24 points, tier Silver, in the programme', async () => {
    const res = await demo.s.call('headless_e_commerce.api.get_profile', {}, 'GET');
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatchObject({
      name: DEMO_MEMBER.customer,
      loyalty_program: LOYALTY_PROGRAM,
      loyalty_points: 24,
      loyalty_program_tier: 'Silver',
      phone_verified: true,
    });
  });

  it('get_tier: Silver, next tier Gold, 11 points to it', async () => {
    const res = await demo.s.call('loyalty_program_customizations.overrides.get_tier', { customer: DEMO_MEMBER.customer });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatchObject({ tier_name: 'Silver', next_tier_name: 'Gold', points_to_next_tier: 11 });
  });

  it('get_loyalty_points_details agrees: 24 points from two live batches, none expired yet', async () => {
    const res = await demo.s.call('headless_e_commerce.api.get_loyalty_points_details', {}, 'GET');
    expect(res.statusCode).toBe(200);
    const details = res.json().message;
    expect(details).toMatchObject({ loyalty_points: 24, loyalty_program_tier: 'Silver', next_tier_name: 'Gold', points_to_next_tier: 11 });
    const points = (details.record as { loyalty_points: number }[]).map((r) => r.loyalty_points);
    expect(points).toHaveLength(2);
    expect(points.reduce((a, b) => a + b, 0)).toBe(24);
    expect(details.next_expiry_date > new Date().toISOString().slice(0, 10)).toBe(true);
  });
});

describe('the reads every open of the app makes: round trips', () => {
  // Each statement is a round trip (a socket write each way), the largest part of what a read costs on PostgreSQL,
  // so the session's check carries the method's own read: the profile and the points summary the home and the card
  // show (limit 0) are one statement in all; a page of the history adds its rows' read.
  it.each([
    ['get_profile', {}, 1],
    ['get_loyalty_points_details', { limit: 0 }, 1],
    ['get_loyalty_points_details', {}, 2],
  ] as const)('%s %j: %i statement(s) to the database, the session check included', async (method, args, statements) => {
    const log = await recordStatements(server.database);
    let res;
    try {
      res = await demo.s.call(`headless_e_commerce.api.${method}`, args, 'GET');
    } finally {
      log.stop();
    }
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toMatchObject({ loyalty_points: 24, loyalty_program_tier: 'Silver' });
    expect(log.sent, log.sent.join('\n')).toHaveLength(statements);
  });

  it('a page of the history agrees with the summary read beside the session', async () => {
    const summary = (await demo.s.call('headless_e_commerce.api.get_loyalty_points_details', { limit: 0 }, 'GET')).json().message;
    const full = (await demo.s.call('headless_e_commerce.api.get_loyalty_points_details', {}, 'GET')).json().message;
    expect(summary.record).toEqual([]);
    expect(summary.next_before).toBeNull();
    const { record, next_before, ...figures } = full;
    expect(summary).toEqual({ ...figures, record: [], next_before: null });
    expect(record).toHaveLength(2);
    expect(next_before).toBeNull();
  });

  it('a member signed in with an API key gets the same answers, read apart from the key check', async () => {
    const token = await issueApiKey(server.database.db, demo.user, 1);
    const withKey = (method: string, args: Record<string, unknown>) =>
      server.app.inject({ method: 'GET', url: `/api/method/headless_e_commerce.api.${method}?${new URLSearchParams(args as Record<string, string>)}`, headers: { authorization: `token ${token}` } });
    for (const [method, args] of [['get_profile', {}], ['get_loyalty_points_details', { limit: '0' }], ['get_loyalty_points_details', {}]] as const) {
      const bySession = (await demo.s.call(`headless_e_commerce.api.${method}`, args, 'GET')).json().message;
      const byKey = await withKey(method, args);
      expect(byKey.statusCode, byKey.body).toBe(200);
      expect(byKey.json().message).toEqual(bySession);
    }
  });
});
