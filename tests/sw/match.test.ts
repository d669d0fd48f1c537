import { describe, expect, it } from 'vitest';
import { isCacheableImage, isDeniedNavigation } from '../../sw/match';
import { isSkipWaiting } from '../../sw/messages';

const origin = 'https://rewards.example';
const url = (path: string, base = origin) => new URL(path, base);

describe('service worker rules', () => {
  it('never answers API, file or socket navigations with the app shell', () => {
    for (const path of ['/api/method/ping', '/files/a.png', '/private/files/x.pdf', '/socket.io/?EIO=4']) {
      expect(isDeniedNavigation(path), path).toBe(true);
    }
    for (const path of ['/', '/my-id', '/products/ITEM-1', '/reward-history']) {
      expect(isDeniedNavigation(path), path).toBe(false);
    }
  });

  it('caches same-origin public images only', () => {
    expect(isCacheableImage(url('/files/reward.jpg'), origin, 'image')).toBe(true);
    expect(isCacheableImage(url('/images/items/cap.svg'), origin, '')).toBe(true);
    expect(isCacheableImage(url('/private/files/id.jpg'), origin, 'image')).toBe(false);
    expect(isCacheableImage(url('/api/method/x'), origin, 'image')).toBe(false);
    expect(isCacheableImage(url('/files/a.jpg', 'https://cdn.example'), origin, 'image')).toBe(false);
    expect(isCacheableImage(url('/files/report.pdf'), origin, '')).toBe(false);
  });

  it('recognises the SKIP_WAITING message only', () => {
    expect(isSkipWaiting({ type: 'SKIP_WAITING' })).toBe(true);
    expect(isSkipWaiting({ type: 'OTHER' })).toBe(false);
    expect(isSkipWaiting('SKIP_WAITING')).toBe(false);
    expect(isSkipWaiting(null)).toBe(false);
  });
});
