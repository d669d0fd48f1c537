import type { Executor } from '../../db/client';
import type { RequestContext } from '../../frappe/context';
import { FrappeError, validationError } from '../../frappe/errors';
import { customerOfUser, userByName } from '../account/repository';

/** The caller's Customer (ERPNext's get_party); a 417 for a caller who has none (only members hold points and orders). */
export async function requireCustomer(ctx: RequestContext) {
  const row = await customerOfUser(ctx.db, ctx.user.name);
  if (!row) throw validationError('No customer is linked to this user');
  return row;
}

export const PHONE_NOT_VERIFIED = 'Please verify your phone number before redeeming rewards or ordering';

/**
 * Spending and earning need a verified phone (the programme's proof of a real, single member): the app sends an
 * unverified member to phone verification, and the server refuses the API call all the same.
 */
export async function requireVerifiedPhone(db: Executor, user: string) {
  const row = await userByName(db, user);
  if (!row?.phone_verified) throw new FrappeError('PermissionError', PHONE_NOT_VERIFIED, { title: 'Not Permitted', code: 'phone_not_verified' });
}
