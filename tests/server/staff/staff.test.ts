import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { eq } from 'drizzle-orm';
import { ADMIN, createMember, createMemberWithDevice, createTestServer, serverMessage, Session, STAFF, type TestServer } from '../../support/server';
import { MEMBER_CODE, memberCodeAt, otpFor, parseMemberCode, secondsLeft, stepAt, type MemberCodeDevice } from '../../../contracts/member-code';
import { STAFF_REFUSAL_REASONS } from '../../../contracts/staff';
import { loyaltyPointEntries } from '../../../server/db/schema/loyalty';
import { deliveryNotes, staffActions } from '../../../server/db/schema/orders';
import { users } from '../../../server/db/schema/auth';
import { formatRewardCode } from '../../../contracts/reward-code';
import { recordAction } from '../../../server/modules/staff/repository';
import { BRANCHES } from '../../../server/seed/constants';
import { balanceOf, earnPoints, programOf } from '../../../server/modules/loyalty/ledger';

const RESOLVE = 'member_rewards.staff.resolve_code';
const AWARD = 'member_rewards.staff.award_points';
const CONFIRM = 'member_rewards.staff.confirm_reward';
const ACTIONS = 'member_rewards.staff.actions';
const REGISTER = 'member_rewards.member_code.register_device';
const STATUS = 'member_rewards.member_code.device_status';
const PLACE_ORDER = 'headless_e_commerce.api.place_order';

// Several members per test, each with a scrypt-hashed password: slow on a shared 2-core machine.
vi.setConfig({ testTimeout: 30_000 });

let server: TestServer;
let staffA: Session;
let staffA2: Session;
let staffB: Session;

type Body = { _server_messages?: string; reason?: string; [k: string]: unknown };
const body = (res: { json(): unknown }) => res.json() as Body;
const message = (res: { json(): unknown }) => serverMessage(body(res));

async function staffOf(branch: string) {
  const s = await createMember(server, { roles: ['Store Staff'], branch });
  return s.session;
}

const memberWithDevice = () => createMemberWithDevice(server);

async function givePoints(customer: string, points: number) {
  const program = await programOf(server.database.db, customer);
  await earnPoints(server.database.db, { customer, program: program!, points, source: 'adjustment' });
}

/** A gift redeemed by the member for pickup at `branch`: its Sales Invoice name and the code the till scans. */
async function redeemGift(m: { session: Session; customer: string }, branch: string = BRANCHES[0]): Promise<{ invoice: string; code: string }> {
  await givePoints(m.customer, 15);
  const res = await m.session.call(PLACE_ORDER, {
    loyalty_points: 15,
    items: [{ item_code: 'GIFT-TOTE', qty: 1 }],
    payment_method: 'bank-transfer',
    branch,
  });
  expect(res.statusCode, res.body).toBe(200);
  return { invoice: res.json().message.name as string, code: res.json().message.reward_code as string };
}

async function scan(s: Session, code: string) {
  return s.call(RESOLVE, { code });
}

/** The per-member daily cap is a programme rule; the settings method writes it (from today). */
async function setCap(points: number) {
  const admin = new Session(server.app);
  expect((await admin.login(ADMIN.usr, ADMIN.pwd)).statusCode).toBe(200);
  expect((await admin.call('member_rewards.settings.update_settings', { staff_award_daily_cap: points })).statusCode).toBe(200);
}

const staffAwards = (customer: string) =>
  server.database.db.select().from(loyaltyPointEntries).where(eq(loyaltyPointEntries.customer, customer)).then((rows) => rows.filter((r) => r.source === 'staff_award'));

beforeAll(async () => {
  server = await createTestServer({ seedDemo: true });
  staffA = new Session(server.app);
  expect((await staffA.login(STAFF.usr, STAFF.pwd)).statusCode).toBe(200);
  staffA2 = await staffOf(BRANCHES[0]);
  staffB = await staffOf(BRANCHES[1]);
}, 120_000);
afterAll(() => server.close());

describe('member code contract', () => {
  it('is all digits: the member number then a 6-digit one-time part that changes with the step', async () => {
    const device = { secret: 'c2VjcmV0LXNlY3JldC1zZWNyZXQtc2VjcmV0LTEyMzQ', step: 30, digits: 6, member_no: 42 };
    const a = await memberCodeAt(device, 1_700_000_000_000);
    const b = await memberCodeAt(device, 1_700_000_000_000 + 30_000);
    expect(a).toMatch(/^42\d{6}$/);
    expect(b).toMatch(/^42\d{6}$/);
    expect(a).not.toBe(b);
    expect(parseMemberCode(a)).toEqual({ memberNo: 42, otp: a.slice(2) });
    expect(parseMemberCode('ACC-SINV-2026-00001')).toBeNull();
  });
});

describe('device registration', () => {
  it('issues a secret; a new registration revokes the older device; sign-out revokes the current one', async () => {
    const m = await memberWithDevice();
    expect(m.device).toMatchObject({ step: MEMBER_CODE.stepSeconds, digits: 6 });
    const oldCode = await memberCodeAt(m.device);
    const second = (await m.session.call(REGISTER, {})).json().message as MemberCodeDevice;
    expect(second.member_no).not.toBe(m.device.member_no);
    expect((await m.session.call(STATUS, { device_id: m.device.device_id }, 'GET')).json().message.active).toBe(false);
    expect((await m.session.call(STATUS, { device_id: second.device_id }, 'GET')).json().message.active).toBe(true);

    const refused = await scan(staffA, oldCode);
    expect(refused.statusCode).toBe(417);
    expect(body(refused).reason).toBe('code_invalid');
    expect((await scan(staffA, await memberCodeAt(second))).statusCode).toBe(200);

    await m.session.call('logout', {});
    const afterLogout = await scan(staffA, await memberCodeAt(second));
    expect(afterLogout.statusCode).toBe(417);
    expect(body(afterLogout).reason).toBe('code_invalid');
  });
  it('signing in on another device revokes the first device at once; the new device registers its own', async () => {
    const m = await memberWithDevice();
    const phoneCode = await memberCodeAt(m.device);
    const laptop = new Session(server.app);
    expect((await laptop.login(m.name, m.pwd)).statusCode).toBe(200);
    const refused = await scan(staffA, phoneCode);
    expect(refused.statusCode).toBe(417);
    expect(body(refused).reason).toBe('code_invalid');
    expect((await m.session.call(STATUS, { device_id: m.device.device_id }, 'GET')).json().message.active).toBe(false);

    const laptopDevice = (await laptop.call(REGISTER, {})).json().message as MemberCodeDevice;
    expect((await scan(staffA, await memberCodeAt(laptopDevice))).statusCode).toBe(200);
  });

  it("a staff user's sign-in leaves members' codes alone", async () => {
    const m = await memberWithDevice();
    await createMember(server, { roles: ['Store Staff'], branch: BRANCHES[0] });
    expect((await scan(staffA, await memberCodeAt(m.device))).statusCode).toBe(200);
  });
});

describe('staff methods are for store staff only', () => {
  it('members (cookie session or API token) and guests get 403 from every staff method', async () => {
    const m = await memberWithDevice();
    const code = await memberCodeAt(m.device);
    const tokenRes = await new Session(server.app).call('frappeauth_app.authentication.login', { usr: m.name, pwd: m.pwd });
    expect(tokenRes.statusCode, tokenRes.body).toBe(200);
    const apiToken = tokenRes.json().message.token as string;
    const guest = new Session(server.app);
    for (const [method, args, verb] of [
      [RESOLVE, { code }, 'POST'],
      [AWARD, { member_code: code, amount: 100, receipt_no: 'R-1' }, 'POST'],
      [CONFIRM, { code: 'ACC-SINV-2026-00001' }, 'POST'],
      [ACTIONS, {}, 'GET'],
    ] as const) {
      const byMember = await m.session.call(method, args, verb);
      expect(byMember.statusCode, method).toBe(403);
      expect((await guest.call(method, args, verb)).statusCode, method).toBe(403);
    }
    const byToken = await server.app.inject({
      method: 'POST',
      url: `/api/method/${RESOLVE}`,
      headers: { authorization: `token ${apiToken}` },
      payload: { code },
    });
    expect(byToken.statusCode).toBe(403);
    expect(await staffAwards(m.customer)).toHaveLength(0);
  });

  it('a member cannot register a device for rotating codes as staff', async () => {
    expect((await staffA.call(REGISTER, {})).statusCode).toBe(403);
  });
});

describe('resolve_code with a member code', () => {
  it('shows the member: name, tier, points, member since, and a scan token', async () => {
    const m = await memberWithDevice();
    await givePoints(m.customer, 120);
    const res = await scan(staffA, await memberCodeAt(m.device));
    expect(res.statusCode, res.body).toBe(200);
    const msg = res.json().message;
    expect(msg.kind).toBe('member');
    expect(msg.member).toMatchObject({ customer: m.customer, loyalty_points: 120, daily_cap: 500, awarded_today: 0 });
    expect(msg.member.full_name).toMatch(/^Member /);
    expect(msg.member.member_since).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(typeof msg.scan_token).toBe('string');
  });

  it('accepts the previous step (clock skew) but refuses a code three steps old and a wrong one-time part', async () => {
    const m = await memberWithDevice();
    const now = Date.now();
    const at = async (step: number) => `${m.device.member_no}${await otpFor(m.device.secret, m.device.member_no, step)}`;
    const current = stepAt(now);
    expect((await scan(staffA, await at(current - 1))).statusCode).toBe(200);
    const stale = await scan(staffA, await at(current - 3));
    expect(stale.statusCode).toBe(417);
    expect(body(stale).reason).toBe('code_invalid');
    expect(message(stale)).toBe('This member code is not valid or has expired. Ask the member to open My ID again.');
    const code = await at(current);
    const wrong = `${m.device.member_no}${String((Number(code.slice(-6)) + 1) % 1_000_000).padStart(6, '0')}`;
    expect((await scan(staffA, wrong)).statusCode).toBe(417);
  });

  it('an unknown member number gets the same answer as a stale code', async () => {
    const res = await scan(staffA, '987654321123456');
    expect(res.statusCode).toBe(417);
    expect(body(res).reason).toBe('code_invalid');
  });
});

describe('award_points', () => {
  it('awards points by the earning rule; the member sees them in their history', async () => {
    const m = await memberWithDevice();
    const token = (await scan(staffA, await memberCodeAt(m.device))).json().message.scan_token;
    const res = await staffA.call(AWARD, { scan_token: token, amount: 260, receipt_no: 'rcp-1001' });
    expect(res.statusCode, res.body).toBe(200);
    // The demo programme: one point per 25 baht.
    expect(res.json().message).toMatchObject({ points: 10, amount: 260, receipt_no: 'RCP-1001', loyalty_points: 10 });

    const history = await m.session.call('headless_e_commerce.api.get_loyalty_points_details', {}, 'GET');
    const rows = history.json().message.record as { source: string; loyalty_points: number; receipt_no: string }[];
    expect(rows.find((r) => r.source === 'staff_award')).toMatchObject({ loyalty_points: 10, receipt_no: 'RCP-1001' });
    expect(history.json().message.loyalty_points).toBe(10);
  });

  it('a member code used for one award cannot be replayed (the same code, its scan token, or an older step)', async () => {
    const m = await memberWithDevice();
    const code = await memberCodeAt(m.device);
    const first = (await scan(staffA, code)).json().message.scan_token;
    const second = (await scan(staffA2, code)).json().message.scan_token;
    const status = () => m.session.call(STATUS, { device_id: m.device.device_id }, 'GET').then((r) => r.json().message);
    expect((await status()).last_used_step).toBeNull();
    expect((await staffA.call(AWARD, { scan_token: first, amount: 100, receipt_no: 'RP-1' })).statusCode).toBe(200);
    // The member's app sees its code was used (and refreshes the points it shows).
    const used = (await status()).last_used_step as number;
    expect([stepAt(Date.now()) - 1, stepAt(Date.now())]).toContain(used);

    const replayToken = await staffA2.call(AWARD, { scan_token: second, amount: 100, receipt_no: 'RP-2' });
    expect(replayToken.statusCode).toBe(417);
    expect(body(replayToken).reason).toBe('code_used');
    const rescan = await scan(staffA, code);
    expect(rescan.statusCode).toBe(417);
    expect(body(rescan).reason).toBe('code_used');
    const older = `${m.device.member_no}${await otpFor(m.device.secret, m.device.member_no, stepAt(Date.now()) - 1)}`;
    expect(body(await scan(staffA, older)).reason).toBe('code_used');
    const direct = await staffA.call(AWARD, { member_code: code, amount: 100, receipt_no: 'RP-3' });
    expect(body(direct).reason).toBe('code_used');
    expect(await staffAwards(m.customer)).toHaveLength(1);
  });

  it('a scan token is bound to the staff user who scanned', async () => {
    const m = await memberWithDevice();
    const token = (await scan(staffA, await memberCodeAt(m.device))).json().message.scan_token as string;
    const res = await staffA2.call(AWARD, { scan_token: token, amount: 100, receipt_no: 'RB-1' });
    expect(res.statusCode).toBe(417);
    expect(body(res).reason).toBe('ticket_invalid');
    const forged = await staffA.call(AWARD, { scan_token: `${token.split('.')[0]}.AAAA`, amount: 100, receipt_no: 'RB-2' });
    expect(body(forged).reason).toBe('ticket_invalid');
  });

  it('the same receipt number twice → one award, even concurrently and for different members', async () => {
    const members = await Promise.all([memberWithDevice(), memberWithDevice(), memberWithDevice()]);
    const tokens = await Promise.all(
      members.map(async (m, i) => ((await scan(i === 1 ? staffA2 : staffA, await memberCodeAt(m.device))).json().message.scan_token as string)),
    );
    const results = await Promise.all(
      members.map((_m, i) => (i === 1 ? staffA2 : staffA).call(AWARD, { scan_token: tokens[i], amount: 100, receipt_no: 'DUP-77' })),
    );
    expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
    for (const r of results.filter((x) => x.statusCode !== 200)) {
      expect(r.statusCode).toBe(409);
      expect(body(r).reason).toBe('receipt_used');
      expect(message(r)).toBe('This receipt number has already earned points');
    }
    const awarded = (await Promise.all(members.map((m) => staffAwards(m.customer)))).flat();
    expect(awarded).toHaveLength(1);

    // The same receipt number at another branch is another receipt.
    const other = await memberWithDevice();
    const t = (await scan(staffB, await memberCodeAt(other.device))).json().message.scan_token;
    expect((await staffB.call(AWARD, { scan_token: t, amount: 100, receipt_no: 'dup-77' })).statusCode).toBe(200);
  });

  it('refuses an amount that earns nothing and validates the form', async () => {
    const m = await memberWithDevice();
    const token = (await scan(staffA, await memberCodeAt(m.device))).json().message.scan_token;
    const small = await staffA.call(AWARD, { scan_token: token, amount: 10, receipt_no: 'S-1' });
    expect(small.statusCode).toBe(417);
    expect(body(small).reason).toBe('no_points');
    expect(message(await staffA.call(AWARD, { scan_token: token, amount: 100, receipt_no: '  ' }))).toBe('Receipt number is required');
    // A negative amount and a receipt number the tills never print are refused with a reason the app translates.
    for (const amount of [-5, '-50', 0, 1_000_001]) {
      const res = await staffA.call(AWARD, { scan_token: token, amount, receipt_no: 'S-2' });
      expect(res.statusCode, String(amount)).toBe(417);
      expect(body(res).reason).toBe('amount_invalid');
    }
    const thai = await staffA.call(AWARD, { scan_token: token, amount: 100, receipt_no: 'ใบเสร็จ-12' });
    expect(thai.statusCode).toBe(417);
    expect(body(thai)).toMatchObject({ reason: 'receipt_invalid' });
    expect(message(thai)).toBe('Receipt number may contain only letters, digits, - / _ .');
    // The refused attempt did not use the code: it still awards.
    expect((await staffA.call(AWARD, { scan_token: token, amount: 100, receipt_no: 'S-3' })).statusCode).toBe(200);
  });

  /** The current step, once at least 20 of its 30 seconds are left (waiting for the next one otherwise). */
  async function freshStep(): Promise<number> {
    const left = secondsLeft(Date.now());
    if (left < 20) await new Promise((resolve) => setTimeout(resolve, left * 1000 + 100));
    return stepAt(Date.now());
  }

  it('the daily cap holds under concurrent awards', async () => {
    await setCap(500);
    try {
      const m = await memberWithDevice();
      // 300 points already awarded by staff today: room for one more award of 200, not two.
      const program = await programOf(server.database.db, m.customer);
      await earnPoints(server.database.db, { customer: m.customer, program: program!, points: 300, source: 'staff_award', receiptNo: 'EARLIER' });
      // Three codes the device showed (previous, current, next step) are all accepted only while the server's step
      // is still the current one: start them at the beginning of a step, so a slow machine has the whole step.
      const step = await freshStep();
      // Scanned at three tills at once.
      const codes = await Promise.all([step - 1, step, step + 1].map(async (s) => `${m.device.member_no}${await otpFor(m.device.secret, m.device.member_no, s)}`));
      const tills = [staffA, staffA2, staffA];
      const tokens: string[] = [];
      for (let i = 0; i < 3; i += 1) tokens.push((await scan(tills[i]!, codes[i]!)).json().message.scan_token);
      // The 300 points earned make the member Platinum (× 1.5 in the seeded rules): 3,333.34 baht earn 200 points.
      const results = await Promise.all(tokens.map((t, i) => tills[i]!.call(AWARD, { scan_token: t, amount: 3333.34, receipt_no: `CAP-${i}` })));
      expect(results.filter((r) => r.statusCode === 200)).toHaveLength(1);
      for (const r of results.filter((x) => x.statusCode !== 200)) expect(['daily_cap', 'code_used']).toContain(body(r).reason);
      const total = (await staffAwards(m.customer)).reduce((s, r) => s + r.loyalty_points, 0);
      expect(total).toBe(500);
      expect(await balanceOf(server.database.db, m.customer)).toBe(500);

      // With no room left, concurrent awards from a newly registered device are all refused by the cap itself
      // (whatever order they lock in: a refused award leaves its step unused, so none of them is 'code_used').
      const fresh = (await m.session.call(REGISTER, {})).json().message as MemberCodeDevice;
      const freshAt = await freshStep();
      const freshCodes = await Promise.all([freshAt - 1, freshAt, freshAt + 1].map(async (s) => `${fresh.member_no}${await otpFor(fresh.secret, fresh.member_no, s)}`));
      const again = await Promise.all(freshCodes.map((c, i) => tills[i]!.call(AWARD, { member_code: c, amount: 25, receipt_no: `CAP-${9 + i}` })));
      for (const r of again) {
        expect(r.statusCode).toBe(417);
        expect(body(r)).toMatchObject({ reason: 'daily_cap', remaining: 0 });
      }
      expect((await staffAwards(m.customer)).reduce((s, r) => s + r.loyalty_points, 0)).toBe(500);
    } finally {
      await setCap(500);
    }
  }, 180_000);

  it('the cap refusal says how many points are left today', async () => {
    await setCap(50);
    try {
      const m = await memberWithDevice();
      const token = (await scan(staffA, await memberCodeAt(m.device))).json().message.scan_token;
      const res = await staffA.call(AWARD, { scan_token: token, amount: 2000, receipt_no: 'CAPMSG-1' });
      expect(res.statusCode).toBe(417);
      expect(body(res)).toMatchObject({ reason: 'daily_cap', cap: 50, remaining: 50, points: 80 });
      expect(message(res)).toBe("This receipt would give 80 points; only 50 of today's 50 can still be given to this member.");
    } finally {
      await setCap(500);
    }
  });

  it("the staff account's own cap is refused with the same figures: what the receipt would give, what is left", async () => {
    const cashier = await createMember(server, { roles: ['Store Staff'], branch: BRANCHES[0] });
    await server.database.db.update(users).set({ daily_award_cap: 30 }).where(eq(users.name, cashier.name));
    const award = async (amount: number, receipt: string) => {
      const m = await memberWithDevice();
      return cashier.session.call(AWARD, { member_code: await memberCodeAt(m.device), amount, receipt_no: receipt });
    };
    expect((await award(500, 'OWNCAP-1')).json().message.points).toBe(20);
    const over = await award(1000, 'OWNCAP-2');
    expect(over.statusCode).toBe(417);
    expect(body(over)).toMatchObject({ reason: 'staff_daily_cap', error_code: 'staff_daily_cap', points: 40, remaining: 10, cap: 30 });
    expect(message(over)).toBe('This receipt would give 40 points; you can give only 10 more of your 30 today.');
  });
});

describe('reward order codes', () => {
  it('shows the reward, the member and the branch; staff of another branch are refused', async () => {
    const m = await memberWithDevice();
    const { invoice, code } = await redeemGift(m);
    const res = await scan(staffA, code);
    expect(res.statusCode, res.body).toBe(200);
    const reward = res.json().message.reward;
    expect(reward).toMatchObject({ invoice, code, branch: BRANCHES[0], confirmed: false });
    expect(reward.items[0]).toMatchObject({ item_code: 'GIFT-TOTE', qty: 1 });
    expect(reward.delivery_notes[0]).toMatchObject({ status: 'Draft' });
    expect(reward.member.full_name).toMatch(/^Member /);

    const other = await scan(staffB, code);
    expect(other.statusCode).toBe(403);
    expect(body(other)).toMatchObject({ reason: 'other_branch' });
    expect(JSON.stringify(body(other))).not.toContain(m.customer);
  });

  it('staff of branch B cannot confirm a reward for branch A', async () => {
    const m = await memberWithDevice();
    const { invoice, code } = await redeemGift(m);
    const res = await staffB.call(CONFIRM, { code });
    expect(res.statusCode).toBe(403);
    expect(body(res).reason).toBe('other_branch');
    const [dn] = await server.database.db.select().from(deliveryNotes).where(eq(deliveryNotes.sales_invoice, invoice));
    expect(dn!.status).toBe('Draft');
  });

  it('two staff confirming the same code concurrently → exactly one success; the other learns who and when', async () => {
    const m = await memberWithDevice();
    const { invoice, code } = await redeemGift(m);
    const results = await Promise.all([staffA.call(CONFIRM, { code }), staffA2.call(CONFIRM, { code }), staffA.call(CONFIRM, { code })]);
    const ok = results.filter((r) => r.statusCode === 200);
    expect(ok).toHaveLength(1);
    const winner = ok[0]!.json().message;
    for (const r of results.filter((x) => x.statusCode !== 200)) {
      expect(r.statusCode).toBe(409);
      expect(body(r)).toMatchObject({ reason: 'already_confirmed', confirmed_by: winner.confirmed_by, confirmed_at: winner.confirmed_at });
    }
    const notes = await server.database.db.select().from(deliveryNotes).where(eq(deliveryNotes.sales_invoice, invoice));
    expect(notes.every((n) => n.status === 'Submitted')).toBe(true);
    const later = await staffA2.call(CONFIRM, { code });
    expect(body(later)).toMatchObject({ reason: 'already_confirmed', confirmed_by: winner.confirmed_by });
    expect(typeof body(later).confirmed_by_name).toBe('string');

    // The member's order shows the delivery note as used.
    const order = await m.session.call('honda_api.api_calls.getuser.getorders', {}, 'GET');
    expect(JSON.stringify(order.json())).toContain('Submitted');
    // Resolving it again shows it confirmed.
    expect((await scan(staffA, code)).json().message.reward.confirmed).toBe(true);
  });

  it('an unknown code, a purchase invoice or garbage is refused without revealing anything', async () => {
    for (const code of ['ACC-SINV-2026-99999', 'MAT-DN-2026-99999', 'hello']) {
      const res = await staffA.call(CONFIRM, { code });
      expect(res.statusCode, code).toBe(404);
      expect(body(res).reason).toBe('unknown_code');
      expect(body(res).error_code).toBe('unknown_code');
      expect(message(res)).toBe('This code is not valid');
      const r2 = await scan(staffA, code);
      expect(r2.statusCode).toBe(404);
      expect(Object.keys(body(r2)).sort()).toEqual(['_server_messages', 'error_code', 'exc_type', 'exception', 'reason']);
    }
  });
});

describe('staff action log', () => {
  it('lists what the branch staff did (who, what, when), and only for their own branch', async () => {
    const res = await staffA.call(ACTIONS, {}, 'GET');
    expect(res.statusCode).toBe(200);
    const rows = res.json().message as { staff_user: string; branch: string; action: string; created_at: string; staff_name: string }[];
    expect(rows.length).toBeGreaterThan(5);
    expect(rows.every((r) => r.branch === BRANCHES[0])).toBe(true);
    const actions = new Set(rows.map((r) => r.action));
    for (const a of ['scan_member', 'award_points', 'award_refused', 'confirm_reward', 'confirm_refused', 'scan_reward']) expect(actions, a).toContain(a);
    expect(rows.find((r) => r.action === 'award_points')!.staff_name).toBeTruthy();

    // Every refused action keeps why, as the reason the app translates.
    const refused = rows.filter((r) => r.action.endsWith('_refused')) as unknown as { detail: { reason?: string } }[];
    expect(refused.length).toBeGreaterThan(0);
    for (const r of refused) expect(STAFF_REFUSAL_REASONS as readonly unknown[]).toContain(r.detail.reason);

    const b = (await staffB.call(ACTIONS, {}, 'GET')).json().message as { branch: string; action: string; detail: { reason?: string } }[];
    expect(b.every((r) => r.branch === BRANCHES[1])).toBe(true);
    expect(b.find((r) => r.action === 'confirm_refused')?.detail.reason).toBe('other_branch');

    // A System Manager (no branch) oversees every branch's log, each row with its branch.
    const admin = new Session(server.app);
    expect((await admin.login(ADMIN.usr, ADMIN.pwd)).statusCode).toBe(200);
    const all = (await admin.call(ACTIONS, { limit: 200 }, 'GET')).json().message as { branch: string }[];
    expect(new Set(all.map((r) => r.branch))).toEqual(new Set([BRANCHES[0], BRANCHES[1]]));
  });
});

describe("the log's reward codes", () => {
  it('a refused hand-over names the code by its last four characters: the log never carries the whole code', async () => {
    const m = await memberWithDevice();
    const { code } = await redeemGift(m);
    // Branch B's till tries it, as scanned and as typed from the member's screen.
    for (const typed of [code, formatRewardCode(code).toLowerCase()]) expect((await staffB.call(CONFIRM, { code: typed })).statusCode).toBe(403);
    // A refusal logged before codes were masked holds the whole code in the table.
    const { code: older } = await redeemGift(await memberWithDevice());
    await recordAction(server.database.db, { staff_user: STAFF.usr, branch: BRANCHES[1], action: 'confirm_refused', target: older, detail: { reason: 'other_branch' } });

    const admin = new Session(server.app);
    expect((await admin.login(ADMIN.usr, ADMIN.pwd)).statusCode).toBe(200);
    for (const reader of [staffB, admin]) {
      const res = await reader.call(ACTIONS, { limit: 200 }, 'GET');
      expect(res.statusCode).toBe(200);
      const answer = res.body.toUpperCase();
      for (const c of [code, older]) {
        expect(answer).not.toContain(c);
        expect(answer).not.toContain(formatRewardCode(c));
      }
      const targets = (res.json().message as { action: string; target: string }[]).filter((r) => r.action === 'confirm_refused').map((r) => r.target);
      expect(targets.filter((t) => t === `••••${code.slice(-4)}`)).toHaveLength(2);
      expect(targets).toContain(`••••${older.slice(-4)}`);
    }
    // Nor is it kept: the table holds what the log shows.
    const kept = await server.database.db.select().from(staffActions).where(eq(staffActions.target, code));
    expect(kept).toEqual([]);
  });
});

describe('create_staff_user (System Manager)', () => {
  it('adds a Store Staff account for a branch, which then works only for that branch; others get 403', async () => {
    const admin = new Session(server.app);
    expect((await admin.login(ADMIN.usr, ADMIN.pwd)).statusCode).toBe(200);
    const email = `till-${Date.now()}@example.com`;
    const res = await admin.call('member_rewards.staff.create_staff_user', { email, full_name: 'พนักงานเชียงใหม่', password: 'a-long-password', branch: BRANCHES[1] });
    expect(res.statusCode, res.body).toBe(200);
    const dup = await admin.call('member_rewards.staff.create_staff_user', { email, full_name: 'x', password: 'a-long-password', branch: BRANCHES[1] });
    expect(dup.statusCode).toBe(409);
    const bad = await admin.call('member_rewards.staff.create_staff_user', { email: `x${email}`, full_name: 'x', password: 'a-long-password', branch: 'Nowhere' });
    expect(message(bad)).toBe('Branch Nowhere not found');

    const till = new Session(server.app);
    expect((await till.login(email, 'a-long-password')).statusCode).toBe(200);
    const m = await memberWithDevice();
    const { code } = await redeemGift(m, BRANCHES[1]);
    expect((await till.call(CONFIRM, { code })).statusCode).toBe(200);
    expect(body(await staffA.call(CONFIRM, { code })).reason).toBe('other_branch');

    for (const s of [staffA, m.session]) {
      expect((await s.call('member_rewards.staff.create_staff_user', { email: `y${email}`, full_name: 'y', password: 'a-long-password', branch: BRANCHES[0] })).statusCode).toBe(403);
    }
  });

  it("holds the password to the same 10-to-128 rule as a password reset, with the same codes", async () => {
    const admin = new Session(server.app);
    expect((await admin.login(ADMIN.usr, ADMIN.pwd)).statusCode).toBe(200);
    const email = `till-pw-${Date.now()}@example.com`;
    const create = (password: string) => admin.call('member_rewards.staff.create_staff_user', { email, full_name: 'Till', password, branch: BRANCHES[1] });
    const long = await create('x'.repeat(129));
    expect(long.statusCode).toBe(417);
    expect(body(long).error_code).toBe('password_too_long');
    expect(message(long)).toBe('Password must be at most 128 characters');
    const short = await create('too-short');
    expect(short.statusCode).toBe(417);
    expect(body(short).error_code).toBe('password_too_short');
    expect((await create('x'.repeat(128))).statusCode).toBe(200);
  });
});
