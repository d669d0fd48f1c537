import { and, eq, gt, lt, sql } from 'drizzle-orm';
import {
  PASSWORD_MESSAGES as M, RESET_KEY_MINUTES, RESET_PASSWORD, UPDATE_PASSWORD,
} from '../../contracts/password';
import { passwordResets, users } from '../db/schema/auth';
import { hashPassword, randomToken, sha256 } from './crypto';
import { FrappeError, authError, ruleRefusal, validationError } from './errors';
import { GatewayUnavailable } from './gateway';
import { mailMode, sendMail } from './mail';
import { defineMethod } from './methods';
import type { RequestContext } from './context';
import { hitLimit } from './rate-limit';
import { checkPassword, endCredentials, resolveAccount, startSession } from './sessions';
import type { Executor } from '../db/client';

/**
 * Gives the account one fresh single-use key (an older link stops working) and mails its link. False when no mail
 * can leave (no gateway in production, or the gateway is down): the key is dropped again.
 */
export async function mailResetLink(ctx: RequestContext, account: { name: string; email: string }): Promise<boolean> {
  if (mailMode(ctx.config) === null) return false;
  const key = randomToken(32);
  await ctx.db.delete(passwordResets).where(eq(passwordResets.user, account.name));
  await ctx.db.insert(passwordResets).values({
    key_hash: sha256(key),
    user: account.name,
    expires_at: sql`now() + make_interval(mins => ${RESET_KEY_MINUTES})`,
  });
  // The configured public address, never the request's Host header (a forged Host would mail a link to
  // someone else's site carrying the key).
  const link = `${ctx.config.publicUrl}/update-password?key=${encodeURIComponent(key)}`;
  try {
    await sendMail(
      { db: ctx.db, config: ctx.config, log: ctx.request.log },
      {
        to: account.email,
        subject: 'Password Reset / ตั้งรหัสผ่านใหม่',
        text:
          `ตั้งรหัสผ่านใหม่ที่ลิงก์นี้ (ใช้ได้ครั้งเดียว ภายใน ${RESET_KEY_MINUTES} นาที):\n${link}\n\n` +
          `Set a new password at this link (single use, valid for ${RESET_KEY_MINUTES} minutes):\n${link}\n\n` +
          'If you did not ask for this, ignore this e-mail: your password stays the same.',
      },
    );
  } catch (err) {
    if (!(err instanceof GatewayUnavailable)) throw err;
    await ctx.db.delete(passwordResets).where(eq(passwordResets.user, account.name));
    return false;
  }
  return true;
}

/**
 * Frappe's password reset request: mails a single-use link to an account that signs in with a password (staff,
 * admins, marketing-site visitors). Members sign in with LINE and have no password to reset. The answer is the
 * same whether or not the account exists.
 */
const resetPassword = defineMethod({
  ...RESET_PASSWORD,
  verbs: ['POST'],
  allow: ['Guest'],
  async handler(ctx, { user }) {
    // Refused for everyone alike when no mail can leave, so the refusal says nothing about the account.
    if (mailMode(ctx.config) === null) throw new FrappeError('ServerError', M.mailUnavailable, { code: 'mail_unavailable' });
    await hitLimit(ctx.db, `reset:ip:${ctx.request.ip}`, 10, 3600);
    await hitLimit(ctx.db, `reset:user:${user.toLowerCase()}`, 3, 3600);
    // The same account sign-in finds for this name or address; the mail goes to its address either way.
    const row = await resolveAccount(ctx.db, user);
    if (!row?.email || !row.enabled || !row.password_hash) return M.sent;
    if (!(await mailResetLink(ctx, { name: row.name, email: row.email }))) throw new FrappeError('ServerError', M.mailUnavailable, { code: 'mail_unavailable' });
    return M.sent;
  },
});

/** Any back-office role signs in at the staff sign-in; a role-less marketing-site account on the site. */
const signInPlace = (roles: string[]) => (roles.some((r) => r !== 'Member') ? '/staff-login' : '/bakery');

/**
 * Frappe's update_password, both ways it is called: with the mailed `key` (a reset), or signed in with
 * `old_password` (a change). Either sets the new password and ends every session, API token and member-code
 * device of the account; a change signs the caller in again on a fresh session, as Frappe does. A used key also
 * proves the account controls its address. Answers where to sign in again.
 */
const updatePassword = defineMethod({
  ...UPDATE_PASSWORD,
  verbs: ['POST'],
  allow: ['Guest'],
  async handler(ctx, { key, old_password, new_password }) {
    if (!key) return changePassword(ctx, old_password!, new_password);
    await hitLimit(ctx.db, `reset-update:ip:${ctx.request.ip}`, 20, 3600);
    const live = and(eq(passwordResets.key_hash, sha256(key)), gt(passwordResets.expires_at, sql`now()`));
    // A made-up or stale key is refused before the (deliberately slow) password hash is computed.
    const [known] = await ctx.db.select({ user: passwordResets.user }).from(passwordResets).where(live).limit(1);
    if (!known) throw ruleRefusal('reset_key_invalid');
    const passwordHash = await hashPassword(new_password);
    const user = await ctx.db.transaction(async (tx) => {
      // Deleting the row is the claim: of two submits of the same link, exactly one gets it back.
      const [claimed] = await tx.delete(passwordResets).where(live).returning({ user: passwordResets.user });
      if (!claimed) throw ruleRefusal('reset_key_invalid');
      const [row] = await tx
        .update(users)
        .set({ password_hash: passwordHash, modified: sql`now()` })
        .where(and(eq(users.name, claimed.user), eq(users.enabled, true)))
        .returning({ name: users.name, roles: users.roles });
      if (!row) throw ruleRefusal('reset_key_invalid');
      await endCredentials(tx, ctx.services, row.name);
      await markEmailVerified(tx, row.name);
      return row;
    });
    // Expired keys of anyone are cleared on the way.
    await ctx.db.delete(passwordResets).where(lt(passwordResets.expires_at, sql`now()`));
    return signInPlace(user.roles);
  },
});

/** The signed-in caller changes their password: the old one is checked under the sign-in limits. */
async function changePassword(ctx: RequestContext, oldPassword: string, newPassword: string) {
  if (ctx.user.isGuest) throw authError();
  const account = await checkPassword(ctx.db, ctx.request.ip, ctx.user.name, oldPassword);
  // A 417, not Frappe's 401: a 401 clears the session cookie, and a typo must not sign the caller out.
  if (!account || account.name !== ctx.user.name) throw validationError('Incorrect old password');
  const passwordHash = await hashPassword(newPassword);
  await ctx.db.transaction(async (tx) => {
    await tx.update(users).set({ password_hash: passwordHash, modified: sql`now()` }).where(eq(users.name, account.name));
    await endCredentials(tx, ctx.services, account.name);
    if (ctx.user.via === 'session') await startSession(tx, ctx, account);
  });
  return signInPlace(account.roles);
}

/**
 * A mailed link reached the account's address: the address is verified, unless another account has verified it
 * first (then this one's stays unverified and reserves nothing).
 */
async function markEmailVerified(tx: Executor, name: string) {
  await tx.execute(sql`update ${users} set email_verified = true
    where ${users.name} = ${name} and ${users.email} is not null and not ${users.email_verified}
      and not exists (select 1 from ${users} as other where other.name <> ${name} and other.email_verified and lower(other.email) = lower(${users.email}))`);
}

export const passwordResetMethods = [resetPassword, updatePassword];
