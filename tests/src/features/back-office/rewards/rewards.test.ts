import { describe, expect, it } from 'vitest';
import { translate } from '@/lib/i18n';
import '@/lib/i18n/catalog/all';
import { BACK_OFFICE_CODES } from '@/features/back-office/kit/feedback';
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

describe('the back office speaks the manager’s language for every refusal it explains', () => {
  it.each(Object.entries(BACK_OFFICE_CODES))('%s has Thai and English text', (_code, key) => {
    expect(translate('th', key)).not.toBe(key);
    expect(translate('en', key)).not.toBe(key);
    expect(translate('th', key)).not.toBe(translate('en', key));
  });
});
