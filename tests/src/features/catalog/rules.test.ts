import { describe, expect, it } from 'vitest';
import { isCardVisible, redeemTarget } from '@/features/catalog';
import { tierProgress } from '@/features/points';
import { couponState } from '@/features/orders';

const now = new Date('2026-06-15T10:00:00');

describe('product card rules', () => {
  it('hides a card whose tags lack the display tag, shows untagged cards and any card without a display tag', () => {
    expect(isCardVisible({ tags: ['Gift Card'], item_schedule_start: null, item_schedule_end: null }, 'Gift', now)).toBe(false);
    expect(isCardVisible({ tags: ['Gift', 'Gift Card'], item_schedule_start: null, item_schedule_end: null }, 'Gift', now)).toBe(true);
    expect(isCardVisible({ tags: [], item_schedule_start: null, item_schedule_end: null }, 'Gift', now)).toBe(true);
    expect(isCardVisible({ tags: ['Birthday'], item_schedule_start: null, item_schedule_end: null }, undefined, now)).toBe(true);
  });

  it('hides a card outside its schedule only when both dates exist; the end day counts', () => {
    const card = (start: string | null, end: string | null) => ({ tags: null, item_schedule_start: start, item_schedule_end: end });
    expect(isCardVisible(card('2026-06-16', '2026-07-01'), undefined, now)).toBe(false);
    expect(isCardVisible(card('2026-05-01', '2026-06-14'), undefined, now)).toBe(false);
    expect(isCardVisible(card('2026-05-01', '2026-06-15'), undefined, now)).toBe(true);
    expect(isCardVisible(card('2026-06-16', null), undefined, now)).toBe(true);
  });

  it("sends any group containing 'Gift' to the gift checkout, everything else to /checkout", () => {
    expect(redeemTarget({ item_group: 'Gift', item_code: 'G1' })).toEqual({ kind: 'gift', itemCode: 'G1' });
    expect(redeemTarget({ item_group: 'Gift Card', item_code: 'C1' })).toEqual({ kind: 'gift', itemCode: 'C1' });
    expect(redeemTarget({ item_group: 'Clothing', item_code: 'T1' })).toEqual({ kind: 'checkout' });
  });
});

describe('tier progress and coupon states', () => {
  it('measures the way to the next tier from points earned', () => {
    expect(tierProgress({ points_earned: 24, points_to_next_tier: 11, next_tier_name: 'Gold' })).toBe(69);
    expect(tierProgress({ points_earned: 150, points_to_next_tier: 0, next_tier_name: null })).toBe(100);
  });

  it("reads the first delivery note: Draft usable, Submitted used, anything else nothing", () => {
    expect(couponState({ delivery_notes: [{ status: 'Draft' }] })).toBe('usable');
    expect(couponState({ delivery_notes: [{ status: 'Submitted' }] })).toBe('used');
    expect(couponState({ delivery_notes: [{ status: 'Cancelled' }] })).toBe('none');
    expect(couponState({ delivery_notes: [] })).toBe('none');
  });
});
