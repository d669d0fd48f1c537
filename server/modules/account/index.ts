import { eq } from 'drizzle-orm';
import type { ServerModule } from '../../frappe/module';
import { defineMethod } from '../../frappe/methods';
import type { DoctypeDef } from '../../frappe/doctypes';
import { FrappeError, notFound, permissionError, validationError } from '../../frappe/errors';
import { hitLimit } from '../../frappe/rate-limit';
import { refuseRemoteOutboxReader } from '../../frappe/local-only';
import { issueApiKey } from '../../frappe/api-keys';
import { checkPassword } from '../../frappe/sessions';
import { users } from '../../db/schema/auth';
import { authorizeUrl, exchangeCode, LineLoginError, liffMode, lineMode, startPendingLogin, takePendingLogin, verifyIdToken } from './line';
import { registerDevLine } from './dev-line';
import { registerDevLiff } from './dev-liff';
import { requestCode, verifyCode } from './otp';
import { findOrCreateLineMember, profileOf, startMemberSession, tierFor, updateProfile } from './service';
import { profileSessionRead, smsOutboxEntries, userByName } from './repository';
import { readWithSession } from '../../frappe/context';
import { AUTHORIZE_URL, GET_PROFILE, GET_TIER, LINE_CALLBACK, USER } from '../../../contracts/account';
import { TOKEN_LOGIN } from '../../../contracts/api-keys';
import { CHANGE_PHONE, GET_PHONE, SMS_OUTBOX, UPDATE_PHONE_VERIFY, VERIFY_OTP } from '../../../contracts/phone';
import { UPDATE_PROFILE } from '../../../contracts/profile';
import { isSafeNextPath } from '../../../contracts/next-path';
import { LIFF_CONFIG, LIFF_LOGIN } from '../../../contracts/liff';
import { currentNotice, recordSignInConsent, versionToRecord } from '../privacy/consents';

const getAuthorizeUrl = defineMethod({
  ...AUTHORIZE_URL,
  verbs: ['GET'],
  allow: ['Guest'],
  async handler(ctx, { redirect_to, next, privacy_version }) {
    const mode = lineMode(ctx.config);
    if (!mode) throw validationError('LINE Login is not configured on this server');
    const version = await versionToRecord(ctx.db, privacy_version);
    const pending = await startPendingLogin(ctx.db, ctx.request, ctx.reply, redirect_to ?? '/phonverify', next, version);
    ctx.reply.header('cache-control', 'no-store');
    return authorizeUrl(mode, ctx.config, pending);
  },
});

/**
 * LINE sends the browser back here (GET code & state). State, then the id_token; the User is found or created
 * by LINE's `sub`; the cookie session starts; the browser goes on to the app. No credential goes into a URL.
 */
const loginViaLine = defineMethod({
  ...LINE_CALLBACK,
  verbs: ['GET'],
  allow: ['Guest'],
  async handler(ctx, { code, state, error }) {
    const reply = ctx.reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
    const mode = lineMode(ctx.config);
    try {
      if (!mode) throw new LineLoginError('LINE Login is not configured');
      if (error) {
        // Cancelled at LINE: that pending sign-in is dropped, the member is back on the login page.
        if (state) await takePendingLogin(ctx.db, ctx.request, ctx.reply, state).catch(() => undefined);
        return reply.redirect('/login', 302);
      }
      if (!code || !state) throw new LineLoginError('code or state missing');
      await hitLimit(ctx.db, `line:callback:ip:${ctx.request.ip}`, 60, 15 * 60);
      const pending = await takePendingLogin(ctx.db, ctx.request, ctx.reply, state);
      const idToken = await exchangeCode(ctx.db, mode, ctx.config, code);
      const identity = await verifyIdToken(ctx.db, mode, idToken, pending.nonce);
      const user = await findOrCreateLineMember(ctx.db, identity);
      if (!user.enabled) throw new LineLoginError('user disabled');
      // A cookie from before the version was kept in it: the current notice, which the modal showed then.
      const version = typeof pending.privacyVersion === 'number' ? pending.privacyVersion : (await currentNotice(ctx.db)).version;
      await recordSignInConsent(ctx.db, user, version, 'sign_in');
      await startMemberSession(ctx, user);
      // The page asked for (checked again: the cookie is ours, but its content outlived a deploy) comes after the
      // phone verification when that is still to do.
      const asked = isSafeNextPath(pending.next) ? pending.next : null;
      const verify = pending.redirectTo === '/signup' ? '/signup' : '/phonverify';
      const target = user.phone_verified ? (asked ?? '/') : asked ? `${verify}?next=${encodeURIComponent(asked)}` : verify;
      return reply.redirect(target, 302);
    } catch (err) {
      if (!(err instanceof LineLoginError) && !(err instanceof FrappeError)) throw err;
      ctx.request.log.warn({ reason: err.message }, 'LINE sign-in refused');
      return reply.redirect('/login?error=line', 302);
    }
  },
});

const liffUnavailable = () => new FrappeError('ValidationError', 'Sign-in inside LINE is not configured on this server', { code: 'liff_unavailable' });

/** Which LIFF the app's /liff entry loads: LINE's SDK with this LIFF app, or the development stand-in. */
const liffConfig = defineMethod({
  ...LIFF_CONFIG,
  verbs: ['GET'],
  allow: ['Guest'],
  handler(ctx) {
    const mode = liffMode(ctx.config);
    if (!mode) throw liffUnavailable();
    return { mode: mode.kind, liff_id: mode.kind === 'line' ? mode.liffId : null };
  },
});

/**
 * Inside LINE: the app sends the raw id_token LIFF gave it (never profile data from the client); it is verified
 * like LINE Login's (signature with LINE's keys, issuer, audience = our channel, expiry), the member is found or
 * created by LINE's `sub`, and the cookie session starts. A session already held by that same member is kept
 * (opening the card from LINE again must not sign the member out of their other devices' codes).
 */
const liffLogin = defineMethod({
  ...LIFF_LOGIN,
  verbs: ['POST'],
  allow: ['Guest'],
  async handler(ctx, { id_token, privacy_version }) {
    const mode = liffMode(ctx.config);
    if (!mode) throw liffUnavailable();
    await hitLimit(ctx.db, `liff:login:ip:${ctx.request.ip}`, 60, 15 * 60);
    const version = await versionToRecord(ctx.db, privacy_version);
    ctx.reply.header('cache-control', 'no-store');
    let user;
    try {
      const identity = await verifyIdToken(ctx.db, mode.line, id_token, null);
      user = await findOrCreateLineMember(ctx.db, identity);
      if (!user.enabled) throw new LineLoginError('user disabled');
    } catch (err) {
      if (!(err instanceof LineLoginError)) throw err;
      ctx.request.log.warn({ reason: err.message }, 'LIFF sign-in refused');
      throw new FrappeError('AuthenticationError', 'Sign-in with LINE failed', { code: 'liff_login_failed' });
    }
    await recordSignInConsent(ctx.db, user, version, 'liff');
    const current = ctx.user.via === 'session' && ctx.user.name === user.name && ctx.user.csrfToken;
    const csrfToken = current || (await startMemberSession(ctx, user)).csrfToken;
    const fresh = (await userByName(ctx.db, user.name)) ?? user;
    return { user: fresh.name, full_name: fresh.full_name, csrf_token: csrfToken, phone_verified: fresh.phone_verified };
  },
});

/**
 * Token login for API clients (frappeauth_app): the original's answer {status_code, text, user, token} with
 * its defects fixed: arguments by name, any extra keys ignored, and it works for Website Users too.
 */
const tokenLogin = defineMethod({
  ...TOKEN_LOGIN,
  verbs: ['POST'],
  allow: ['Guest'],
  async handler(ctx, { usr, pwd }) {
    // The same counters as `login`: guesses here and there add up for the account.
    const user = await checkPassword(ctx.db, ctx.request.ip, usr, pwd);
    if (!user) {
      throw new FrappeError('AuthenticationError', 'Invalid login credentials', {
        extra: { message: { status_code: 401, text: 'Invalid login credentials' } },
      });
    }
    const token = await issueApiKey(ctx.db, user.name, ctx.config.apiTokenTtlDays);
    return { status_code: 200 as const, text: user.user_type === 'System User' ? ('Logged In' as const) : ('No App' as const), user: user.name, token };
  },
});

function refuseOtherUsername(callerName: string, username: string | undefined) {
  // The phone is bound to the signed-in caller: naming anyone else is refused outright.
  if (username !== undefined && username !== '' && username !== callerName) {
    throw permissionError('You can only verify the phone number of your own account');
  }
}

const getPhone = defineMethod({
  ...GET_PHONE,
  verbs: ['GET', 'POST'],
  allow: ['Member'],
  sideEffects: true,
  handler: (ctx, { userphone }) => requestCode(ctx, userphone),
});

const verifyOtp = defineMethod({
  ...VERIFY_OTP,
  verbs: ['POST'],
  allow: ['Member'],
  handler(ctx, { userphone, otp, username }) {
    refuseOtherUsername(ctx.user.name, username);
    return verifyCode(ctx, userphone, otp, 'verify');
  },
});

/** Our change-phone method: a code sent to the new number (getphone), then this. */
const changePhone = defineMethod({
  ...CHANGE_PHONE,
  verbs: ['POST'],
  allow: ['Member'],
  handler(ctx, { userphone, otp, username }) {
    refuseOtherUsername(ctx.user.name, username);
    return verifyCode(ctx, userphone, otp, 'change');
  },
});
/** The original app's name for the same step (UpdatePhone screen). */
const updatePhoneVerify = defineMethod({ ...changePhone, ...UPDATE_PHONE_VERIFY });

const smsOutboxRead = defineMethod({
  ...SMS_OUTBOX,
  verbs: ['GET'],
  allow: ['Guest'],
  async handler(ctx, { phone, limit }) {
    if (ctx.config.production || ctx.config.sms) throw notFound('The development SMS outbox is not available');
    refuseRemoteOutboxReader(ctx);
    const n = Math.min(Math.max(Number(limit ?? 20) || 20, 1), 100);
    return smsOutboxEntries(ctx.db, phone?.replace(/\D/g, ''), n);
  },
});

const getProfile = defineMethod({
  ...GET_PROFILE,
  verbs: ['GET'],
  // Every signed-in user reads their own profile: the app reads it after any sign-in, whatever the role.
  allow: ['Member', 'Store Staff', 'Branch Manager', 'Loyalty Manager', 'Blog Manager'],
  withSession: profileSessionRead,
  handler: (ctx) => profileOf(ctx.db, ctx.user.name, readWithSession(ctx, profileSessionRead)),
});


const updateProfileMethod = defineMethod({
  ...UPDATE_PROFILE,
  verbs: ['POST', 'PUT'],
  allow: ['Member'],
  handler: (ctx, args) =>
    updateProfile(ctx, { ...args, email: args.email ?? undefined, phone: args.phone == null ? undefined : String(args.phone) }),
});

const getTier = defineMethod({
  ...GET_TIER,
  verbs: ['GET', 'POST'],
  allow: ['Member'],
  handler: (ctx, { customer }) => tierFor(ctx, customer),
});

/** The User read (name, full_name, user_image): each caller sees only their own record. */
const userDoctype: DoctypeDef = {
  ...USER,
  table: users,
  read: { allow: ['Member', 'Store Staff', 'Blog Manager'], scope: (ctx) => eq(users.name, ctx.user.name) },
  realtime: false,
};

export const accountModule: ServerModule = {
  name: 'account',
  methods: [
    getAuthorizeUrl,
    loginViaLine,
    liffConfig,
    liffLogin,
    tokenLogin,
    getPhone,
    verifyOtp,
    changePhone,
    updatePhoneVerify,
    smsOutboxRead,
    getProfile,
    updateProfileMethod,
    getTier,
  ],
  doctypes: [userDoctype],
  routes(app, deps) {
    registerDevLine(app, deps);
    registerDevLiff(app, deps);
  },
};
