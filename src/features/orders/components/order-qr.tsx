import QRCodeStyling from 'qr-code-styling';
import { useEffect, useRef } from 'react';

/** Byte-mode capacity at error correction M, versions 1-10 (ISO/IEC 18004 table 7). */
const CAPACITY_M = [14, 26, 42, 62, 84, 106, 122, 152, 180, 213];

export function qrModules(data: string): number {
  const bytes = new TextEncoder().encode(data).length;
  const version = CAPACITY_M.findIndex((c) => bytes <= c) + 1 || 10;
  return 17 + 4 * version;
}

/** Whole-pixel modules and a white quiet zone of at least 4 modules on every side, within `size`. */
export function qrLayout(data: string, size: number) {
  const modules = qrModules(data);
  const cell = Math.max(1, Math.floor(size / (modules + 8)));
  const margin = Math.floor((size - cell * modules) / 2);
  return { modules, cell, margin };
}

/** The order name as a QR code: error correction M, black square modules on white. */
export function OrderQr({ value, size, label }: { value: string; size: number; label: string }) {
  const host = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const el = host.current;
    if (!el) return;
    const { margin } = qrLayout(value, size);
    const qr = new QRCodeStyling({
      type: 'canvas',
      width: size,
      height: size,
      margin,
      data: value,
      qrOptions: { errorCorrectionLevel: 'M', mode: 'Byte' },
      dotsOptions: { type: 'square', color: '#000000' },
      cornersSquareOptions: { type: 'square', color: '#000000' },
      cornersDotOptions: { type: 'square', color: '#000000' },
      backgroundOptions: { color: '#ffffff' },
    });
    el.replaceChildren();
    qr.append(el);
    const canvas = el.querySelector('canvas');
    if (canvas) {
      canvas.style.width = `${size}px`;
      canvas.style.height = `${size}px`;
      canvas.style.imageRendering = 'pixelated';
    }
    return () => el.replaceChildren();
  }, [value, size]);
  return (
    <div
      ref={host}
      role="img"
      aria-label={label}
      data-testid="order-qr"
      data-size={size}
      style={{ width: size, height: size, background: '#fff', transition: 'width 150ms, height 150ms' }}
    />
  );
}
