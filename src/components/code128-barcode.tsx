import { useEffect, useRef } from 'react';

export interface Code128BarcodeProps {
  value: string;
  /** What a screen reader says (the code in words). */
  label: string;
  /** Bar height in CSS pixels. */
  height?: number;
  /** Widest the barcode may be drawn, in CSS pixels. */
  maxWidth?: number;
  testId?: string;
}

/**
 * CODE128 for a till scanner (member codes, reward order names): whole device pixels per module so bars stay
 * crisp, at least 2 CSS px per module where it fits, and a white quiet zone of 10 modules on each side.
 * Only the code128 encoder of bwip-js is imported (the full build is 254 KB gz), and only once a barcode is shown:
 * at 48 KB gz it is two thirds of the member card's script, whose QR tab opens first (precached, so offline too).
 * The canvas stays hidden until the bars are drawn.
 */
export function Code128Barcode({ value, label, height = 96, maxWidth = 340, testId }: Code128BarcodeProps) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const el = canvas.current;
    if (!el) return;
    let current = true;
    void import('bwip-js/browser').then(({ code128 }) => {
      if (!current) return;
      try {
        const dpr = Math.max(1, Math.round(window.devicePixelRatio || 1));
        // Measure at one pixel per module, then pick the largest whole scale that fits.
        code128(el, { bcid: 'code128', text: value, scale: 1, height: 10, paddingwidth: 10, paddingheight: 0, backgroundcolor: 'FFFFFF' });
        const cssPerModule = Math.max(1, Math.min(3, Math.floor(maxWidth / el.width)));
        code128(el, {
          bcid: 'code128',
          text: value,
          scaleX: cssPerModule * dpr,
          scaleY: 1,
          // bwip-js measures height in millimetres at 72 dpi ≈ 2.835 px/mm, before scaleY.
          height: (height * dpr) / 2.835,
          paddingwidth: 10,
          paddingheight: 8 * dpr,
          backgroundcolor: 'FFFFFF',
        });
        el.style.width = `${el.width / dpr}px`;
        el.style.height = `${el.height / dpr}px`;
        el.style.display = 'block';
        el.style.visibility = 'visible';
      } catch {
        el.style.display = 'none'; // a value CODE128 cannot carry: nothing to scan
      }
    });
    return () => {
      current = false;
    };
  }, [value, height, maxWidth]);
  return (
    <canvas
      ref={canvas}
      role="img"
      aria-label={label}
      data-testid={testId}
      style={{ display: 'block', visibility: 'hidden', background: '#fff', imageRendering: 'pixelated', maxWidth: '100%' }}
    />
  );
}
