import { afterEach, describe, expect, it, vi } from 'vitest';
import { startAppAfterPaint } from '../../../src/boot/start-app';

/** A pre-rendered guest page starts the app's entry only after its first paint (src/boot/start-app.ts). */
describe('starting the app after the first paint', () => {
  afterEach(() => {
    document.head.replaceChildren();
    vi.restoreAllMocks();
  });

  const meta = () => {
    document.head.innerHTML = '<meta name="app-entry" content="/assets/main-1.js" data-preload="/assets/framework-2.js /assets/session-3.js">';
  };
  const started = () => ({
    preloads: [...document.head.querySelectorAll('link[rel="modulepreload"]')].map((l) => l.getAttribute('href')),
    entry: [...document.head.querySelectorAll('script[type="module"]')].map((s) => s.getAttribute('src')),
  });

  it('adds the preloads and the entry once the frame after the paint has come, and only once', async () => {
    meta();
    let frame: FrameRequestCallback | undefined;
    vi.spyOn(window, 'requestAnimationFrame').mockImplementation((cb) => ((frame = cb), 1));
    startAppAfterPaint();
    startAppAfterPaint();
    expect(started()).toEqual({ preloads: [], entry: [] });
    frame!(0);
    await new Promise((r) => setTimeout(r, 0));
    expect(started()).toEqual({ preloads: ['/assets/framework-2.js', '/assets/session-3.js'], entry: ['/assets/main-1.js'] });
    const script = document.head.querySelector('script')!;
    // Module scripts and their preloads match only in the same CORS mode.
    expect(script.getAttribute('crossorigin')).toBe('anonymous');
    expect(document.head.querySelector('link')!.getAttribute('crossorigin')).toBe('anonymous');
    expect(document.querySelector('meta[name="app-entry"]')).toBeNull();
  });

  it('starts at once on a hidden page (no paint to wait for), and does nothing on a page without the entry meta', () => {
    vi.spyOn(document, 'visibilityState', 'get').mockReturnValue('hidden');
    startAppAfterPaint();
    expect(started()).toEqual({ preloads: [], entry: [] });
    meta();
    startAppAfterPaint();
    expect(started().entry).toEqual(['/assets/main-1.js']);
  });
});
