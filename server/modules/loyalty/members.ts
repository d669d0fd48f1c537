import { eq } from 'drizzle-orm';
import type { Executor } from '../../db/client';
import { customers } from '../../db/schema/customers';
import type { RequestContext } from '../../frappe/context';
import { validationError } from '../../frappe/errors';

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
