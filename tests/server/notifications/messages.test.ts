import { describe, expect, it } from 'vitest';
import { renderEvent } from '../../../server/modules/notifications/messages';

// What a member reads on their lock screen and in LINE: "1 point", never "1 points".
describe('notification texts agree with their numbers', () => {
  it('one point, one day', () => {
    const received = renderEvent('points_received', { points: 1, balance: 1, source: 'staff_award', branch: 'สาขาสยาม' } as never);
    expect(received.title.en).toBe('You received 1 point');
    expect(received.body.en).toBe('For your purchase at สาขาสยาม · Balance 1 point');
    expect(received.title.th).toBe('ได้รับ 1 คะแนน');
    const expiring = renderEvent('points_expiring', { points: 1, days: 1, expiry_date: '2026-12-31' } as never);
    expect(expiring.title.en).toBe('1 point expires in 1 day');
    const deducted = renderEvent('points_adjusted', { points: -1, balance: 1200, reason: '' } as never);
    expect(deducted.title.en).toBe('1 point deducted');
    expect(deducted.body.en).toBe('Balance 1,200 points');
  });

  it('any other number takes the plural', () => {
    expect(renderEvent('points_received', { points: 2, balance: 0, source: 'order', order: 'SO-1' } as never).title.en).toBe('You received 2 points');
    expect(renderEvent('points_expiring', { points: 40, days: 28, expiry_date: '2026-12-31' } as never).title.en).toBe('40 points expire in 28 days');
  });
});
