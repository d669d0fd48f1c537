import { createHmac, randomInt } from 'node:crypto';
import { and, desc, eq, gt, isNull, sql } from 'drizzle-orm';
import type { RequestContext } from '../../frappe/context';
import type { Executor } from '../../db/client';
import { otpCodes } from '../../db/schema/auth';
import { FrappeError, tooManyRequests, validationError } from '../../frappe/errors';
import { hitLimit } from '../../frappe/rate-limit';
import { safeEqual } from '../../frappe/crypto';
import { GatewayUnavailable } from '../../frappe/gateway';
import { installationSecret } from '../account/secrets';
import { sendSms } from '../account/sms';
import { OTP } from '../account/otp';

/**
 * The one-time code that confirms erasing an account, sent to the member's verified phone through the SMS adapter
 * the phone verification uses: 6 digits, hashed, 5 minutes, single use, 5 wrong tries. Its own purpose (`erase`) and
 * hash, so a code sent to verify a phone never deletes an account, nor the other way round.
 */
const PURPOSE = 'erase';

const SMS_TEXT = {
  th: (code: string) => `รหัสยืนยันการลบบัญชีสมาชิกของคุณคือ ${code} (ใช้ได้ 5 นาที) หากคุณไม่ได้ขอลบบัญชี อย่าบอกรหัสนี้กับใคร`,
  en: (code: string) => `Your code to delete your member account is ${code} (valid 5 minutes). If you did not ask to delete it, do not share this code.`,
};

async function codeHash(db: Executor, phone: string, code: string) {
  const secret = await installationSecret(db, 'account.cookie_secret');
  return createHmac('sha256', secret).update(`erase:${phone}:${code}`).digest('hex');
}

/** Sends a new erasure code for `user` to `phone` (in place of any earlier one), in the member's language. */
export async function sendErasureCode(ctx: RequestContext, member: { user: string; phone: string; language: string }) {
  await hitLimit(ctx.db, `privacy:erase-code:user:${member.user}`, OTP.send.perUser, OTP.send.windowSeconds, 'Too many codes. Please try again later.');
  await hitLimit(ctx.db, `privacy:erase-code:ip:${ctx.request.ip}`, OTP.send.perIp, OTP.send.windowSeconds, 'Too many codes. Please try again later.');
  const [latest] = await ctx.db
    .select({ age: sql<number>`extract(epoch from (now() - ${otpCodes.created_at}))::float` })
    .from(otpCodes)
    .where(and(eq(otpCodes.user, member.user), eq(otpCodes.purpose, PURPOSE)))
    .orderBy(desc(otpCodes.id))
    .limit(1);
  if (latest && Number(latest.age) < OTP.resendSeconds) {
    const seconds = Math.max(1, Math.ceil(OTP.resendSeconds - Number(latest.age)));
    ctx.reply.header('retry-after', String(seconds));
    throw tooManyRequests(`Please wait ${seconds} seconds before asking for a new code.`);
  }
  const code = String(randomInt(0, 10 ** OTP.digits)).padStart(OTP.digits, '0');
  const hash = await codeHash(ctx.db, member.phone, code);
  const id = await ctx.db.transaction(async (tx) => {
    await tx
      .update(otpCodes)
      .set({ used_at: sql`now()` })
      .where(and(eq(otpCodes.user, member.user), eq(otpCodes.purpose, PURPOSE), isNull(otpCodes.used_at)));
    const [row] = await tx
      .insert(otpCodes)
      .values({ phone: member.phone, user: member.user, purpose: PURPOSE, code_hash: hash, expires_at: sql`now() + make_interval(secs => ${OTP.validSeconds})` })
      .returning({ id: otpCodes.id });
    return row!.id;
  });
  const lang = member.language === 'en' ? 'en' : 'th';
  try {
    await sendSms({ db: ctx.db, config: ctx.config, log: ctx.request.log }, member.phone, SMS_TEXT[lang](code));
  } catch (err) {
    if (!(err instanceof GatewayUnavailable)) throw err;
    await ctx.db.delete(otpCodes).where(eq(otpCodes.id, id));
    throw new FrappeError('ServerError', 'The code could not be sent. Please try again later.');
  }
}

const wrongCode = () => validationError('The code is wrong or has expired', 'erasure_code_wrong');

/**
 * Checks and uses the member's erasure code (in the caller's transaction, so the code is spent only with the
 * erasure). A wrong code counts a try in a transaction of its own, so it sticks when the erasure is refused.
 */
export async function checkErasureCode(ctx: RequestContext, member: { user: string; phone: string }, code: string) {
  await hitLimit(ctx.db, `privacy:erase-check:user:${member.user}`, OTP.check.perPhone, OTP.check.windowSeconds, 'Too many tries. Please try again later.');
  const hash = await codeHash(ctx.db, member.phone, code);
  const outcome = await ctx.db.transaction(async (tx) => {
    const [row] = await tx
      .select()
      .from(otpCodes)
      .where(and(eq(otpCodes.user, member.user), eq(otpCodes.phone, member.phone), eq(otpCodes.purpose, PURPOSE), isNull(otpCodes.used_at), gt(otpCodes.expires_at, sql`now()`)))
      .orderBy(desc(otpCodes.id))
      .limit(1)
      .for('update');
    if (!row || row.attempts >= OTP.maxWrongTries) return 'wrong';
    if (!safeEqual(row.code_hash, hash)) {
      await tx.update(otpCodes).set({ attempts: row.attempts + 1 }).where(eq(otpCodes.id, row.id));
      return 'wrong';
    }
    await tx.update(otpCodes).set({ used_at: sql`now()` }).where(eq(otpCodes.id, row.id));
    return 'right';
  });
  if (outcome !== 'right') throw wrongCode();
}
