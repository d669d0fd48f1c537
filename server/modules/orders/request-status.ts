import * as v from 'valibot';
import { defineMethod } from '../../frappe/methods';
import { principalOf } from '../../frappe/idempotency';
import { requestStatus } from '../../frappe/request-status';

/**
 * Ours: what became of the member's redemption or order whose answer was lost on the way (by its Idempotency-Key):
 * done (with the answer), running, or unknown — and then it never will run, so "nothing was spent" stays true.
 * A POST: asking may record the key as abandoned.
 */
export const requestStatusMethod = defineMethod({
  path: 'member_rewards.api.request_status',
  verbs: ['POST'],
  allow: ['Member'],
  args: v.looseObject({
    key: v.pipe(v.string('Key is required'), v.minLength(1, 'Key is required'), v.maxLength(255, 'Key is too long')),
  }),
  handler: (ctx, { key }) => requestStatus(ctx.db, principalOf(ctx.request), key),
});
