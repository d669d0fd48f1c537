import * as v from 'valibot';
import { methodContract } from './contract';
import { boundedNumber, noArgs, optionalText, requiredText } from './args';
import { customerArg } from './admin-members';

/** The back office's point adjustments (member_rewards.admin.*) and the list of reasons an adjustment may give. */

export const ADJUSTMENT_METHODS = {
  adjustPoints: 'member_rewards.admin.adjust_points',
  getAdjustmentReasons: 'member_rewards.admin.get_adjustment_reasons',
  updateAdjustmentReasons: 'member_rewards.admin.update_adjustment_reasons',
} as const;
const M = ADJUSTMENT_METHODS;

/** The adjustment reasons a new installation starts with (the list is configurable). */
export const DEFAULT_ADJUSTMENT_REASONS = ['goodwill', 'correction', 'missing_purchase', 'promotion', 'opening_balance'] as const;

export const ADJUST_LIMIT = 1_000_000;

const reasonText = requiredText('Reason is required', 60, 'Reason must be at most 60 characters');

export const AdjustPointsArgs = v.looseObject({
  customer: customerArg,
  points: v.pipe(
    boundedNumber(-ADJUST_LIMIT, ADJUST_LIMIT, `Points must be a whole number from -${ADJUST_LIMIT} to ${ADJUST_LIMIT}`),
    v.check((n) => n !== 0, 'Points must not be 0'),
  ),
  reason: reasonText,
  /** Internal: managers read it, the member never does. */
  note: optionalText(1000, 'Note must be at most 1000 characters'),
  /** What the member's points history shows instead of the generic line. */
  member_text: optionalText(200, 'Member text must be at most 200 characters'),
});

export const AdjustPointsAnswer = v.object({
  customer: v.string(),
  points: v.number(),
  /** The balance after the adjustment. */
  loyalty_points: v.number(),
  /** The Loyalty Point Entries written (a negative adjustment may spend several batches). */
  entries: v.array(v.string()),
});

export const ReasonsAnswer = v.object({ reasons: v.array(v.string()) });
export const UpdateReasonsArgs = v.looseObject({
  reasons: v.pipe(
    v.array(v.pipe(v.string('Each reason must be text'), v.trim(), v.minLength(1, 'A reason must not be empty'), v.maxLength(60, 'A reason must be at most 60 characters')), 'Reasons must be a list'),
    v.minLength(1, 'Keep at least one reason'),
    v.maxLength(50, 'At most 50 reasons'),
    v.check((list) => new Set(list).size === list.length, 'Each reason may appear once'),
  ),
});

/**
 * Needs an `Idempotency-Key` (417 `idempotency_key_required`): a retry adds nothing. The reason must be one of the
 * configured list (`unknown_reason`). A Loyalty Point Entry of type `adjust`: a positive one is a batch with the
 * programme's expiry, a negative one spends batches soonest expiry first and is refused when the balance would go below
 * zero (`negative_balance`). Audited with the balance before and after.
 */
export const ADJUST_POINTS = methodContract(M.adjustPoints, AdjustPointsArgs, AdjustPointsAnswer);

/**
 * The reasons an adjustment may give (by default `goodwill, correction, missing_purchase, promotion, opening_balance`).
 */
export const GET_ADJUSTMENT_REASONS = methodContract(M.getAdjustmentReasons, noArgs, ReasonsAnswer);

/** Replaces the reasons list: 1 to 50 distinct texts. Audited. */
export const UPDATE_ADJUSTMENT_REASONS = methodContract(M.updateAdjustmentReasons, UpdateReasonsArgs, ReasonsAnswer);
