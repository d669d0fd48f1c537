import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { customers } from '../../db/schema/customers';
import type { RequestContext } from '../../frappe/context';
import { FrappeError, validationError } from '../../frappe/errors';
import { users } from '../../db/schema/auth';

/** The Customer of the signed-in user (ERPNext's get_party), or null for users without one (staff, admin). */
export async function customerOfUser(db: Executor, user: string) {
  const [row] = await db.select().from(customers).where(eq(customers.user, user)).limit(1);
  return row ?? null;
}

/** The caller's Customer; a 417 for a caller who has none (only members hold points and orders). */
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
  const [row] = await db.select({ verified: users.phone_verified }).from(users).where(eq(users.name, user)).limit(1);
  if (!row?.verified) throw new FrappeError('PermissionError', PHONE_NOT_VERIFIED, { title: 'Not Permitted', code: 'phone_not_verified' });
}
