import qrcode from 'qrcode-generator';
import { useEffect, useRef, type CSSProperties } from 'react';

export interface QrCodeProps {
  value: string;
  /** Drawn size in CSS pixels, quiet zone included. */
  size: number;
  /** What a screen reader says (the code in words). */
  label: string;
  testId?: string;
  /** Extra style of the box (e.g. a transition when the size changes). */
  style?: CSSProperties;
}

/**
 * A QR code for a till's scanner: error correction M, black square modules on white, whole pixels per module and
 * a white quiet zone of at least 4 modules on every side. Drawn with qrcode-generator, the encoder qr-code-styling
 * is built on, for the member card and the reward codes alike: square modules need none of the styling engine,
 * and the member card, which must paint from a cold offline start, stays about 12 KB (gzip) lighter without it.
 */
export function QrCode({ value, size, label, testId, style }: QrCodeProps) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const qr = qrcode(0, 'M');
    // Byte mode takes one character per byte: the UTF-8 bytes of the value, so any text is encoded exactly.
    qr.addData(String.fromCharCode(...new TextEncoder().encode(value)), 'Byte');
    qr.make();
    const modules = qr.getModuleCount();
    const cell = Math.max(1, Math.floor(size / (modules + 8)));
    const margin = Math.floor((size - cell * modules) / 2);
    const canvas = document.createElement('canvas');
    canvas.width = size;
    canvas.height = size;
    const ctx = canvas.getContext('2d');
    if (ctx) {
      ctx.fillStyle = '#ffffff';
      ctx.fillRect(0, 0, size, size);
      ctx.fillStyle = '#000000';
      for (let row = 0; row < modules; row++) {
        for (let col = 0; col < modules; col++) {
          if (qr.isDark(row, col)) ctx.fillRect(margin + col * cell, margin + row * cell, cell, cell);
        }
      }
    }
    canvas.style.width = `${size}px`;
    canvas.style.height = `${size}px`;
    canvas.style.imageRendering = 'pixelated';
    el.replaceChildren(canvas);
    return () => el.replaceChildren();
  }, [value, size]);
  return <div ref={host} role="img" aria-label={label} data-testid={testId} data-size={size} style={{ width: size, height: size, background: '#fff', ...style }} />;
}
