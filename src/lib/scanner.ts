/**
 * Camera scanning of QR codes and CODE128 barcodes: the browser's BarcodeDetector where it has one (Android,
 * macOS, ChromeOS), otherwise zxing-wasm. The zxing module and its .wasm are loaded only when the staff screen
 * opens the camera without a native detector, and the .wasm is a Vite asset served from our own origin.
 */

export type ScanEngine = 'native' | 'zxing';

export interface RunningScanner {
  engine: ScanEngine;
  stop(): void;
}

interface NativeDetector {
  detect(source: CanvasImageSource): Promise<{ rawValue: string; format: string }[]>;
}
interface NativeDetectorClass {
  new (opts: { formats: string[] }): NativeDetector;
  getSupportedFormats(): Promise<string[]>;
}

async function nativeDetector(): Promise<NativeDetector | null> {
  const Ctor = (globalThis as { BarcodeDetector?: NativeDetectorClass }).BarcodeDetector;
  if (!Ctor) return null;
  try {
    const formats = await Ctor.getSupportedFormats();
    if (!formats.includes('qr_code') || !formats.includes('code_128')) return null;
    return new Ctor({ formats: ['qr_code', 'code_128'] });
  } catch {
    return null;
  }
}

type Decode = (frame: ImageData) => Promise<string | null>;

let zxingDecoder: Promise<Decode> | undefined;
/** zxing-wasm's reader, its .wasm fetched from our origin (never a CDN). */
function zxingDecode(): Promise<Decode> {
  zxingDecoder ??= (async () => {
    const [{ prepareZXingModule, readBarcodes }, { default: wasmUrl }] = await Promise.all([
      import('zxing-wasm/reader'),
      import('zxing-wasm/reader/zxing_reader.wasm?url'),
    ]);
    prepareZXingModule({
      overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? new URL(wasmUrl, location.href).href : prefix + path) },
    });
    return async (frame: ImageData) => {
      const results = await readBarcodes(frame, { formats: ['QRCode', 'Code128'], tryHarder: true, maxNumberOfSymbols: 1 });
      const hit = results.find((r) => r.isValid && r.text);
      return hit ? hit.text : null;
    };
  })();
  return zxingDecoder;
}

/**
 * Opens the back camera in `video` and calls `onCode` with each decoded text (the same text at most once every
 * 3 s). Throws when there is no camera or permission is refused.
 */
export async function startScanner(video: HTMLVideoElement, onCode: (text: string) => void): Promise<RunningScanner> {
  if (!navigator.mediaDevices?.getUserMedia) throw new Error('camera-unavailable');
  const stream = await navigator.mediaDevices.getUserMedia({
    video: { facingMode: { ideal: 'environment' }, width: { ideal: 1280 }, height: { ideal: 720 } },
    audio: false,
  });
  let stopped = false;
  const stop = () => {
    stopped = true;
    for (const track of stream.getTracks()) track.stop();
    video.srcObject = null;
  };
  try {
    video.srcObject = stream;
    video.muted = true;
    video.setAttribute('playsinline', '');
    await video.play();
  } catch (e) {
    stop();
    throw e;
  }

  const native = await nativeDetector();
  const engine: ScanEngine = native ? 'native' : 'zxing';
  let decodeFrame: () => Promise<string | null>;
  if (native) {
    decodeFrame = async () => {
      const found = await native.detect(video);
      return found[0]?.rawValue ?? null;
    };
  } else {
    const decode = await zxingDecode();
    const canvas = document.createElement('canvas');
    const ctx = canvas.getContext('2d', { willReadFrequently: true });
    decodeFrame = async () => {
      const w = video.videoWidth;
      const h = video.videoHeight;
      if (!ctx || !w || !h) return null;
      // Decode at most ~960 px wide: plenty for a phone screen held at the counter, and fast.
      const scale = Math.min(1, 960 / w);
      canvas.width = Math.round(w * scale);
      canvas.height = Math.round(h * scale);
      ctx.drawImage(video, 0, 0, canvas.width, canvas.height);
      return decode(ctx.getImageData(0, 0, canvas.width, canvas.height));
    };
  }

  let last = '';
  let lastAt = 0;
  const loop = async () => {
    while (!stopped) {
      try {
        const text = video.readyState >= 2 ? await decodeFrame() : null;
        const now = Date.now();
        if (text && !stopped && (text !== last || now - lastAt > 3000)) {
          last = text;
          lastAt = now;
          onCode(text);
        }
      } catch {
        /* a frame that fails to decode: try the next one */
      }
      await new Promise((r) => setTimeout(r, 200));
    }
  };
  void loop();
  return { engine, stop };
}
