import { describe, expect, it } from 'vitest';
import { LIFF_HOME, liffTarget } from '@/features/liff/target';

describe('where the LIFF entry lands', () => {
  it('the member card unless the LIFF URL carried a deep link', () => {
    expect(liffTarget('/liff', '')).toBe(LIFF_HOME);
    expect(liffTarget('/liff/', '')).toBe(LIFF_HOME);
    expect(LIFF_HOME).toBe('/my-id');
  });

  it('the deep link as LINE passes it (liff.state) or as LIFF\'s SDK moves to it (/liff/<path>)', () => {
    expect(liffTarget('/liff', '?liff.state=%2Freward-history')).toBe('/reward-history');
    expect(liffTarget('/liff/my-order/ACC-SINV-2026-00001', '')).toBe('/my-order/ACC-SINV-2026-00001');
  });

  it('never another site, the API, or /liff again', () => {
    for (const state of ['https://evil.example/', 'my-order', '//evil.example', '/\\evil.example', '/liff', '/liff/x', '/api/method/logout']) {
      expect(liffTarget('/liff', `?${new URLSearchParams({ 'liff.state': state })}`), state).toBe(LIFF_HOME);
    }
  });
});
