import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { SYNC_STORAGE_KEY } from '../../../src/lib/persistence-keys';

// The card's drawing (canvas, image loading) is the part jsdom cannot do; what is under test is the order.
const paint = vi.hoisted(() => ({ fn: vi.fn<(device: unknown) => Promise<void>>() }));
vi.mock('../../../src/boot/paint-member-card', () => ({ paintMemberCard: paint.fn }));

/**
 * The boot module (src/boot/member-card.ts) starts the app's entry only once the member card's code is on screen, so
 * that offline the framework's evaluation does not come first; a card that cannot be drawn does not keep the app from
 * starting, and every other page starts it after its first paint.
 */
describe('the boot module starts the app', () => {
  const device = { device_id: 'd1', secret: 'JBSWY3DPEHPK3PXP', step: 30, digits: 8, member_no: 12 };
  const entry = () => [...document.head.querySelectorAll('script[type="module"]')].map((s) => s.getAttribute('src'));
  const frames = async () => {
    await vi.advanceTimersByTimeAsync(20);
    await vi.advanceTimersByTimeAsync(20);
  };

  beforeEach(() => {
    vi.resetModules();
    vi.useFakeTimers({ toFake: ['setTimeout', 'requestAnimationFrame', 'Date'] });
    document.head.innerHTML = '<meta name="app-entry" content="/assets/main-1.js" data-preload="/assets/framework-2.js">';
    localStorage.setItem(
      SYNC_STORAGE_KEY,
      JSON.stringify({
        buster: import.meta.env.VITE_BUILD_ID ?? 'dev',
        timestamp: Date.now(),
        clientState: { queries: [{ queryKey: ['member-code', 'device'], state: { data: device, dataUpdatedAt: Date.now() } }] },
      }),
    );
  });
  afterEach(() => {
    vi.useRealTimers();
    document.head.replaceChildren();
    localStorage.clear();
    paint.fn.mockReset();
    history.replaceState(null, '', '/');
  });

  it('on the member card, after the card is painted and not before', async () => {
    history.replaceState(null, '', '/my-id');
    let painted!: () => void;
    paint.fn.mockReturnValue(new Promise<void>((resolve) => (painted = resolve)));
    await import('../../../src/boot/member-card');
    expect(paint.fn).toHaveBeenCalledWith(device);
    await frames();
    expect(entry()).toEqual([]);
    painted();
    await frames();
    expect(entry()).toEqual(['/assets/main-1.js']);
  });

  it('on the member card whose drawing fails, or never ends, all the same', async () => {
    history.replaceState(null, '', '/my-id');
    paint.fn.mockRejectedValue(new Error('no canvas'));
    await import('../../../src/boot/member-card');
    await frames();
    expect(entry()).toEqual(['/assets/main-1.js']);

    vi.resetModules();
    document.head.innerHTML = '<meta name="app-entry" content="/assets/main-2.js" data-preload="">';
    paint.fn.mockReturnValue(new Promise<void>(() => undefined));
    await import('../../../src/boot/member-card');
    await frames();
    expect(entry()).toEqual([]);
    await vi.advanceTimersByTimeAsync(1000);
    await frames();
    expect(entry()).toEqual(['/assets/main-2.js']);
  });

  it('on any other page, after the first paint, drawing nothing', async () => {
    history.replaceState(null, '', '/rewards');
    await import('../../../src/boot/member-card');
    await frames();
    expect(paint.fn).not.toHaveBeenCalled();
    expect(entry()).toEqual(['/assets/main-1.js']);
  });
});
