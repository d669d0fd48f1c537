// Helpers of the offline specs and bench/offline-start.mjs: dev LINE sign-in, API checks, QR/barcode decoding.
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { BrowserContext, Locator, Page } from '@playwright/test';
import jsQR from 'jsqr';
import { prepareZXingModule, readBarcodes } from 'zxing-wasm/reader';

const require = createRequire(import.meta.url);

let zxingReady: Promise<unknown> | undefined;
/** zxing-wasm with its .wasm read from node_modules (never fetched from a CDN). */
function zxing() {
  zxingReady ??= prepareZXingModule({
    overrides: { wasmBinary: readFileSync(require.resolve('zxing-wasm/reader/zxing_reader.wasm')).buffer as ArrayBuffer },
    fireImmediately: true,
  });
  return zxingReady;
}

/** Decodes a PNG (e.g. an element screenshot) with zxing-wasm; returns every text found. */
export async function decodePng(png: Buffer, formats: Array<'QRCode' | 'Code128'>): Promise<string[]> {
  await zxing();
  const results = await readBarcodes(new Uint8Array(png), { formats, tryHarder: true, maxNumberOfSymbols: 4 });
  return results.filter((r) => r.isValid).map((r) => r.text);
}

/** Reads the pixels of the QR canvas inside `qr` and decodes them with jsQR. */
export async function decodeCanvasWithJsQr(qr: Locator): Promise<string | null> {
  const pixels = await qr.locator('canvas').evaluate((canvas: HTMLCanvasElement) => {
    const ctx = canvas.getContext('2d');
    if (!ctx) return null;
    const img = ctx.getImageData(0, 0, canvas.width, canvas.height);
    return { data: Array.from(img.data), width: img.width, height: img.height };
  });
  if (!pixels) return null;
  return jsQR(Uint8ClampedArray.from(pixels.data), pixels.width, pixels.height)?.data ?? null;
}

/**
 * The ink of the QR canvas inside `qr`: the most frequent colour of its dark pixels (a module's inside outnumbers its
 * anti-aliased edge), as #rrggbb, and how many of its pixels are near black.
 */
export async function qrInk(qr: Locator): Promise<{ ink: string; black: number }> {
  return qr.locator('canvas').evaluate((canvas: HTMLCanvasElement) => {
    const { data } = canvas.getContext('2d')!.getImageData(0, 0, canvas.width, canvas.height);
    const counts = new Map<string, number>();
    let black = 0;
    for (let i = 0; i < data.length; i += 4) {
      const [r, g, b] = [data[i]!, data[i + 1]!, data[i + 2]!];
      if (r < 60 && g < 60 && b < 60) black += 1;
      if ((r + g + b) / 3 >= 160) continue;
      const hex = `#${[r, g, b].map((c) => c.toString(16).padStart(2, '0')).join('')}`;
      counts.set(hex, (counts.get(hex) ?? 0) + 1);
    }
    const ink = [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? '';
    return { ink, black };
  });
}

/** The brand's colour as the app announces it to the phone (<meta name="theme-color">). */
export const themeColor = (page: Page) => page.locator('meta[name="theme-color"]').getAttribute('content');

export { signInDemoMember } from './member';

/** Calls a method with the context's cookies (GET), as the member's browser would. */
export async function apiGet<T>(context: BrowserContext, method: string, args: Record<string, unknown> = {}): Promise<T> {
  const qs = new URLSearchParams(Object.entries(args).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]));
  const res = await context.request.get(`/api/method/${method}${qs.size ? `?${qs}` : ''}`);
  if (!res.ok()) throw new Error(`${method}: ${res.status()} ${await res.text()}`);
  return ((await res.json()) as { message: T }).message;
}

/** Source of jsQR for an init script: `window.__qrDecoded = {at, data}` once the member QR decodes. */
export function qrWatchScript(): string {
  const lib = readFileSync(require.resolve('jsqr/dist/jsQR.js'), 'utf8');
  return `${lib}
;(() => {
  const tick = () => {
    const canvas = document.querySelector('[data-testid="member-qr"] canvas');
    if (canvas && canvas.width > 0) {
      try {
        const img = canvas.getContext('2d').getImageData(0, 0, canvas.width, canvas.height);
        const found = window.jsQR(img.data, img.width, img.height);
        if (found && found.data) {
          window.__qrDecoded = { at: performance.now(), data: found.data };
          return;
        }
      } catch (e) {}
    }
    requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
})();`;
}
