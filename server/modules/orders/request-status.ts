import { REQUEST_STATUS } from '../../../contracts/orders';
import { defineMethod } from '../../frappe/methods';
import { principalOf } from '../../frappe/idempotency';
import { requestStatus } from '../../frappe/request-status';

/**
 * Ours: what became of the member's redemption or order whose answer was lost on the way (by its Idempotency-Key):
 * done (with the answer), running, or unknown — and then it never will run, so "nothing was spent" stays true.
 * A POST: asking may record the key as abandoned.
 */
export const requestStatusMethod = defineMethod({
  ...REQUEST_STATUS,
  verbs: ['POST'],
  allow: ['Member'],
  handler: (ctx, { key }) => requestStatus(ctx.db, principalOf(ctx.request), key),
});
