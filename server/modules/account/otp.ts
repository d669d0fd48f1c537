import { createHmac, randomInt } from 'node:crypto';
import type { RequestContext } from '../../frappe/context';
import { FrappeError, ruleRefusal, tooManyRequests } from '../../frappe/errors';
import { hitLimit } from '../../frappe/rate-limit';
import { safeEqual } from '../../frappe/crypto';
import { installationSecret } from './secrets';
import { normalisePhone } from '../../../contracts/account';


import { langOf, say, type Lang } from './messages';
import { GatewayUnavailable } from '../../frappe/gateway';
import { sendSms } from './sms';
import { customerOfUser, phoneHeldByOther, updateUser, userByName } from './repository';
import { grantBonus } from '../loyalty/bonuses';
import { recordEvent } from '../webhooks/events';
import { deleteCode, liveCodeForUpdate, markCodeUsed, replaceCode, secondsSinceLastCode, setAttempts } from './otp-repository';

/** One-time codes: 6 random digits, hashed, 5 minutes, single use, 5 wrong tries, resend ≥ 60 s. */
export const OTP = {
  digits: 6,
  validSeconds: 5 * 60,
  maxWrongTries: 5,
  resendSeconds: 60,
  send: { perPhone: 5, perUser: 10, perIp: 20, windowSeconds: 3600 },
  check: { perPhone: 20, perIp: 40, windowSeconds: 15 * 60 },
} as const;

export interface OtpAnswer {
  status: 'success' | 'failed';
  message: string;
}


async function codeHash(ctx: RequestContext, phone: string, code: string) {
  const secret = await installationSecret(ctx.db, 'account.cookie_secret');
  return createHmac('sha256', secret).update(`otp:${phone}:${code}`).digest('hex');
}

/** The language the app is showing (the first tag of Accept-Language, when it is one of ours), else the member's own. */
async function callerLang(ctx: RequestContext): Promise<Lang> {
  const asked = /^\s*(th|en)\b/i.exec(String(ctx.request.headers['accept-language'] ?? ''))?.[1]?.toLowerCase();
  if (asked === 'th' || asked === 'en') return asked;
  const row = await userByName(ctx.db, ctx.user.name);
  return langOf(row?.language);
}

async function limit(ctx: RequestContext, lang: Lang, key: string, max: number, windowSeconds: number) {
  await hitLimit(ctx.db, key, max, windowSeconds, say(lang, 'tooMany'));
}

/**
 * Sends a code to `phone` for the signed-in caller. The answer is the same whether or not the phone is
 * registered to someone (no enumeration); a phone held by another account is refused only at verification,
 * once the caller has proved they hold it.
 */
export async function requestCode(ctx: RequestContext, rawPhone: string): Promise<OtpAnswer> {
  const lang = await callerLang(ctx);
  const phone = normalisePhone(rawPhone);
  if (!phone) throw ruleRefusal('phone_invalid');
  await limit(ctx, lang, `otp:send:ip:${ctx.request.ip}`, OTP.send.perIp, OTP.send.windowSeconds);
  await limit(ctx, lang, `otp:send:user:${ctx.user.name}`, OTP.send.perUser, OTP.send.windowSeconds);

  const age = await secondsSinceLastCode(ctx.db, phone);
  if (age !== null && age < OTP.resendSeconds) {
    const seconds = Math.max(1, Math.ceil(OTP.resendSeconds - age));
    ctx.reply.header('retry-after', String(seconds));
    throw tooManyRequests(say(lang, 'resendWait', { seconds }));
  }
  await limit(ctx, lang, `otp:send:phone:${phone}`, OTP.send.perPhone, OTP.send.windowSeconds);

  const code = String(randomInt(0, 10 ** OTP.digits)).padStart(OTP.digits, '0');
  const hash = await codeHash(ctx, phone, code);
  // A new code replaces the caller's earlier ones for this phone.
  const id = await ctx.db.transaction((tx) => replaceCode(tx, { phone, user: ctx.user.name, codeHash: hash, validSeconds: OTP.validSeconds }));
  try {
    await sendSms({ db: ctx.db, config: ctx.config, log: ctx.request.log }, phone, say(lang, 'smsBody', { code }));
  } catch (err) {
    if (!(err instanceof GatewayUnavailable)) throw err;
    // The code never left: it dies, and it does not hold the member to the 60 s resend wait either.
    await deleteCode(ctx.db, id);
    throw new FrappeError('ServerError', say(lang, 'smsFailed'));
  }
  return { status: 'success', message: say(lang, 'codeSent', { phone }) };
}

/**
 * Checks the caller's latest code for `phone` and, when right, binds the phone to the caller (and to nobody
 * else: the account is the session's, never a name sent by the client).
 */
export async function verifyCode(ctx: RequestContext, rawPhone: string, code: string, purpose: 'verify' | 'change'): Promise<OtpAnswer> {
  const lang = await callerLang(ctx);
  const phone = normalisePhone(rawPhone);
  if (!phone) throw ruleRefusal('phone_invalid');
  await limit(ctx, lang, `otp:check:ip:${ctx.request.ip}`, OTP.check.perIp, OTP.check.windowSeconds);
  await limit(ctx, lang, `otp:check:phone:${phone}`, OTP.check.perPhone, OTP.check.windowSeconds);
  const failed = (key: Parameters<typeof say>[1]): OtpAnswer => ({ status: 'failed', message: say(lang, key) });

  if (purpose === 'change') {
    const me = await userByName(ctx.db, ctx.user.name);
    if (!me?.phone_verified || !me.mobile_no) return failed('verifyFirst');
    if (me.mobile_no === phone) return failed('samePhone');
  }
  const hash = await codeHash(ctx, phone, code);
  try {
    return await checkAndBind(ctx, phone, hash, purpose, lang);
  } catch (err) {
    // Two accounts proving the same phone at the same instant: the unique index lets one win.
    if (isUniqueViolation(err)) return failed('phoneUnavailable');
    throw err;
  }
}

export function isUniqueViolation(err: unknown): boolean {
  for (let e = err as { code?: string; cause?: unknown } | undefined, i = 0; e && i < 5; e = e.cause as typeof e, i++) {
    if (e.code === '23505') return true;
  }
  return false;
}

async function checkAndBind(ctx: RequestContext, phone: string, hash: string, purpose: 'verify' | 'change', lang: Lang): Promise<OtpAnswer> {
  const failed = (key: Parameters<typeof say>[1]): OtpAnswer => ({ status: 'failed', message: say(lang, key) });
  return ctx.db.transaction(async (tx) => {
    const row = await liveCodeForUpdate(tx, phone, ctx.user.name);
    if (!row) return failed('codeGone');
    if (row.attempts >= OTP.maxWrongTries) return failed('codeLocked');
    if (!safeEqual(row.code_hash, hash)) {
      const attempts = row.attempts + 1;
      await setAttempts(tx, row.id, attempts);
      return failed(attempts >= OTP.maxWrongTries ? 'codeLocked' : 'wrongCode');
    }
    await markCodeUsed(tx, row.id);
    if (await phoneHeldByOther(tx, phone, ctx.user.name)) return failed('phoneUnavailable');
    const wasVerified = (await userByName(tx, ctx.user.name))?.phone_verified ?? false;
    await updateUser(tx, ctx.user.name, { mobile_no: phone, phone_verified: true });
    const customer = await customerOfUser(tx, ctx.user.name);
    // A member becomes one the brand's systems can serve (found by phone, earning) when the phone is first verified.
    if (customer) await recordEvent(tx, wasVerified ? 'member.updated' : 'member.created', { customer: customer.name });
    if (purpose === 'verify' && customer) {
      // The sign-up bonus, once per member (its event key), with the verification or not at all.
      await grantBonus(tx, customer.name, 'signup', `signup:${customer.name}`);
    }
    return { status: 'success', message: say(lang, purpose === 'change' ? 'changed' : 'verified') } satisfies OtpAnswer;
  });
}
