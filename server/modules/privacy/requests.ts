import type { RequestContext } from '../../frappe/context';
import { FrappeError } from '../../frappe/errors';
import { today } from '../../../contracts/business-day';
import { REQUEST_DEADLINE_DAYS, type PrivacyRequestKind, type PrivacyRequestRow } from '../../../contracts/privacy';
import { addDays } from '../programme/rules';
import { audit } from '../audit/service';
import { insertRequest, memberByCustomer, openRequest, requestsPage, type RequestRow } from './repository';

const rowOf = (r: RequestRow, memberName: string | null): PrivacyRequestRow => ({
  id: r.id,
  customer: r.customer,
  member_name: memberName,
  kind: r.kind as PrivacyRequestKind,
  status: r.status as PrivacyRequestRow['status'],
  channel: r.channel as PrivacyRequestRow['channel'],
  requested_at: r.requested_at.toISOString(),
  due_date: r.due_date,
  completed_at: r.completed_at ? r.completed_at.toISOString() : null,
  completed_by: r.completed_by,
});

/** member_rewards.privacy.list_requests */
export async function listRequests(ctx: RequestContext, args: { kind?: PrivacyRequestKind; status?: 'open' | 'completed'; start?: number; limit?: number }) {
  const page = await requestsPage(ctx.db, args, args.start ?? 0, args.limit ?? 50);
  return { total: page.total, rows: page.rows.map((r) => rowOf(r.request, r.member_name)) };
}

/**
 * member_rewards.privacy.record_request: a request the member made to staff, with its legal deadline from today. An
 * open request of the same kind is answered as it is (the deadline runs from the first).
 */
export async function recordRequest(ctx: RequestContext, args: { customer: string; kind: PrivacyRequestKind }) {
  const member = await memberByCustomer(ctx.db, args.customer);
  if (!member) throw new FrappeError('DoesNotExistError', `Member ${args.customer.slice(0, 80)} not found`, { code: 'member_not_found', title: 'Not Found' });
  const name = member.customer.erased_at ? null : member.customer.customer_name;
  const open = await openRequest(ctx.db, member.customer.name, args.kind);
  if (open) return rowOf(open, name);
  return ctx.db.transaction(async (tx) => {
    const row = await insertRequest(tx, { customer: member.customer.name, kind: args.kind, channel: 'back_office', dueDate: addDays(today(), REQUEST_DEADLINE_DAYS[args.kind]) });
    await audit(ctx, tx, { action: 'record_request', doctype: 'Privacy Request', name: String(row.id), before: {}, after: { kind: args.kind, due_date: row.due_date }, branch: null });
    return rowOf(row, name);
  });
}
