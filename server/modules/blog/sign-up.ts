import * as v from 'valibot';
import { defineMethod } from '../../frappe/methods';
import { FrappeError } from '../../frappe/errors';
import { hitLimit } from '../../frappe/rate-limit';
import { startSession } from '../../frappe/sessions';
import { hashPassword } from '../../frappe/crypto';
import { users } from '../../db/schema/auth';
import { userNameOrEmailTaken } from './repository';

export const SIGN_UP_LIMIT = { perIp: 5, windowSeconds: 3600 };

/**
 * The marketing site's "Register" tab. It makes a visitor account (a Website User with no role): it can sign
 * in to the marketing site, but it is not a loyalty member (no Customer, no points): members join through
 * LINE and phone verification. The new account is signed in at once.
 */
export const signUp = defineMethod({
  path: 'member_rewards.marketing.sign_up',
  verbs: ['POST'],
  allow: ['Guest'],
  args: v.looseObject({
    username: v.optional(v.pipe(
      v.string('Username is required'),
      v.trim(),
      v.minLength(1, 'Username is required'),
      v.minLength(3, 'Username must be at least 3 characters'),
      v.maxLength(30, 'Username must be at most 30 characters'),
      v.regex(/^[A-Za-z0-9._-]+$/, 'Username may contain only English letters, digits, dots, hyphens and underscores'),
      v.toLowerCase(),
    ), ''),
    email: v.optional(v.pipe(
      v.string('Email is required'),
      v.trim(),
      v.minLength(1, 'Email is required'),
      v.maxLength(200, 'Please enter a valid email address'),
      v.email('Please enter a valid email address'),
      v.toLowerCase(),
    ), ''),
    password: v.optional(v.pipe(
      v.string('Password is required'),
      v.minLength(1, 'Password is required'),
      v.minLength(8, 'Password must be at least 8 characters'),
      v.maxLength(128, 'Password must be at most 128 characters'),
    ), ''),
  }),
  async handler(ctx, { username, email, password }) {
    await hitLimit(ctx.db, `signup:ip:${ctx.request.ip}`, SIGN_UP_LIMIT.perIp, SIGN_UP_LIMIT.windowSeconds, 'Too many sign-ups. Please try again later.');
    if (await userNameOrEmailTaken(ctx.db, username, email)) {
      throw new FrappeError('DuplicateEntryError', 'This username or email is already registered', { title: 'Already Registered' });
    }
    const [row] = await ctx.db
      .insert(users)
      .values({
        name: username,
        email,
        full_name: username,
        first_name: username,
        user_type: 'Website User',
        roles: [],
        password_hash: await hashPassword(password),
      })
      .onConflictDoNothing()
      .returning();
    if (!row) throw new FrappeError('DuplicateEntryError', 'This username or email is already registered', { title: 'Already Registered' });
    const { csrfToken } = await startSession(ctx.db, ctx.request, ctx.reply, row, ctx.config.sessionTtlHours);
    return { user: row.name, full_name: row.full_name, csrf_token: csrfToken };
  },
});
