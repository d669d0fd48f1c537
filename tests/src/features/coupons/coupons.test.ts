import { afterEach, describe, expect, it, vi } from 'vitest';
import * as v from 'valibot';
import { couponsFrom, isUsable, usableCount } from '@/features/coupons/api';
import { OrderSchema } from '../../../../contracts/orders';

const order = (name: string, status: string, extra: Record<string, unknown> = {}) =>
  v.parse(OrderSchema, {
  name,
  order_type: 'redemption',
  posting_date: '2026-01-01',
  due_date: '2026-12-31',
  loyalty_points: 10,
  items: [{ item_code: 'GIFT-TOTE', item_name: 'กระเป๋าผ้า', image: '/images/items/tote.svg', qty: 1 }],
  delivery_notes: [{ name: `DN-${name}`, status }],
  ...extra,
  });

describe('coupons from reward orders', () => {
  it('Draft = usable, Submitted = used, past due = expired; purchases are not coupons', () => {
    const coupons = couponsFrom(
      [
        order('SINV-1', 'Draft'),
        order('SINV-2', 'Submitted'),
        order('SINV-3', 'Draft', { due_date: '2026-01-10' }),
        order('SINV-4', 'Cancelled'),
        order('SINV-5', 'Draft', { order_type: 'purchase' }),
        order('SINV-6', 'Draft', { delivery_notes: [] }),
      ],
      '2026-06-01',
    );
    expect(coupons.map((c) => [c.code, c.used, c.expired, isUsable(c)])).toEqual([
      ['SINV-1', false, false, true],
      ['SINV-2', true, false, false],
      ['SINV-3', false, true, false],
      ['SINV-4', false, true, false],
    ]);
    expect(coupons[0]).toMatchObject({ title: 'กระเป๋าผ้า', itemCode: 'GIFT-TOTE', points: 10, expiry: '2026-12-31' });
  });

  it('counts the usable codes for the member card', () => {
    expect(usableCount([order('A', 'Draft', { due_date: '2999-01-01' }), order('B', 'Submitted'), order('C', 'Draft', { due_date: '2999-01-01' })])).toBe(2);
    expect(usableCount([])).toBe(0);
  });

  describe('expire with the business day in Bangkok, as the server does', () => {
    afterEach(() => vi.useRealTimers());

    it('a coupon whose last day has ended in Thailand is expired, although that day is still today in UTC', () => {
      // 03:00 on 11 March in Bangkok is 20:00 on 10 March in UTC: the server already refuses a coupon due on the 10th.
      vi.useFakeTimers({ now: new Date('2026-03-10T20:00:00Z'), toFake: ['Date'] });
      const [coupon] = couponsFrom([order('SINV-7', 'Draft', { due_date: '2026-03-10' })]);
      expect(coupon).toMatchObject({ expired: true });
      expect(usableCount([order('SINV-7', 'Draft', { due_date: '2026-03-10' })])).toBe(0);
    });

    it('is usable until midnight in Thailand on its last day', () => {
      vi.useFakeTimers({ now: new Date('2026-03-10T16:59:00Z'), toFake: ['Date'] }); // 23:59 on 10 March in Bangkok
      expect(usableCount([order('SINV-8', 'Draft', { due_date: '2026-03-10' })])).toBe(1);
    });
  });
});
