import { code128 } from 'bwip-js/browser';
import { useEffect, useRef } from 'react';

/** CODE128 of the order name: whole device pixels per module and a white quiet zone of 10 modules each side. */
export function OrderBarcode({ value, label, height = 90, maxWidth = 340 }: { value: string; label: string; height?: number; maxWidth?: number }) {
  const canvas = useRef<HTMLCanvasElement>(null);
  useEffect(() => {
    const el = canvas.current;
    if (!el) return;
    try {
      const dpr = Math.max(1, Math.round(window.devicePixelRatio || 1));
      code128(el, { bcid: 'code128', text: value, scale: 1, height: 10, paddingwidth: 10, paddingheight: 0, backgroundcolor: 'FFFFFF' });
      const modules = el.width;
      const cssPerModule = Math.max(1, Math.min(3, Math.floor(maxWidth / modules)));
      code128(el, {
        bcid: 'code128',
        text: value,
        scaleX: cssPerModule * dpr,
        scaleY: 1,
        height: (height * dpr) / 2.835,
        paddingwidth: 10,
        paddingheight: 8 * dpr,
        backgroundcolor: 'FFFFFF',
      });
      el.style.width = `${el.width / dpr}px`;
      el.style.height = `${el.height / dpr}px`;
      el.style.display = 'block';
    } catch {
      el.style.display = 'none';
    }
  }, [value, height, maxWidth]);
  return (
    <canvas
      ref={canvas}
      role="img"
      aria-label={label}
      data-testid="order-barcode"
      style={{ display: 'block', background: '#fff', imageRendering: 'pixelated', maxWidth: '100%' }}
    />
  );
}
