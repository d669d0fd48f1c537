import { describe, expect, it } from 'vitest';
import { eq, sql } from 'drizzle-orm';
import { createTestServer, serverMessage, Session, type TestServer } from '../../support/server';
import { otpCodes, smsOutbox, users } from '../../../server/db/schema/auth';
import { DEMO_MEMBER } from '../../../server/seed/constants';
import { lastCode, newPhone, signInWithLine } from './helpers';
import { serverForFile, serverWithMembers } from '../../support/file-server';

const GETPHONE = 'honda_api.api_calls.verifyuser.getphone';
const VERIFY = 'honda_api.api_calls.verifyuser.verifyotp';
const CHANGE = 'member_rewards.account.change_phone';

let server: TestServer;
serverForFile(serverWithMembers, (started) => (server = started.server));

let ipSeq = 10;
/** Each test signs in from its own address so the per-IP limits of one test do not leak into another. */
const freshIp = () => `10.0.${Math.floor(++ipSeq / 250)}.${ipSeq % 250}`;

async function member(name: string) {
  return (await signInWithLine(server, { name: `${name} ${Math.random().toString(36).slice(2, 6)}` }, freshIp())).s;
}

/** Pretends time has passed by editing the code's row (the server compares with the database clock). */
async function age(phone: string, seconds: number) {
  await server.database.db
    .update(otpCodes)
    .set({
      created_at: sql`${otpCodes.created_at} - make_interval(secs => ${seconds})`,
      expires_at: sql`${otpCodes.expires_at} - make_interval(secs => ${seconds})`,
    })
    .where(eq(otpCodes.phone, phone));
}

async function userRow(name: string) {
  const [row] = await server.database.db.select().from(users).where(eq(users.name, name));
  return row!;
}

async function whoAmI(s: Session) {
  return (await s.call('member_rewards.api.boot', {}, 'GET')).json().message.user as string;
}

describe('requesting a code (getphone)', () => {
  it('sends 6 random digits by SMS and answers {status, message}; the database keeps only a hash', async () => {
    const s = await member('Code Sender');
    const phone = newPhone();
    const res = await s.call(GETPHONE, { userphone: phone }, 'GET');
    expect(res.statusCode).toBe(200);
    expect(res.json().message.status).toBe('success');
    expect(res.json().message.message).toContain(phone);
    const code = await lastCode(server, phone);
    expect(code).toMatch(/^\d{6}$/);
    const [row] = await server.database.db.select().from(otpCodes).where(eq(otpCodes.phone, phone));
    expect(row!.code_hash).not.toContain(code);
    expect(row!.code_hash).toMatch(/^[0-9a-f]{64}$/);
    const validFor = (new Date(row!.expires_at).getTime() - new Date(row!.created_at).getTime()) / 1000;
    expect(validFor).toBe(300);
  });

  it('is for signed-in members only', async () => {
    const guest = new Session(server.app, freshIp());
    const res = await guest.call(GETPHONE, { userphone: newPhone() }, 'GET');
    expect(res.statusCode).toBe(403);
  });

  it('refuses an invalid phone number with the shared rule message', async () => {
    const s = await member('Bad Phone');
    for (const userphone of ['08123', '12345678901234', 'abc']) {
      const res = await s.call(GETPHONE, { userphone }, 'GET');
      expect(res.statusCode).toBe(417);
      expect(serverMessage(res.json())).toBe('This phone number is invalid');
    }
    const missing = await s.call(GETPHONE, {}, 'GET');
    expect(serverMessage(missing.json())).toBe('This phone number is invalid');
  });

  it('accepts the +66 form and stores the national number', async () => {
    const s = await member('Plus Six Six');
    const phone = newPhone();
    const res = await s.call(GETPHONE, { userphone: `+66 ${phone.slice(1)}` }, 'GET');
    expect(res.json().message.status).toBe('success');
    expect(await lastCode(server, phone)).toMatch(/^\d{6}$/);
  });

  it('refuses a resend within 60 seconds (429), allows it after', async () => {
    const s = await member('Resender');
    const phone = newPhone();
    expect((await s.call(GETPHONE, { userphone: phone }, 'GET')).statusCode).toBe(200);
    const again = await s.call(GETPHONE, { userphone: phone }, 'GET');
    expect(again.statusCode).toBe(429);
    expect(Number(again.headers['retry-after'])).toBeGreaterThan(50);
    await age(phone, 61);
    const later = await s.call(GETPHONE, { userphone: phone }, 'GET');
    expect(later.statusCode).toBe(200);
    const sent = await server.database.db.select().from(smsOutbox).where(eq(smsOutbox.phone, phone));
    expect(sent).toHaveLength(2);
  });

  it('a new code replaces the previous one', async () => {
    const s = await member('Replacer');
    const phone = newPhone();
    await s.call(GETPHONE, { userphone: phone }, 'GET');
    const first = await lastCode(server, phone);
    await age(phone, 61);
    await s.call(GETPHONE, { userphone: phone }, 'GET');
    const second = await lastCode(server, phone);
    if (first !== second) {
      const old = await s.call(VERIFY, { userphone: phone, otp: first });
      expect(old.json().message.status).toBe('failed');
    }
    const ok = await s.call(VERIFY, { userphone: phone, otp: second });
    expect(ok.json().message.status).toBe('success');
  });

  it('limits sends per phone (429 past 5 an hour)', async () => {
    const s = await member('Phone Limit');
    const phone = newPhone();
    for (let i = 0; i < 5; i++) {
      expect((await s.call(GETPHONE, { userphone: phone }, 'GET')).statusCode).toBe(200);
      await age(phone, 61);
    }
    const sixth = await s.call(GETPHONE, { userphone: phone }, 'GET');
    expect(sixth.statusCode).toBe(429);
  });

  it('limits sends per IP address across accounts (429 past 20 an hour)', async () => {
    const ip = freshIp();
    const sessions = [];
    for (let i = 0; i < 3; i++) sessions.push((await signInWithLine(server, { name: `Same Ip ${i} ${Math.random()}` }, ip)).s);
    let ok = 0;
    let limited = 0;
    for (let i = 0; i < 22; i++) {
      const res = await sessions[i % 3]!.call(GETPHONE, { userphone: newPhone() }, 'GET');
      if (res.statusCode === 200) ok++;
      if (res.statusCode === 429) limited++;
    }
    expect(ok).toBe(20);
    expect(limited).toBe(2);
    // Another address is not affected.
    const elsewhere = await member('Other Ip');
    expect((await elsewhere.call(GETPHONE, { userphone: newPhone() }, 'GET')).statusCode).toBe(200);
  });

  it('answers the same for a phone that belongs to another member (no enumeration)', async () => {
    const s = await member('Prober');
    const free = newPhone();
    const taken = await s.call(GETPHONE, { userphone: DEMO_MEMBER.phone }, 'GET');
    const fresh = await s.call(GETPHONE, { userphone: free }, 'GET');
    expect(taken.statusCode).toBe(fresh.statusCode);
    expect(taken.json().message.status).toBe(fresh.json().message.status);
    expect(taken.json().message.message.replace(DEMO_MEMBER.phone, 'N')).toBe(fresh.json().message.message.replace(free, 'N'));
  });
});

describe('verifying a code (verifyotp)', () => {
  it('binds the phone to the signed-in member and marks it verified', async () => {
    const s = await member('Verifier');
    const me = await whoAmI(s);
    const phone = newPhone();
    await s.call(GETPHONE, { userphone: phone }, 'GET');
    const res = await s.call(VERIFY, { userphone: phone, otp: await lastCode(server, phone) });
    expect(res.statusCode).toBe(200);
    expect(res.json().message).toEqual({ status: 'success', message: expect.any(String) });
    const row = await userRow(me);
    expect(row.mobile_no).toBe(phone);
    expect(row.phone_verified).toBe(true);
    const profile = await s.call('headless_e_commerce.api.get_profile', {}, 'GET');
    expect(profile.json().message.phone).toBe(phone);
  });

  it('also takes its arguments in the query string, as the original app sent them', async () => {
    const s = await member('Query Args');
    const phone = newPhone();
    await s.call(GETPHONE, { userphone: phone }, 'GET');
    const code = await lastCode(server, phone);
    const res = await s.request({ method: 'POST', url: `/api/method/${VERIFY}`, query: { userphone: phone, otp: code } });
    expect(res.json().message.status).toBe('success');
  });

  it('a wrong code answers failed with a message and does not bind', async () => {
    const s = await member('Wrong Code');
    const me = await whoAmI(s);
    const phone = newPhone();
    await s.call(GETPHONE, { userphone: phone }, 'GET');
    const right = await lastCode(server, phone);
    const wrong = right === '000000' ? '111111' : '000000';
    const res = await s.call(VERIFY, { userphone: phone, otp: wrong });
    expect(res.json().message.status).toBe('failed');
    expect(res.json().message.message).toBeTruthy();
    expect((await userRow(me)).phone_verified).toBe(false);
  });

  it("answers in the language the app is showing, else in the member's own (Thai)", async () => {
    const s = await member('Two Languages');
    const phone = newPhone();
    await s.call(GETPHONE, { userphone: phone }, 'GET');
    const right = Number(await lastCode(server, phone));
    const wrong = (n: number) => String((right + n) % 1_000_000).padStart(6, '0');
    const thai = await s.call(VERIFY, { userphone: phone, otp: wrong(1) });
    expect(thai.json().message.message).toBe('รหัส OTP ไม่ถูกต้อง กรุณาลองอีกครั้ง');
    const english = await s.call(VERIFY, { userphone: phone, otp: wrong(2) }, 'POST', { 'accept-language': 'en' });
    expect(english.json().message.message).toBe('Wrong code, please try again');
    const browserDefault = await s.call(VERIFY, { userphone: phone, otp: wrong(3) }, 'POST', { 'accept-language': 'fr-FR,fr;q=0.9,en;q=0.8' });
    expect(browserDefault.json().message.message).toBe('รหัส OTP ไม่ถูกต้อง กรุณาลองอีกครั้ง');
  });

  it('an empty code is refused with "Please Enter OTP"', async () => {
    const s = await member('Empty Code');
    const res = await s.call(VERIFY, { userphone: newPhone(), otp: '' });
    expect(res.statusCode).toBe(417);
    expect(serverMessage(res.json())).toBe('Please Enter OTP');
    expect(res.json().error_code).toBe('otp_required');
  });

  it('a code is single use', async () => {
    const s = await member('Single Use');
    const phone = newPhone();
    await s.call(GETPHONE, { userphone: phone }, 'GET');
    const code = await lastCode(server, phone);
    expect((await s.call(VERIFY, { userphone: phone, otp: code })).json().message.status).toBe('success');
    expect((await s.call(VERIFY, { userphone: phone, otp: code })).json().message.status).toBe('failed');
  });

  it('a code expires after 5 minutes', async () => {
    const s = await member('Expiry');
    const me = await whoAmI(s);
    const phone = newPhone();
    await s.call(GETPHONE, { userphone: phone }, 'GET');
    const code = await lastCode(server, phone);
    await age(phone, 301);
    const res = await s.call(VERIFY, { userphone: phone, otp: code });
    expect(res.json().message.status).toBe('failed');
    expect((await userRow(me)).phone_verified).toBe(false);
  });

  it('is still valid just before 5 minutes', async () => {
    const s = await member('Almost Expired');
    const phone = newPhone();
    await s.call(GETPHONE, { userphone: phone }, 'GET');
    const code = await lastCode(server, phone);
    await age(phone, 290);
    expect((await s.call(VERIFY, { userphone: phone, otp: code })).json().message.status).toBe('success');
  });

  it('5 wrong tries kill the code: even the right code fails after', async () => {
    const s = await member('Locked');
    const me = await whoAmI(s);
    const phone = newPhone();
    await s.call(GETPHONE, { userphone: phone }, 'GET');
    const code = await lastCode(server, phone);
    const wrong = code === '123456' ? '654321' : '123456';
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await s.call(VERIFY, { userphone: phone, otp: wrong })).json().message);
    expect(answers.every((a) => a.status === 'failed')).toBe(true);
    expect(answers[4].message).not.toBe(answers[0].message); // the last one says the code is dead
    const right = await s.call(VERIFY, { userphone: phone, otp: code });
    expect(right.json().message.status).toBe('failed');
    expect((await userRow(me)).phone_verified).toBe(false);
  });

  it('limits checks per IP address (429)', async () => {
    const ip = freshIp();
    const { s } = await signInWithLine(server, { name: `Check Limit ${Math.random()}` }, ip);
    let limited = 0;
    for (let i = 0; i < 42; i++) {
      const res = await s.call(VERIFY, { userphone: newPhone(), otp: '123456' });
      if (res.statusCode === 429) limited++;
    }
    expect(limited).toBe(2);
  });

  it('limits checks per phone across addresses (429)', async () => {
    const phone = newPhone();
    let limited = 0;
    for (let i = 0; i < 3; i++) {
      const s = await member(`Phone Check ${i}`);
      for (let j = 0; j < 7; j++) {
        const res = await s.call(VERIFY, { userphone: phone, otp: '123456' });
        if (res.statusCode === 429) limited++;
      }
    }
    expect(limited).toBe(1);
  });

  it('refuses a username that is not the caller', async () => {
    const s = await member('Hijacker');
    const phone = newPhone();
    await s.call(GETPHONE, { userphone: phone }, 'GET');
    const code = await lastCode(server, phone);
    const res = await s.call(VERIFY, { userphone: phone, otp: code, username: DEMO_MEMBER.user });
    expect(res.statusCode).toBe(403);
    const demo = await userRow(DEMO_MEMBER.user);
    expect(demo.mobile_no).toBe(DEMO_MEMBER.phone);
    // Naming oneself is fine.
    const me = await whoAmI(s);
    const ok = await s.call(VERIFY, { userphone: phone, otp: code, username: me });
    expect(ok.json().message.status).toBe('success');
  });

  it('a guest cannot verify anything', async () => {
    const guest = new Session(server.app, freshIp());
    const res = await guest.call(VERIFY, { userphone: newPhone(), otp: '123456', username: DEMO_MEMBER.user });
    expect(res.statusCode).toBe(403);
  });

  it('a code sent to one member cannot be used by another', async () => {
    const a = await member('Owner A');
    const b = await member('Other B');
    const phone = newPhone();
    await a.call(GETPHONE, { userphone: phone }, 'GET');
    const code = await lastCode(server, phone);
    const res = await b.call(VERIFY, { userphone: phone, otp: code });
    expect(res.json().message.status).toBe('failed');
  });

  it("refuses a phone bound to another member, without saying whose", async () => {
    const s = await member('Taker');
    const me = await whoAmI(s);
    await s.call(GETPHONE, { userphone: DEMO_MEMBER.phone }, 'GET');
    const res = await s.call(VERIFY, { userphone: DEMO_MEMBER.phone, otp: await lastCode(server, DEMO_MEMBER.phone) });
    const answer = res.json().message;
    expect(answer.status).toBe('failed');
    expect(answer.message).not.toContain(DEMO_MEMBER.user);
    expect(answer.message).not.toContain(DEMO_MEMBER.firstName);
    expect(answer.message).not.toContain(DEMO_MEMBER.customer);
    expect((await userRow(me)).mobile_no).toBeNull();
    expect((await userRow(DEMO_MEMBER.user)).mobile_no).toBe(DEMO_MEMBER.phone);
  });

  it('needs the CSRF token on a cookie session', async () => {
    const s = await member('No Csrf');
    const res = await s.request({ method: 'POST', url: `/api/method/${VERIFY}`, payload: { userphone: newPhone(), otp: '123456' }, csrf: false });
    expect(res.statusCode).toBe(400);
    expect(res.json().exc_type).toBe('CSRFTokenError');
  });
});

describe('changing the phone', () => {
  async function verifiedMember() {
    const s = await member('Changer');
    const phone = newPhone();
    await s.call(GETPHONE, { userphone: phone }, 'GET');
    await s.call(VERIFY, { userphone: phone, otp: await lastCode(server, phone) });
    return { s, phone, me: await whoAmI(s) };
  }

  it('moves the member to a new number after a code sent to it', async () => {
    const { s, me } = await verifiedMember();
    const next = newPhone();
    await s.call(GETPHONE, { userphone: next }, 'GET');
    const res = await s.call(CHANGE, { userphone: next, otp: await lastCode(server, next) });
    expect(res.json().message.status).toBe('success');
    expect((await userRow(me)).mobile_no).toBe(next);
  });

  it('needs exactly 10 digits and a 6-digit code', async () => {
    const { s } = await verifiedMember();
    const short = await s.call(CHANGE, { userphone: '081234567', otp: '123456' });
    expect(serverMessage(short.json())).toBe('This phone number is invalid');
    const badCode = await s.call(CHANGE, { userphone: newPhone(), otp: '12345' });
    expect(serverMessage(badCode.json())).toBe('Wrong code, please try again');
    expect(badCode.json().error_code).toBe('otp_wrong');
  });

  it('refuses the current number and members without a verified phone', async () => {
    const { s, phone } = await verifiedMember();
    const same = await s.call(CHANGE, { userphone: phone, otp: '123456' });
    expect(same.json().message.status).toBe('failed');
    const unverified = await member('Never Verified');
    const res = await unverified.call(CHANGE, { userphone: newPhone(), otp: '123456' });
    expect(res.json().message.status).toBe('failed');
  });

  it('refuses a username that is not the caller', async () => {
    const { s } = await verifiedMember();
    const res = await s.call(CHANGE, { userphone: newPhone(), otp: '123456', username: DEMO_MEMBER.user });
    expect(res.statusCode).toBe(403);
  });
});

describe('development SMS outbox', () => {
  it('lists what was sent, newest first', async () => {
    const s = await member('Outbox Reader');
    const phone = newPhone();
    await s.call(GETPHONE, { userphone: phone }, 'GET');
    const res = await new Session(server.app).call('member_rewards.dev.sms_outbox', { phone }, 'GET');
    expect(res.statusCode).toBe(200);
    expect(res.json().message[0].phone).toBe(phone);
    expect(res.json().message[0].body).toMatch(/\d{6}/);
  });

  it('is refused in production', async () => {
    const prod = await createTestServer({ production: true });
    try {
      const res = await new Session(prod.app).call('member_rewards.dev.sms_outbox', {}, 'GET');
      expect(res.statusCode).toBe(404);
    } finally {
      await prod.close();
    }
  }, 60_000);
});

