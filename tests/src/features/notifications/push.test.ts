import { afterEach, describe, expect, it, vi } from 'vitest';
import { applyChange, registerSubscription } from '@/entities/notifications';
import { enablePush, pushSupport } from '@/features/notifications/push';
import { FrappeClientError, DEFAULT_MESSAGES } from '@/lib/frappe';
import type { NotificationSettings } from '../../../../contracts/notifications';

vi.mock('@/entities/notifications', async (importOriginal) => ({
  ...(await importOriginal<typeof import('@/entities/notifications')>()),
  vapidPublicKey: vi.fn(async () => SERVER_KEY),
  registerSubscription: vi.fn(),
}));

const b64 = (bytes: number[]) => btoa(String.fromCharCode(...bytes)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
const SERVER_KEY_BYTES = Array.from({ length: 65 }, (_, i) => i);
const SERVER_KEY = b64(SERVER_KEY_BYTES);

/** A browser's push subscription: its endpoint and keys, made for the server's key. */
function browserSubscription(endpoint: string) {
  const sub = {
    endpoint,
    options: { applicationServerKey: new Uint8Array(SERVER_KEY_BYTES).buffer },
    toJSON: () => ({ endpoint, expirationTime: null, keys: { p256dh: b64(Array.from({ length: 65 }, () => 4)), auth: b64(Array.from({ length: 16 }, () => 7)) } }),
    unsubscribe: vi.fn(async () => true),
  };
  return sub;
}

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

describe('turning notifications on', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('an endpoint the server says another account holds is replaced by a new subscription, which is registered', async () => {
    const squatted = browserSubscription('https://push.example/held-by-someone-else');
    const fresh = browserSubscription('https://push.example/new');
    const reg = { pushManager: { getSubscription: vi.fn(async () => squatted), subscribe: vi.fn(async () => fresh) } };
    vi.stubGlobal('Notification', { requestPermission: async () => 'granted', permission: 'granted' });
    Object.defineProperty(navigator, 'serviceWorker', { value: { ready: Promise.resolve(reg), getRegistration: async () => reg }, configurable: true });
    const refused = new FrappeClientError({
      httpStatus: 409, httpStatusText: '', defaultMessage: DEFAULT_MESSAGES.call,
      body: { exc_type: 'DuplicateEntryError', error_code: 'push_endpoint_in_use' },
    });
    const register = vi.mocked(registerSubscription);
    register.mockReset().mockRejectedValueOnce(refused).mockResolvedValueOnce({ subscribed: true, devices: 1 });

    expect(await enablePush('th')).toBe('enabled');
    expect(squatted.unsubscribe).toHaveBeenCalled();
    expect(register.mock.calls.map(([sub]) => sub.endpoint)).toEqual([squatted.endpoint, fresh.endpoint]);
  });

  it('any other refusal is not worked around: the subscription stays and the refusal reaches the screen', async () => {
    const sub = browserSubscription('https://push.example/mine');
    const reg = { pushManager: { getSubscription: vi.fn(async () => sub), subscribe: vi.fn() } };
    vi.stubGlobal('Notification', { requestPermission: async () => 'granted', permission: 'granted' });
    Object.defineProperty(navigator, 'serviceWorker', { value: { ready: Promise.resolve(reg), getRegistration: async () => reg }, configurable: true });
    const refused = new FrappeClientError({
      httpStatus: 417, httpStatusText: '', defaultMessage: DEFAULT_MESSAGES.call,
      body: { exc_type: 'ValidationError', error_code: 'push_endpoint_not_allowed' },
    });
    vi.mocked(registerSubscription).mockReset().mockRejectedValueOnce(refused);
    await expect(enablePush('th')).rejects.toBe(refused);
    expect(sub.unsubscribe).not.toHaveBeenCalled();
    expect(reg.pushManager.subscribe).not.toHaveBeenCalled();
  });
});
