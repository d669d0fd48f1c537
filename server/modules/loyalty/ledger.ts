/**
 * The points ledger, compatible with ERPNext's Loyalty Point Entry, and the one place that computes a balance and
 * a tier:
 * - a batch is a positive row with no `redeem_against` (earn, bonus, a positive adjustment) and an expiry date;
 * - every other row belongs to one batch (`redeem_against`) and carries its expiry date: spends (redeem, negative
 *   adjust, reverse) take from batches soonest expiry first; a refund gives points back to the batch they came
 *   from; an expiry takes what was left of a batch, dated the day after its last day;
 * - the balance on a day is the sum of the rows posted by then whose batch has not expired, which, once the expiry
 *   job has written a batch's expire row (the batch and its rows then add up to 0), is the plain sum of the rows:
 *   the balance is the sum of the entries, and it is already right before the job has run.
 * Every writer holds the member's customer row lock (`lockCustomerRow`) for its transaction, so two writers never
 * both see the same balance. Dates are Bangkok business days; `asOf` defaults to today and tests move it.
 *
 * Each part in its own file; the rest of the server reads the ledger through this one.
 */

export { addDays } from '../programme/rules';
export { amountSpent, balanceOf, entriesOf, heldPointsOf, heldPointsSql, liveBalanceSql, liveOn, pointsSumSql, spendableOf } from './balance';
export {
  countsTowardTier, leavingWindow, programOf, programWithRules, programWithRulesFrom, programWithVersionsSql, type ProgramWithVersions, receiptReturnsSql, refreshTier, rollingWindowStart, standingFromSums, standingOf, standingToday,
  standingSumsSql, tierBasis, tierInfo, tierOf, type Program, type Standing, type StandingSums, type TierInfo,
} from './standing';
export { batchRow, earnOnce, earnPoints, expiryOn, type BatchSource, type EarnInput, type EntryNotes, type EntryType } from './earn';
export { openBatches, type Batch } from './batches';
export { NEGATIVE_BALANCE, NOT_ENOUGH_POINTS, redeemPoints, redeemPointsLeaving, spendPoints, type RedeemInput, type SpendInput } from './spend';
export { returnPoints, reversePoints, type ReturnInput, type ReverseInput } from './order-reversals';
export { expireDue } from './expiry';
export { lockCustomer, lockCustomerRow } from './locks';
