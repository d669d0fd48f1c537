import { SIGN_UP } from '../../../contracts/blog';
import { RULE_SENTENCES } from '../../../contracts/rule-sentences';
import { defineMethod } from '../../frappe/methods';
import { FrappeError } from '../../frappe/errors';
import { hitLimit } from '../../frappe/rate-limit';
import { startSession } from '../../frappe/sessions';
import { hashPassword } from '../../frappe/crypto';
import { insertSiteUser, userNameTaken } from './repository';

export const SIGN_UP_LIMIT = { perIp: 5, windowSeconds: 3600 };

const taken = () => new FrappeError('DuplicateEntryError', RULE_SENTENCES.username_taken, { title: 'Already Registered', code: 'username_taken' });

/**
 * The marketing site's "Register" tab. It makes a visitor account (a Website User with no role): it can sign
 * in to the marketing site, but it is not a loyalty member (no Customer, no points): members join through
 * LINE and phone verification. The new account is signed in at once; its e-mail counts as verified only once a
 * mailed link (password reset) has been used.
 */
export const signUp = defineMethod({
  ...SIGN_UP,
  verbs: ['POST'],
  allow: ['Guest'],
  async handler(ctx, { username, email, password }) {
    await hitLimit(ctx.db, `signup:ip:${ctx.request.ip}`, SIGN_UP_LIMIT.perIp, SIGN_UP_LIMIT.windowSeconds, 'Too many sign-ups. Please try again later.');
    // Only the user name is checked: the e-mail is stored unverified and reserves nothing, so the answer never
    // says whether an address has an account, and nobody can block an address they do not control.
    if (await userNameTaken(ctx.db, username)) {
      throw taken();
    }
    const row = await insertSiteUser(ctx.db, { name: username, email, passwordHash: await hashPassword(password) });
    if (!row) throw taken();
    const { csrfToken } = await startSession(ctx.db, ctx, row);
    return { user: row.name, full_name: row.full_name, csrf_token: csrfToken };
  },
});
