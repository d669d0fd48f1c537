import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyChange } from '@/entities/notifications';
import { pushSupport } from '@/features/notifications/push';
import type { NotificationSettings } from '../../../../contracts/notifications';

const on = { webpush: true, line: true };
const settings: NotificationSettings = {
  topics: { points: on, rewards: on, orders: on, expiry: on, campaigns: on },
  quiet_hours: true,
  language: 'th',
  channels: { webpush: { available: true, devices: 0 }, line: { available: true } },
};

describe('notification settings on the device', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('a switch moves at once: only the changed channel of the changed topic', () => {
    const next = applyChange(settings, { topics: { campaigns: { line: false } }, quiet_hours: false });
    expect(next.topics.campaigns).toEqual({ webpush: true, line: false });
    expect(next.topics.points).toEqual(on);
    expect(next.quiet_hours).toBe(false);
    expect(settings.topics.campaigns).toEqual(on); // the cached answer itself is not changed
  });

  it('on an iPhone outside the Home Screen app, explains instead of offering (iOS shows no notification there)', () => {
    const ua = (value: string) => vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(value);
    ua('Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 Version/17.4 Mobile/15E148 Safari/604.1');
    expect(pushSupport()).toBe('ios-install');
    // jsdom has no service worker nor PushManager: like a browser without Web Push.
    ua('Mozilla/5.0 (Linux; Android 14) Chrome/124 Mobile Safari/537.36');
    expect(pushSupport()).toBe('unsupported');
    vi.stubGlobal('PushManager', class {});
    vi.stubGlobal('Notification', class {});
    Object.defineProperty(navigator, 'serviceWorker', { value: {}, configurable: true });
    expect(pushSupport()).toBe('supported');
  });
});
