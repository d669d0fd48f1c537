import { BOOT, GET_COUNT, GET_LOGGED_USER, LOGIN, LOGOUT, PING, VERSION } from '../../contracts/frappe';
import { defineMethod } from './methods';
import { FrappeError, authError, notFound, validationError } from './errors';
import { checkPassword, endSession, startSession } from './sessions';
import { countDocs } from './resources';
import { passwordResetMethods } from './password-reset';
import { apiKeyMethods } from './api-keys';
import type { ResolvedDoctype } from './doctypes';

const login = defineMethod({
  ...LOGIN,
  verbs: ['POST'],
  allow: ['Guest'],
  csrfExempt: true,
  async handler(ctx, { usr, pwd, device }) {
    const user = await checkPassword(ctx.db, ctx.request.ip, usr, pwd);
    if (!user) throw new FrappeError('AuthenticationError', 'Invalid login credentials', { extra: { message: 'Invalid login credentials' } });
    const { csrfToken } = await startSession(ctx.db, ctx, user, device);
    const system = user.user_type === 'System User';
    // Frappe's login answer, plus the CSRF token so the app needs no page-level global.
    ctx.reply.send({ message: system ? 'Logged In' : 'No App', home_page: system ? '/app' : '/', full_name: user.full_name, csrf_token: csrfToken });
  },
  raw: true,
});

const logout = defineMethod({
  ...LOGOUT,
  verbs: ['GET', 'POST'],
  allow: ['Guest'],
  sideEffects: true,
  async handler(ctx) {
    // Signing out of a browser ends what the domains tie to that device (a member's rotating codes stop working).
    if (!ctx.user.isGuest && ctx.user.via === 'session') {
      await ctx.services.credentialsChanged(ctx.db, { user: ctx.user.name, kind: 'signed-out' });
    }
    await endSession(ctx.db, ctx.request, ctx.reply, ctx.user);
  },
});

const getLoggedUser = defineMethod({
  ...GET_LOGGED_USER,
  verbs: ['GET'],
  allow: ['Member', 'Store Staff', 'Blog Manager'],
  handler: (ctx) => ctx.user.name,
});

const ping = defineMethod({ ...PING, verbs: ['GET', 'POST'], allow: ['Guest'], handler: () => 'pong' as const });
const version = defineMethod({ ...VERSION, verbs: ['GET'], allow: ['Guest'], handler: () => '15.0.0-member-rewards' });

/**
 * Session facts the app needs at start: who is signed in, their roles, the CSRF token for writes, and (as
 * Frappe's boot does) max_file_size, the upload limit, so a form can refuse a larger file before sending it.
 */
const boot = defineMethod({
  ...BOOT,
  verbs: ['GET'],
  allow: ['Guest'],
  async handler(ctx) {
    const max_file_size = ctx.config.maxUploadBytes;
    if (ctx.user.isGuest) return { user: 'Guest', roles: [], full_name: 'Guest', csrf_token: null, branch: null, max_file_size };
    return {
      user: ctx.user.name,
      roles: ctx.user.roles,
      full_name: ctx.user.fullName,
      csrf_token: ctx.user.csrfToken ?? null,
      branch: ctx.user.branch,
      max_file_size,
    };
  },
});

export function coreMethods(doctypes: Map<string, ResolvedDoctype>) {
  const getCount = defineMethod({
    ...GET_COUNT,
    verbs: ['GET', 'POST'],
    allow: ['Guest'],
    async handler(ctx, { doctype, filters }) {
      const dt = doctypes.get(doctype);
      if (!dt) throw notFound(`DocType ${doctype.slice(0, 80)} not found`);
      // Unlike Frappe, counting needs read permission and counts only the caller's rows.
      return countDocs(ctx, dt, filters);
    },
  });
  return [login, logout, getLoggedUser, ping, version, boot, ...passwordResetMethods, ...apiKeyMethods, getCount];
}

export { authError, validationError };
