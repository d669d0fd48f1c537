import { useLayoutEffect, useRef, type CSSProperties } from 'react';
import { dropBootCard } from './boot-card';
import { adoptBootQr, drawQrCanvas, type QrLook } from './qr-canvas';

export interface QrCodeProps {
  value: string;
  /** Drawn size in CSS pixels, quiet zone included. */
  size: number;
  /** What a screen reader says (the code in words). */
  label: string;
  /** The member card's branded code or a plain one (./qr-canvas.ts). */
  look?: QrLook;
  testId?: string;
  /** Extra style of the box (e.g. a transition when the size changes). */
  style?: CSSProperties;
}

/** A QR code for a till's scanner, drawn with qr-code-styling (./qr-canvas.ts). */
export function QrCode({ value, size, label, look = 'plain', testId, style }: QrCodeProps) {
  const host = useRef<HTMLDivElement>(null);
  // A layout effect: the boot module's card (same code, same size) leaves in the same frame as React takes its canvas.
  useLayoutEffect(() => {
    const el = host.current;
    if (!el) return;
    const adopted = adoptBootQr(value, size);
    if (adopted) {
      el.replaceChildren(adopted);
      el.style.visibility = 'visible';
      return;
    }
    // The drawing takes a frame or two: the code shown until then (the last one, or the boot card's) stays, and the
    // box is hidden until it has its first code.
    let current = true;
    void drawQrCanvas(value, size, look).then((canvas) => {
      if (!current) return;
      el.replaceChildren(canvas);
      el.style.visibility = 'visible';
      dropBootCard();
    });
    return () => {
      current = false;
    };
  }, [value, size, look]);
  return <div ref={host} role="img" aria-label={label} data-testid={testId} data-size={size} style={{ width: size, height: size, background: '#fff', visibility: 'hidden', ...style }} />;
}
