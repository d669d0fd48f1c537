import { useLayoutEffect, useRef, type CSSProperties } from 'react';
import { adoptBootQr, drawQrCanvas } from './qr-canvas';

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
 * A QR code for a till's scanner (./qr-canvas.ts draws it). Drawn with qrcode-generator, the encoder qr-code-styling
 * is built on, for the member card and the reward codes alike: square modules need none of the styling engine,
 * and the member card, which must paint from a cold offline start, stays about 12 KB (gzip) lighter without it.
 */
export function QrCode({ value, size, label, testId, style }: QrCodeProps) {
  const host = useRef<HTMLDivElement>(null);
  // A layout effect: the boot module's card (same code, same size) leaves in the same frame as this canvas arrives.
  useLayoutEffect(() => {
    const el = host.current;
    if (!el) return;
    el.replaceChildren(adoptBootQr(value, size) ?? drawQrCanvas(value, size));
    return () => el.replaceChildren();
  }, [value, size]);
  return <div ref={host} role="img" aria-label={label} data-testid={testId} data-size={size} style={{ width: size, height: size, background: '#fff', ...style }} />;
}
