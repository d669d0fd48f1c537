import { readWithSession, type RequestContext } from '../../frappe/context';
import { FrappeError, validationError } from '../../frappe/errors';
import { customerOfUser, customerWithPhoneOf, orderingMemberRead } from '../account/repository';
import { today } from '../../../contracts/business-day';
import { programWithRules, programWithRulesFrom } from './standing';

/** The caller's Customer (ERPNext's get_party); a 417 for a caller who has none (only members hold points and orders). */
export async function requireCustomer(ctx: RequestContext) {
  const row = await customerOfUser(ctx.db, ctx.user.name);
  if (!row) throw validationError('No customer is linked to this user');
  return row;
}

export const PHONE_NOT_VERIFIED = 'Please verify your phone number before redeeming rewards or ordering';

/**
 * The caller's Customer for an order, with their programme and its rules on today's date (`day`): spending and
 * earning need a verified
 * phone (the programme's proof of a real, single member). The app sends an unverified member to phone verification,
 * and the server refuses the API call all the same.
 */
export async function requireOrderingMember(ctx: RequestContext) {
  // Read with the session when the method asked for it (orderingMemberRead), else on its own.
  const withSession = readWithSession(ctx, orderingMemberRead);
  const row = withSession !== undefined ? withSession : await customerWithPhoneOf(ctx.db, ctx.user.name);
  if (!row) throw validationError('No customer is linked to this user');
  if (!row.phone_verified) throw new FrappeError('PermissionError', PHONE_NOT_VERIFIED, { title: 'Not Permitted', code: 'phone_not_verified' });
  // The programme and its rules were read with the session too, else they are read here.
  const day = today();
  const programme = withSession ? await programWithRulesFrom(ctx.db, withSession.program, day) : await programWithRules(ctx.db, row.customer.loyalty_program, day);
  return { customer: row.customer, day, ...programme };
}
