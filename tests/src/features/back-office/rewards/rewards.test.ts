import { afterAll, describe, expect, it } from 'vitest';
import { FrappeClientError } from '@/lib/frappe';
import { translate, useLangStore } from '@/lib/i18n';
import '@/lib/i18n/catalog/all';
import { adminErrorText } from '@/features/back-office/kit/feedback';
import { rewardFilters } from '@/features/back-office/rewards/rewards-list';
import { bodyOf, checkReward, EMPTY_REWARD } from '@/features/back-office/rewards/reward-form';

describe('the reward editor', () => {
  it('sends an uncounted stock as in or out, and a counted one as units (in_stock then follows the count)', () => {
    expect(bodyOf({ ...EMPTY_REWARD, count_stock: false, in_stock: false })).toMatchObject({ stock_qty: null, in_stock: false });
    const counted = bodyOf({ ...EMPTY_REWARD, count_stock: true, stock_qty: 3 });
    expect(counted.stock_qty).toBe(3);
    expect(counted).not.toHaveProperty('in_stock');
  });

  it('clears unset numbers to null (no limit, no points price) instead of sending 0', () => {
    expect(bodyOf({ ...EMPTY_REWARD, per_member_limit: '', loyalty_points_based_price: '' })).toMatchObject({ per_member_limit: null, loyalty_points_based_price: null });
  });

  it('asks for a code only when creating, and refuses a schedule that ends before it starts', () => {
    expect(checkReward({ ...EMPTY_REWARD, item_name: 'Mug' }, true)).toEqual({ item_code: true });
    expect(checkReward({ ...EMPTY_REWARD, item_name: 'Mug' }, false)).toEqual({});
    expect(checkReward({ ...EMPTY_REWARD, item_code: 'MUG-1', item_name: 'Mug', item_schedule_start: '2026-02-01', item_schedule_end: '2026-01-01' }, true)).toEqual({ schedule: true });
  });

  it('turns the list filters into the Frappe filters the count and the page share', () => {
    expect(rewardFilters(' mug ', '', 'unpublished', 'out')).toEqual([['item_name', 'like', '%mug%'], ['published', '=', 0], ['in_stock', '=', 0]]);
    expect(rewardFilters('', 'Rewards', 'all', 'all')).toEqual([['item_group', '=', 'Rewards']]);
  });
});

const refusal = (httpStatus: number, code?: string) =>
  new FrappeClientError({ httpStatus, httpStatusText: '', body: { exc_type: 'ValidationError', ...(code ? { error_code: code } : {}) }, defaultMessage: 'There was an error.' });

// The refusals the back office's screens explain (rewards, members, imports, staff, branches, orders, uploads).
const BACK_OFFICE_CODES = [
  'item_in_use', 'item_code_fixed', 'unknown_tier', 'invalid_schedule', 'member_not_found', 'negative_balance', 'unknown_reason',
  'import_bad_header', 'import_has_errors', 'staff_not_found', 'cannot_change_self', 'role_not_allowed', 'not_your_branch',
  'mail_unavailable', 'email_in_use', 'file_too_large', 'file_type_not_allowed', 'order_not_found', 'order_cancelled',
  'reward_used', 'not_cancellable', 'order_paid', 'order_not_paid', 'refund_too_large',
];

describe('the back office speaks the manager’s language for every refusal it explains', () => {
  afterAll(() => useLangStore.getState().setLang('th'));

  it.each(BACK_OFFICE_CODES)('%s has its own Thai and English sentence', (code) => {
    useLangStore.getState().setLang('th');
    const th = adminErrorText(refusal(417, code));
    useLangStore.getState().setLang('en');
    const en = adminErrorText(refusal(417, code));
    expect(th).not.toBe(translate('th', 'errors.generic'));
    expect(en).not.toBe(translate('en', 'errors.generic'));
    expect(th).not.toBe(en);
  });

  it('says the sentence for the code, and what a bare 403 or 409 means', () => {
    useLangStore.getState().setLang('en');
    expect(adminErrorText(refusal(417, 'negative_balance'))).toBe('Not adjusted: the member’s balance would go below zero.');
    expect(adminErrorText(refusal(409, 'email_in_use'))).toBe('An account with this email already exists.');
    expect(adminErrorText(refusal(403))).toBe('Your role cannot do this');
    expect(adminErrorText(refusal(409))).toBe('One with this name already exists');
  });
});
