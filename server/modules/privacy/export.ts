import type { RequestContext } from '../../frappe/context';
import { FrappeError, validationError } from '../../frappe/errors';
import { hitLimit } from '../../frappe/rate-limit';
import { today } from '../../../contracts/business-day';
import { EXPORTS_PER_DAY, REQUEST_DEADLINE_DAYS, type MyData } from '../../../contracts/privacy';
import { addDays } from '../programme/rules';
import { audit } from '../audit/service';
import { balanceOf, standingOf } from '../loyalty/ledger';
import { memberData } from './export-repository';
import { completeOpenRequests, consentHistory, insertRequest, memberByCustomer, openRequest, requestsOf } from './repository';
import { logAccess } from './access-log';
import { customerOfUser } from '../account/repository';

const iso = (value: Date | string | null | undefined) => (value == null ? null : value instanceof Date ? value.toISOString() : String(value));

/**
 * Who else a row names (the staff member who awarded points, the manager who cancelled an order, the document's
 * owner): other people's data, never in a member's copy.
 */
const OTHER_PEOPLE = ['staff_user', 'owner', 'cancelled_by', 'submitted_by', 'created_by', 'blocked_by'];
const own = (row: Record<string, unknown>) => {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) if (!OTHER_PEOPLE.includes(key)) out[key] = value instanceof Date ? value.toISOString() : value;
  return out;
};

/** The document of MyDataSchema for one member. */
export async function buildMyData(ctx: RequestContext, customer: string): Promise<MyData> {
  const member = await memberByCustomer(ctx.db, customer);
  if (!member) throw new FrappeError('DoesNotExistError', 'Member not found', { title: 'Not Found', code: 'member_not_found' });
  const { customer: c, user: u } = member;
  const asOf = today();
  const [data, consents, requests, balance, standing] = await Promise.all([
    memberData(ctx.db, c.name, u.name),
    consentHistory(ctx.db, c.name),
    requestsOf(ctx.db, c.name),
    balanceOf(ctx.db, c.name, asOf),
    standingOf(ctx.db, c.name, asOf),
  ]);
  return {
    format: 'member-rewards.my-data.v1',
    generated_at: new Date().toISOString(),
    profile: {
      customer: c.name,
      customer_name: c.customer_name,
      full_name: u.full_name,
      first_name: u.first_name,
      last_name: u.last_name,
      email: u.email,
      mobile_no: u.mobile_no,
      phone_verified: u.phone_verified,
      id_card_number: u.id_card_number,
      birth_date: u.birth_date,
      user_image: u.user_image,
      language: u.language,
      line_user_id: u.line_sub,
      member_since: String(c.creation),
      loyalty_program: c.loyalty_program,
      tier: standing.tier?.name ?? null,
      loyalty_points: balance,
    },
    addresses: data.addressRows.map(own),
    consents: consents.map((r) => ({ purpose: r.purpose, granted: r.granted, version: r.version, source: r.source, at: r.created_at.toISOString() })),
    points: data.ledger.map(own),
    orders: data.invoices.map((inv) => ({
      ...own(inv),
      items: data.items.filter((i) => i.parent === inv.name).map(own),
      delivery_notes: data.notes.filter((n) => n.sales_invoice === inv.name).map(own),
    })),
    refunds: data.refunds.map(own),
    notification_settings: data.settings ? own(data.settings) : null,
    push_devices: data.push.map((p) => ({ created_at: p.created_at.toISOString(), user_agent: p.user_agent, last_sent_at: iso(p.last_sent_at) })),
    member_code_devices: data.devices.map((d) => ({ member_no: d.member_no, created_at: d.created_at.toISOString(), revoked_at: iso(d.revoked_at) })),
    notifications: data.events.map((e) => ({ kind: e.kind, payload: e.payload, created_at: e.created_at.toISOString() })),
    sessions: data.sessionRows.map((s) => ({ device: s.device, created_at: s.created_at.toISOString(), expires_at: s.expires_at.toISOString() })),
    privacy_requests: requests.map((r) => ({ kind: r.kind, status: r.status, requested_at: r.requested_at.toISOString(), due_date: r.due_date, completed_at: iso(r.completed_at) })),
  };
}

const sendCopy = (ctx: RequestContext, customer: string, doc: MyData) =>
  ctx.reply
    .header('content-type', 'application/json; charset=utf-8')
    .header('content-disposition', `attachment; filename="member-data-${customer}.json"`)
    .header('cache-control', 'no-store')
    .send(JSON.stringify(doc, null, 2));

/** member_rewards.privacy.export_member_data: a manager's copy for the member, completing their access requests. */
export async function exportMemberData(ctx: RequestContext, customer: string) {
  const member = await memberByCustomer(ctx.db, customer);
  if (!member) throw new FrappeError('DoesNotExistError', `Member ${customer.slice(0, 80)} not found`, { title: 'Not Found', code: 'member_not_found' });
  if (member.customer.erased_at) throw validationError("This member's personal data has been erased", 'member_erased');
  const doc = await buildMyData(ctx, member.customer.name);
  await ctx.db.transaction(async (tx) => {
    if (!(await openRequest(tx, member.customer.name, 'access'))) {
      await insertRequest(tx, { customer: member.customer.name, kind: 'access', channel: 'back_office', dueDate: addDays(today(), REQUEST_DEADLINE_DAYS.access) });
    }
    await completeOpenRequests(tx, member.customer.name, 'access', ctx.user.name);
    await audit(ctx, tx, { action: 'export', doctype: 'Personal Data', name: member.customer.name, before: {}, after: { kind: 'access' }, branch: null });
    await logAccess(ctx, tx, [member.customer.name], 'export');
  });
  return sendCopy(ctx, member.customer.name, doc);
}

/**
 * member_rewards.privacy.export_my_data: the caller's copy as a download. Rate-limited per member; audited and
 * recorded as an access request completed at once, in one transaction.
 */
export async function exportMyData(ctx: RequestContext) {
  const customer = await customerOfUser(ctx.db, ctx.user.name);
  if (!customer) throw new FrappeError('DoesNotExistError', 'This account has no member record', { code: 'member_not_found', title: 'Not Found' });
  await hitLimit(ctx.db, `privacy:export:${customer.name}`, EXPORTS_PER_DAY, 24 * 60 * 60, `You can download your data at most ${EXPORTS_PER_DAY} times a day.`, 'export_rate_limited');
  const doc = await buildMyData(ctx, customer.name);
  await ctx.db.transaction(async (tx) => {
    await insertRequest(tx, { customer: customer.name, kind: 'access', channel: 'app', dueDate: addDays(today(), REQUEST_DEADLINE_DAYS.access), completedBy: ctx.user.name });
    await audit(ctx, tx, { action: 'export', doctype: 'Personal Data', name: customer.name, before: {}, after: { kind: 'access' }, branch: null });
  });
  return sendCopy(ctx, customer.name, doc);
}
