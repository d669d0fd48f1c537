import { describe, expect, it } from 'vitest';
import { createWorld, type Actor, type RoleName } from './roles';
import type { TestServer } from '../support/server';
import { serverForFile } from '../support/file-server';

/**
 * Every method and every doctype verb, for each caller (guest, two members, staff of two branches, a Loyalty
 * Manager, a Branch Manager, the admin), checked against the running app. Who may call what is written out below by
 * hand, not read from the declarations under test: a declaration that lets in one role too many (or shuts one out)
 * fails here, and so does a method or doctype the tables do not list. "Allowed" means the server did not refuse on
 * permission (it may still refuse the empty arguments with a 417).
 */
let server: TestServer;
let actors: Record<RoleName, Actor>;
serverForFile(createWorld, (world) => ({ server, actors } = world), 180_000);

// Calls that end the caller's own session or are covered with real arguments elsewhere.
const SKIP = new Set(['logout', 'login']);
const ROLES: RoleName[] = ['guest', 'memberA', 'memberB', 'staffA', 'staffB', 'loyaltyManager', 'branchManagerA', 'admin'];

// The admin is a System Manager (who passes every role's check) and a Blog Manager.
const ANYONE: readonly RoleName[] = ROLES;
const SIGNED_IN: readonly RoleName[] = ['memberA', 'memberB', 'staffA', 'staffB', 'loyaltyManager', 'branchManagerA', 'admin'];
const MEMBERS: readonly RoleName[] = ['memberA', 'memberB', 'admin'];
/** Members, store staff and blog managers: the accounts with a profile of their own. */
const ACCOUNTS: readonly RoleName[] = ['memberA', 'memberB', 'staffA', 'staffB', 'admin'];
const TILL: readonly RoleName[] = ['staffA', 'staffB', 'admin'];
const STAFF_LOG: readonly RoleName[] = ['staffA', 'staffB', 'loyaltyManager', 'branchManagerA', 'admin'];
const LOYALTY: readonly RoleName[] = ['loyaltyManager', 'admin'];
const MANAGERS: readonly RoleName[] = ['loyaltyManager', 'branchManagerA', 'admin'];
const BLOG: readonly RoleName[] = ['admin'];
const SYSTEM: readonly RoleName[] = ['admin'];
const NOBODY: readonly RoleName[] = [];

/** Who may call each method: every method the server serves is here, and nothing else. */
const METHOD_CALLERS: Record<string, readonly RoleName[]> = {
  // Frappe's own: sessions, boot, counting, passwords, API keys
  login: ANYONE,
  logout: ANYONE,
  ping: ANYONE,
  version: ANYONE,
  'member_rewards.api.boot': ANYONE,
  'frappe.client.get_count': ANYONE,
  'frappe.auth.get_logged_user': ACCOUNTS,
  'frappe.core.doctype.user.user.reset_password': ANYONE,
  'frappe.core.doctype.user.user.update_password': ANYONE,
  'frappeauth_app.authentication.login': ANYONE,
  'member_rewards.auth.api_keys': SIGNED_IN,
  'member_rewards.auth.revoke_api_key': SIGNED_IN,
  // signing in with LINE, the phone, the profile
  'honda_api.api_calls.linetoken.get_oauth2_authorize_url': ANYONE,
  'honda_api.api_calls.linehandle.login_via_line': ANYONE,
  'member_rewards.account.liff_config': ANYONE,
  'member_rewards.account.liff_login': ANYONE,
  'member_rewards.dev.sms_outbox': ANYONE,
  'member_rewards.dev.line_outbox': ANYONE,
  'honda_api.api_calls.verifyuser.getphone': MEMBERS,
  'honda_api.api_calls.verifyuser.verifyotp': MEMBERS,
  'member_rewards.account.change_phone': MEMBERS,
  'honda_api.api_calls.verifyuser.update_phone_verify': MEMBERS,
  // every signed-in role reads its own profile: staff-login judges where each role lands by it
  'headless_e_commerce.api.get_profile': SIGNED_IN,
  'honda_api.api_calls.getuser.update_profile': MEMBERS,
  'loyalty_program_customizations.overrides.get_tier': MEMBERS,
  // the marketing site
  'member_rewards.marketing.sign_up': ANYONE,
  // the catalogue, programme facts, addresses
  'erpnext.e_commerce.api.get_product_filter_data': ANYONE,
  'member_rewards.api.get_loyalty_program': ANYONE,
  'member_rewards.api.get_address_options': ANYONE,
  'headless_e_commerce.api.get_addresses': MEMBERS,
  'headless_e_commerce.api.add_address': MEMBERS,
  'headless_e_commerce.api.update_address': MEMBERS,
  'headless_e_commerce.api.delete_address': MEMBERS,
  // points, rewards and orders
  'headless_e_commerce.api.get_loyalty_points_details': MEMBERS,
  'member_rewards.loyalty.get_expiry_schedule': MEMBERS,
  'member_rewards.loyalty.get_tier_progress': MEMBERS,
  'headless_e_commerce.api.place_order': MEMBERS,
  'member_rewards.api.checkout_totals': MEMBERS,
  'member_rewards.api.request_status': MEMBERS,
  'honda_api.api_calls.getuser.getorders': MEMBERS,
  'member_rewards.orders.cancel_reward_order': MEMBERS,
  'member_rewards.orders.confirm_payment': SYSTEM,
  'member_rewards.orders.cancel_order': MANAGERS,
  'member_rewards.orders.refund_order': LOYALTY,
  'member_rewards.orders.list_refunds': LOYALTY,
  // notifications
  'member_rewards.notifications.get_vapid_public_key': MEMBERS,
  'member_rewards.notifications.subscribe': MEMBERS,
  'member_rewards.notifications.unsubscribe': MEMBERS,
  'member_rewards.notifications.get_settings': MEMBERS,
  'member_rewards.notifications.update_settings': MEMBERS,
  // member codes and the till
  'member_rewards.member_code.register_device': MEMBERS,
  'member_rewards.member_code.device_status': MEMBERS,
  'member_rewards.staff.resolve_code': TILL,
  'member_rewards.staff.award_points': TILL,
  'member_rewards.staff.confirm_reward': TILL,
  'member_rewards.staff.actions': STAFF_LOG,
  'member_rewards.staff.create_staff_user': SYSTEM,
  'member_rewards.staff.set_staff_user_enabled': SYSTEM,
  'member_rewards.settings.get_settings': SYSTEM,
  'member_rewards.settings.update_settings': SYSTEM,
  // the back office
  'member_rewards.admin.search_members': MANAGERS,
  'member_rewards.admin.member_summary': MANAGERS,
  'member_rewards.admin.adjust_points': LOYALTY,
  'member_rewards.admin.get_adjustment_reasons': LOYALTY,
  'member_rewards.admin.update_adjustment_reasons': LOYALTY,
  'member_rewards.admin.import_points': LOYALTY,
  'member_rewards.admin.set_member_blocked': LOYALTY,
  'member_rewards.admin.export': LOYALTY,
  'member_rewards.admin.list_staff': MANAGERS,
  'member_rewards.admin.create_staff': MANAGERS,
  'member_rewards.admin.update_staff': MANAGERS,
  'member_rewards.admin.send_staff_password_reset': MANAGERS,
  'member_rewards.programme.get_rules': MANAGERS,
  'member_rewards.programme.update_rules': LOYALTY,
  'member_rewards.programme.simulate_receipt': MANAGERS,
  'member_rewards.reports.dashboard': LOYALTY,
  'member_rewards.reports.export': LOYALTY,
  'member_rewards.broadcast.preview': LOYALTY,
  'member_rewards.broadcast.send': LOYALTY,
  'member_rewards.broadcast.list': LOYALTY,
  // personal data: the notice, consents, a copy, erasure, requests and who looked at whose data
  'member_rewards.privacy.get_notice': ANYONE,
  'member_rewards.privacy.publish_notice': LOYALTY,
  'member_rewards.privacy.list_notices': LOYALTY,
  'member_rewards.privacy.get_consents': MEMBERS,
  'member_rewards.privacy.set_consent': MEMBERS,
  'member_rewards.privacy.get_member_consents': LOYALTY,
  'member_rewards.privacy.set_member_consent': LOYALTY,
  'member_rewards.privacy.export_my_data': MEMBERS,
  'member_rewards.privacy.export_member_data': LOYALTY,
  'member_rewards.privacy.request_deletion': MEMBERS,
  'member_rewards.privacy.confirm_deletion': MEMBERS,
  'member_rewards.privacy.list_requests': LOYALTY,
  'member_rewards.privacy.record_request': LOYALTY,
  'member_rewards.privacy.send_erasure_code': LOYALTY,
  'member_rewards.privacy.erase_member': LOYALTY,
  'member_rewards.privacy.list_access_log': SYSTEM,
  'member_rewards.api_clients.create': SYSTEM,
  'member_rewards.api_clients.rotate': SYSTEM,
  'member_rewards.api_clients.revoke': SYSTEM,
  'member_rewards.api_clients.list': SYSTEM,
  // API clients only, by scope (tests/server/integration/scopes.test.ts): no user, a System Manager included.
  'member_rewards.integration.lookup_member': NOBODY,
  'member_rewards.integration.earn': NOBODY,
  'member_rewards.integration.reverse': NOBODY,
  'member_rewards.integration.hold': NOBODY,
  'member_rewards.integration.capture': NOBODY,
  'member_rewards.integration.release': NOBODY,
  'member_rewards.integration.confirm_reward': NOBODY,
  'member_rewards.webhooks.subscribe': NOBODY,
  'member_rewards.webhooks.unsubscribe': NOBODY,
  'member_rewards.webhooks.deliveries': NOBODY,
  // Webhooks in the back office: a System Manager's, as the API clients are.
  'member_rewards.webhooks.list_subscriptions': SYSTEM,
  'member_rewards.webhooks.subscribe_for_client': SYSTEM,
  'member_rewards.webhooks.subscription_deliveries': SYSTEM,
  'member_rewards.webhooks.redeliver': SYSTEM,
  'member_rewards.webhooks.set_subscription_enabled': SYSTEM,
};

type DoctypeVerb = 'list' | 'create' | 'update' | 'delete';
const READ_ONLY = (list: readonly RoleName[]) => ({ list, create: NOBODY, update: NOBODY, delete: NOBODY });

/** Who may list, create, update and delete each doctype over /api/resource: every doctype the server serves. */
const DOCTYPE_CALLERS: Record<string, Record<DoctypeVerb, readonly RoleName[]>> = {
  User: READ_ONLY(ACCOUNTS),
  Item: { list: ANYONE, create: LOYALTY, update: LOYALTY, delete: LOYALTY },
  'Sales Invoice': READ_ONLY(['memberA', 'memberB', 'staffA', 'staffB', 'loyaltyManager', 'branchManagerA', 'admin']),
  Address: READ_ONLY(MEMBERS),
  'Information Document': { list: ANYONE, create: BLOG, update: BLOG, delete: BLOG },
  'Terms and Conditions Document': { list: ANYONE, create: BLOG, update: BLOG, delete: BLOG },
  'Condition of redeem items': { list: ANYONE, create: NOBODY, update: BLOG, delete: NOBODY },
  'Blog Post': { list: ANYONE, create: BLOG, update: BLOG, delete: BLOG },
  'Blog Category': { list: ANYONE, create: BLOG, update: BLOG, delete: BLOG },
  Branch: { list: ANYONE, create: LOYALTY, update: LOYALTY, delete: NOBODY },
  'Audit Log': READ_ONLY(MANAGERS),
};

describe('authorization matrix: methods', () => {
  it('lists every method the server serves, and no other', () => {
    const served = [...server.app.methodRegistry.keys()];
    expect(served.filter((path) => !(path in METHOD_CALLERS))).toEqual([]);
    expect(Object.keys(METHOD_CALLERS).filter((path) => !server.app.methodRegistry.has(path))).toEqual([]);
  });

  it('refuses exactly the callers the table excludes', async () => {
    const mismatches: string[] = [];
    let checked = 0;
    for (const [path, def] of server.app.methodRegistry) {
      if (SKIP.has(path)) continue;
      const callers = METHOD_CALLERS[path] ?? NOBODY;
      for (const role of ROLES) {
        const actor = actors[role];
        const verb = def.verbs.includes('POST') ? 'POST' : def.verbs[0]!;
        const res = await actor.session.call(path, {}, verb);
        const allowed = callers.includes(role);
        const refused = res.statusCode === 403 || res.statusCode === 401;
        checked += 1;
        if (allowed === refused) mismatches.push(`${role} ${verb} ${path}: expected ${allowed ? 'allowed' : 'refused'}, got ${res.statusCode}`);
        expect(res.statusCode, `${role} ${path}`).toBeLessThan(500);
      }
    }
    console.log(`authorization matrix: ${checked} method × caller checks`);
    expect(mismatches).toEqual([]);
  }, 180_000);

  it('refuses every verb a method does not declare', async () => {
    for (const [path, def] of server.app.methodRegistry) {
      for (const verb of ['GET', 'POST', 'PUT', 'DELETE'] as const) {
        if (def.verbs.includes(verb) || path === 'upload_file') continue;
        const res = await actors.admin.session.call(path, {}, verb);
        expect(res.statusCode, `${verb} ${path}`).toBe(403);
      }
    }
  }, 120_000);
});

describe('authorization matrix: doctypes', () => {
  it('lists every doctype the server serves, and no other', () => {
    const served = [...server.app.doctypeRegistry.keys()];
    expect(served.filter((doctype) => !(doctype in DOCTYPE_CALLERS))).toEqual([]);
    expect(Object.keys(DOCTYPE_CALLERS).filter((doctype) => !server.app.doctypeRegistry.has(doctype))).toEqual([]);
  });

  it('list, read, create, update and delete follow the table', async () => {
    const mismatches: string[] = [];
    let checked = 0;
    for (const doctype of server.app.doctypeRegistry.keys()) {
      const url = `/api/resource/${encodeURIComponent(doctype)}`;
      const callers = DOCTYPE_CALLERS[doctype] ?? READ_ONLY(NOBODY);
      for (const role of ROLES) {
        const { session } = actors[role];
        const verbs: [DoctypeVerb, () => ReturnType<typeof session.request>][] = [
          ['list', () => session.request({ method: 'GET', url })],
          ['create', () => session.request({ method: 'POST', url, payload: {} })],
          ['update', () => session.request({ method: 'PUT', url: `${url}/no-such-doc`, payload: {} })],
          ['delete', () => session.request({ method: 'DELETE', url: `${url}/no-such-doc` })],
        ];
        for (const [verb, send] of verbs) {
          const res = await send();
          const allowed = callers[verb].includes(role);
          const refused = res.statusCode === 403;
          checked += 1;
          if (allowed === refused) mismatches.push(`${role} ${verb} ${doctype}: expected ${allowed ? 'allowed' : 'refused'}, got ${res.statusCode}`);
          expect(res.statusCode, `${role} ${verb} ${doctype}`).toBeLessThan(500);
        }
      }
    }
    console.log(`authorization matrix: ${checked} doctype verb × caller checks`);
    expect(mismatches).toEqual([]);
  }, 180_000);
});
