import * as v from 'valibot';
import { desc, eq } from 'drizzle-orm';
import type { ServerModule } from '../../frappe/module';
import { defineMethod, noArgs } from '../../frappe/methods';
import type { DoctypeDef } from '../../frappe/doctypes';
import { FrappeError, notFound, permissionError, validationError } from '../../frappe/errors';
import { hitLimit } from '../../frappe/rate-limit';
import { issueApiKey } from '../../frappe/api-keys';
import { checkPassword } from '../../frappe/sessions';
import { smsOutbox, users } from '../../db/schema/auth';
import { authorizeUrl, exchangeCode, LineLoginError, liffMode, lineMode, startPendingLogin, takePendingLogin, verifyIdToken } from './line';
import { registerDevLine } from './dev-line';
import { registerDevLiff } from './dev-liff';
import { requestCode, verifyCode } from './otp';
import { findOrCreateLineMember, profileOf, startMemberSession, tierFor, updateProfile } from './service';
import { userByName } from './repository';
import { profileInputSchema } from '../../../contracts/account';
import { isSafeNextPath } from '../../../contracts/next-path';
import { liffConfigSchema, liffLoginAnswerSchema, liffLoginArgsSchema } from '../../../contracts/liff';

/** Where the app continues after LINE: only these in-app addresses may be asked for. */
const AFTER_LINE = ['/', '/phonverify', '/signup'] as const;

const getAuthorizeUrl = defineMethod({
  path: 'honda_api.api_calls.linetoken.get_oauth2_authorize_url',
  verbs: ['GET'],
  allow: ['Guest'],
  args: v.looseObject({
    redirect_to: v.optional(v.picklist(AFTER_LINE, 'Unknown redirect address')),
    // The in-app page the member asked for before signing in: they land there afterwards.
    next: v.optional(v.pipe(v.string('Unknown redirect address'), v.check((p: string) => isSafeNextPath(p), 'Unknown redirect address'))),
  }),
  async handler(ctx, { redirect_to, next }) {
    const mode = lineMode(ctx.config);
    if (!mode) throw validationError('LINE Login is not configured on this server');
    const pending = await startPendingLogin(ctx.db, ctx.request, ctx.reply, redirect_to ?? '/phonverify', next);
    ctx.reply.header('cache-control', 'no-store');
    return authorizeUrl(mode, ctx.config, pending);
  },
});

/**
 * LINE sends the browser back here (GET code & state). State, then the id_token; the User is found or created
 * by LINE's `sub`; the cookie session starts; the browser goes on to the app. No credential goes into a URL.
 */
const loginViaLine = defineMethod({
  path: 'honda_api.api_calls.linehandle.login_via_line',
  verbs: ['GET'],
  allow: ['Guest'],
  raw: true,
  args: v.looseObject({
    code: v.optional(v.pipe(v.string(), v.maxLength(512))),
    state: v.optional(v.pipe(v.string(), v.maxLength(512))),
    error: v.optional(v.string()),
  }),
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
  path: 'member_rewards.account.liff_config',
  verbs: ['GET'],
  allow: ['Guest'],
  args: noArgs,
  returns: liffConfigSchema,
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
  path: 'member_rewards.account.liff_login',
  verbs: ['POST'],
  allow: ['Guest'],
  args: liffLoginArgsSchema,
  returns: liffLoginAnswerSchema,
  async handler(ctx, { id_token }) {
    const mode = liffMode(ctx.config);
    if (!mode) throw liffUnavailable();
    await hitLimit(ctx.db, `liff:login:ip:${ctx.request.ip}`, 60, 15 * 60);
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
  path: 'frappeauth_app.authentication.login',
  verbs: ['POST'],
  allow: ['Guest'],
  args: v.looseObject({
    usr: v.pipe(v.optional(v.string('Incomplete login details'), ''), v.trim(), v.minLength(1, 'Incomplete login details'), v.maxLength(200)),
    pwd: v.pipe(v.optional(v.string('Incomplete login details'), ''), v.minLength(1, 'Incomplete login details'), v.maxLength(500)),
  }),
  async handler(ctx, { usr, pwd }) {
    // The same counters as `login`: guesses here and there add up for the account.
    const user = await checkPassword(ctx.db, ctx.request.ip, usr, pwd);
    if (!user) {
      throw new FrappeError('AuthenticationError', 'Invalid login credentials', {
        extra: { message: { status_code: 401, text: 'Invalid login credentials' } },
      });
    }
    const token = await issueApiKey(ctx.db, user.name, ctx.config.apiTokenTtlDays);
    return { status_code: 200, text: user.user_type === 'System User' ? 'Logged In' : 'No App', user: user.name, token };
  },
});

// Missing arguments get the same sentence as empty ones (valibot would otherwise say "Invalid key").
const phoneArg = (message: string) =>
  v.pipe(
    v.optional(v.union([v.string(message), v.number(message)], message), ''),
    v.transform((x) => String(x)),
    v.minLength(1, message),
    v.maxLength(32, message),
  );
const otpArg = v.pipe(
  v.optional(v.union([v.string('Please Enter OTP'), v.number('Please Enter OTP')], 'Please Enter OTP'), ''),
  v.transform((x) => String(x).replace(/\D/g, '')),
  v.minLength(1, 'Please Enter OTP'),
  v.maxLength(12, 'Wrong code, please try again'),
);
const otpArgs = v.looseObject({
  userphone: phoneArg('This phone number is invalid'),
  otp: otpArg,
  username: v.optional(v.string()),
});

function refuseOtherUsername(callerName: string, username: string | undefined) {
  // The phone is bound to the signed-in caller: naming anyone else is refused outright.
  if (username !== undefined && username !== '' && username !== callerName) {
    throw permissionError('You can only verify the phone number of your own account');
  }
}

const getPhone = defineMethod({
  path: 'honda_api.api_calls.verifyuser.getphone',
  verbs: ['GET', 'POST'],
  allow: ['Member'],
  sideEffects: true,
  args: v.looseObject({ userphone: phoneArg('This phone number is invalid') }),
  handler: (ctx, { userphone }) => requestCode(ctx, userphone),
});

const verifyOtp = defineMethod({
  path: 'honda_api.api_calls.verifyuser.verifyotp',
  verbs: ['POST'],
  allow: ['Member'],
  args: otpArgs,
  handler(ctx, { userphone, otp, username }) {
    refuseOtherUsername(ctx.user.name, username);
    return verifyCode(ctx, userphone, otp, 'verify');
  },
});

/** Our change-phone method: a code sent to the new number (getphone), then this; exactly 10 digits. */
const changePhoneArgs = v.looseObject({
  userphone: v.pipe(phoneArg('This phone number is invalid'), v.regex(/^\d{10}$/, 'This phone number is invalid')),
  otp: v.pipe(otpArg, v.regex(/^\d{6}$/, 'Wrong code, please try again')),
  username: v.optional(v.string()),
});
const changePhone = defineMethod({
  path: 'member_rewards.account.change_phone',
  verbs: ['POST'],
  allow: ['Member'],
  args: changePhoneArgs,
  handler(ctx, { userphone, otp, username }) {
    refuseOtherUsername(ctx.user.name, username);
    return verifyCode(ctx, userphone, otp, 'change');
  },
});
/** The original app's name for the same step (UpdatePhone screen). */
const updatePhoneVerify = defineMethod({ ...changePhone, path: 'honda_api.api_calls.verifyuser.update_phone_verify' });

const smsOutboxRead = defineMethod({
  path: 'member_rewards.dev.sms_outbox',
  verbs: ['GET'],
  allow: ['Guest'],
  args: v.looseObject({ phone: v.optional(v.string()), limit: v.optional(v.string()) }),
  async handler(ctx, { phone, limit }) {
    if (ctx.config.production || ctx.config.sms) throw notFound('The development SMS outbox is not available');
    const n = Math.min(Math.max(Number(limit ?? 20) || 20, 1), 100);
    const q = ctx.db
      .select({ phone: smsOutbox.phone, body: smsOutbox.body, created_at: smsOutbox.created_at })
      .from(smsOutbox)
      .orderBy(desc(smsOutbox.id))
      .limit(n)
      .$dynamic();
    return phone ? q.where(eq(smsOutbox.phone, phone.replace(/\D/g, ''))) : q;
  },
});

const getProfile = defineMethod({
  path: 'headless_e_commerce.api.get_profile',
  verbs: ['GET'],
  allow: ['Member', 'Store Staff', 'Blog Manager'],
  args: noArgs,
  handler: (ctx) => profileOf(ctx.db, ctx.user.name),
});


const updateProfileMethod = defineMethod({
  path: 'honda_api.api_calls.getuser.update_profile',
  verbs: ['POST', 'PUT'],
  allow: ['Member'],
  args: profileInputSchema,
  handler: (ctx, args) =>
    updateProfile(ctx, { ...args, email: args.email ?? undefined, phone: args.phone == null ? undefined : String(args.phone) }),
});

const getTier = defineMethod({
  path: 'loyalty_program_customizations.overrides.get_tier',
  verbs: ['GET', 'POST'],
  allow: ['Member'],
  args: v.looseObject({
    customer: v.pipe(v.optional(v.string('Customer is required'), ''), v.trim(), v.minLength(1, 'Customer is required'), v.maxLength(140)),
  }),
  handler: (ctx, { customer }) => tierFor(ctx, customer),
});

/** The User read of spec §7 (name, full_name, user_image): each caller sees only their own record. */
const userDoctype: DoctypeDef = {
  doctype: 'User',
  table: users,
  fields: ['name', 'full_name', 'user_image'],
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
